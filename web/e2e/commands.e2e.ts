import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  launchBrowser,
  newUserContext,
  screenshot,
  signInWithCode,
  startServer,
  tokenOf,
  watchConsole,
  type ServerProcess,
} from './harness';

/**
 * The bot's other commands in a real browser on the built-in engine, as a user would try them:
 * /describe a picture and imagine one of its prompts, /shorten, /blend two pictures, and cancel a
 * running task (its credits come back).
 */

const LIVE_TIMEOUT = 30_000;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SAMPLE_PNG = path.join(root, 'web/public/discord256.png');

let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];
let token = '';
let channelId = '';

async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.origin}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; message: string };
  if (!envelope.success) throw new Error(`${method} ${url}: ${envelope.message}`);
  return envelope.data;
}

const balance = async () =>
  (await api<{ credits: number }>('GET', `/api/draw/info/${channelId}?botType=MID_JOURNEY`)).credits;

/** The id of the newest task card once there are `count` of them. */
async function newestTaskId(count: number): Promise<string> {
  const cards = page.locator('[data-testid^="task-card-"]:not([data-testid^="task-card-loading-"])');
  await expect.poll(() => cards.count(), { timeout: LIVE_TIMEOUT }).toBeGreaterThanOrEqual(count);
  return ((await cards.last().getAttribute('data-testid')) ?? '').replace('task-card-', '');
}

const card = (taskId: string) => page.getByTestId(`task-card-${taskId}`);

async function finishes(taskId: string, status = 'SUCCESS'): Promise<void> {
  await expect.poll(() => card(taskId).getAttribute('data-status'), { timeout: LIVE_TIMEOUT }).toBe(status);
}

async function send(text: string): Promise<void> {
  const input = page.getByTestId('composer-input');
  await input.fill(text);
  await input.press('Enter');
}

beforeAll(async () => {
  server = await startServer({ BUILTIN_ENGINE_STEP_MS: '700' });
  browser = await launchBrowser();
  context = await newUserContext(browser, server.origin, { viewport: 'desktop', colorScheme: 'dark' });
  page = await context.newPage();
  problems = watchConsole(page);
  await page.goto('/login');
  await signInWithCode(page);
  token = await tokenOf(page);
  channelId = (await api<{ id: string }>('POST', '/api/draw/channel', { title: 'studio', isBan: false })).id;
  await page.goto(`/draw/${channelId}`);
  await page.getByTestId('composer').waitFor();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe("the bot's other commands", () => {
  it('describes an attached picture as four numbered prompts, and imagines the second one', async () => {
    await page.getByTestId('composer-file-input').setInputFiles(SAMPLE_PNG);
    await page.getByTestId('composer-attachment-0').waitFor();
    await send('/describe');
    const described = await newestTaskId(1);
    await finishes(described);
    const prompts = card(described).locator('ol > li');
    expect(await prompts.count()).toBe(4);
    const second = (await prompts.nth(1).locator('span').last().innerText()).trim();
    expect(second.length).toBeGreaterThan(10);
    // Measured from the picture: the blurple avatar's blue and its square shape.
    const said = (await card(described).innerText()).toLowerCase();
    expect(said).toMatch(/blue|cobalt|purple|violet|indigo/);
    expect(said).toContain('--ar 1:1');
    await screenshot(page, 'commands-describe-desktop-dark');

    // Suggestion 2 opens the prompt editor with that prompt; sending it draws a grid.
    await card(described).getByTestId('task-button-2').click();
    const editor = page.getByTestId('editor-prompt');
    await editor.waitFor({ timeout: LIVE_TIMEOUT });
    expect(await editor.getByTestId('remix-prompt').inputValue()).toContain(second.slice(0, 20));
    await editor.getByTestId('remix-submit').click();
    await editor.waitFor({ state: 'hidden' });
    const imagined = await newestTaskId(2);
    expect(imagined).not.toBe(described);
    await finishes(imagined);
    await card(imagined).getByTestId('task-button-U1').waitFor();
  }, 90_000);

  it('shortens a prompt into shorter ones, each ready to imagine', async () => {
    await send(
      '/shorten a very very beautiful and extremely detailed painting of a lighthouse on the cliffs at sunset, please',
    );
    const shortened = await newestTaskId(3);
    await finishes(shortened);
    const prompts = (await card(shortened).locator('ol > li > span:last-child').allInnerTexts()).map((p) =>
      p.toLowerCase(),
    );
    expect(prompts.length).toBeGreaterThanOrEqual(3);
    // Longest first, every one keeps the subject, and the filler is gone by the shorter ones.
    for (const prompt of prompts) expect(prompt).toContain('lighthouse');
    for (let i = 1; i < prompts.length; i++) expect(prompts[i]!.length).toBeLessThan(prompts[i - 1]!.length);
    expect(prompts.at(-1)).not.toMatch(/please|very|extremely/);
  }, 60_000);

  it('blends two pictures picked in the blend dialog', async () => {
    await send('/blend');
    const dialog = page.getByTestId('blend-dialog');
    await dialog.waitFor();
    await page.getByTestId('blend-file-input').setInputFiles([SAMPLE_PNG, SAMPLE_PNG]);
    await page.getByTestId('blend-image-1').waitFor();
    await page.getByTestId('blend-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const blended = await newestTaskId(4);
    await finishes(blended);
    const image = page.getByTestId(`task-image-${blended}`);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: LIVE_TIMEOUT,
      })
      .toBe(true);
  }, 60_000);

  it('cancels a running task after confirming, and gives its credits back', async () => {
    const before = await balance();
    await send('/imagine a slow sunrise over the sea');
    const running = await newestTaskId(5);
    await expect.poll(async () => balance()).toBeLessThan(before);
    // The card grows as previews arrive, so the button moves while the task runs: no stability wait.
    await card(running).getByTestId(`task-cancel-${running}`).click({ force: true });
    await page.getByRole('alertdialog').getByRole('button', { name: '取消任务' }).click();
    await finishes(running, 'CANCEL');
    await card(running).getByText('已取消').waitFor();
    await expect.poll(async () => balance()).toBe(before);
    expect(await card(running).getByTestId(`task-cancel-${running}`).count()).toBe(0);
  }, 60_000);

  it('sends a picture picked for /describe at once, every time: one file, nothing left in the tray', async () => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), send('/describe')]);
    // The command was given: the picker takes one picture and that picture is described.
    expect(chooser.isMultiple()).toBe(false);
    await chooser.setFiles(SAMPLE_PNG);
    const described = await newestTaskId(6);
    await finishes(described);
    expect(await card(described).locator('ol > li').count()).toBe(4);
    expect(await page.getByTestId('composer-attachment-0').count()).toBe(0);
    expect(await page.getByTestId('composer-input').inputValue()).toBe('');
    expect(problems).toEqual([]);
  }, 60_000);

  it('refuses a parameter out of range as Midjourney does, privately, before anything is stored or charged', async () => {
    const before = await balance();
    const cards = page.locator('[data-testid^="task-card-"]:not([data-testid^="task-card-loading-"])');
    const shown = await cards.count();
    await send('/imagine a cat --s 5000');
    const refusal = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: '无效参数：--s 需为 0 到 1000 之间的整数' })
      .first();
    await refusal.waitFor({ timeout: LIVE_TIMEOUT });
    expect(await balance()).toBe(before);
    expect(await cards.count()).toBe(shown);
    await screenshot(page, 'commands-invalid-parameter-desktop-dark');
  }, 60_000);
});
