import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Task } from '@draw/shared';
import { axeFindings } from './axe';
import { Viewports, freshPhone } from './harness';
import { LIVE_TIMEOUT, card, peopleOnTheirOwnServer, type Person } from './people';

/**
 * The image view and a shared result (#34 items 4 and 5): B opens A's image in the viewer, steps
 * with ←/→, presses U1 there and copies the prompt; A shares a result, the link opens signed out
 * showing the image, the prompt and A's name, and stops working once A revokes it.
 */
const people = peopleOnTheirOwnServer();
const SHOTS = '/tmp/shots-share';
const DESKTOP = Viewports.desktop;
const PHONE = Viewports.mobile;

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function channelOf(owner: Person, ...others: Person[]): Promise<string> {
  const { id } = await people.api<{ id: string }>(owner, 'POST', '/api/draw/channel', {
    title: 'studio',
    isBan: false,
  });
  const { inviteCode } = await people.api<{ inviteCode: string }>(
    owner,
    'POST',
    `/api/draw/invite-code/${id}`,
    {},
  );
  for (const other of others) await people.api(other, 'POST', `/api/draw/join-channel/${inviteCode}`);
  return id;
}

async function draw(person: Person, channelId: string, prompt: string): Promise<string> {
  const { taskId } = await people.api<{ taskId: string }>(
    person,
    'POST',
    `/api/mj/submit/imagine/${channelId}`,
    {
      prompt,
    },
  );
  await expect
    .poll(async () => (await people.api<Task>(person, 'GET', `/api/mj/task/${taskId}/fetch`)).status, {
      timeout: LIVE_TIMEOUT,
    })
    .toBe('SUCCESS');
  return taskId;
}

const promptIn = (viewer: Locator) => viewer.getByTestId('viewer-prompt').textContent();

describe('the image view and sharing a result', () => {
  it('B steps through A’s images, presses U1 and copies a prompt in the viewer; A’s shared link opens signed out until revoked', async () => {
    const a = await people.signIn('A', freshPhone(), { viewport: DESKTOP, theme: 'dark' });
    const b = await people.signIn('B', freshPhone(), { viewport: DESKTOP, theme: 'light' });
    await people.api(a, 'PUT', '/api/home/info', { name: 'Ada Painter' });
    const channelId = await channelOf(a, b);
    await draw(a, channelId, 'first lighthouse on a cliff');
    const second = await draw(a, channelId, 'second harbour at dawn');
    const third = await draw(a, channelId, 'third comet over hills');

    // ---- B in the viewer ----
    await people.openChannel(b, channelId);
    await card(b.page, third).getByTestId(`task-image-${third}`).waitFor();
    await card(b.page, second).getByTestId(`task-image-${second}`).click();
    const viewer = b.page.getByTestId('viewer');
    await viewer.waitFor();
    expect(await promptIn(viewer)).toBe('second harbour at dawn');
    expect(await viewer.getByTestId('viewer-author').textContent()).toBe('Ada Painter');
    expect(await viewer.getByTestId('viewer-position').textContent()).toBe('第 2 张，共 3 张');

    await b.page.keyboard.press('ArrowLeft');
    await expect.poll(() => promptIn(viewer)).toBe('first lighthouse on a cliff');
    await b.page.keyboard.press('ArrowLeft');
    await expect
      .poll(() => viewer.getByTestId('viewer-edge-note').textContent())
      .toBe('已经是最早的一张图片');
    await b.page.keyboard.press('ArrowRight');
    await b.page.keyboard.press('ArrowRight');
    await expect.poll(() => promptIn(viewer)).toBe('third comet over hills');
    await b.page.keyboard.press('ArrowLeft');
    await expect.poll(() => promptIn(viewer)).toBe('second harbour at dawn');
    expect(await axeFindings(b.page)).toEqual([]);
    await shot(b.page, 'viewer-desktop-light');

    // U1 from the viewer makes the upscale, as the card's button does.
    await viewer.getByTestId('viewer-buttons').getByTestId('task-button-U1').click();
    await expect
      .poll(() => b.page.locator('[data-testid^="task-card-"]').count(), { timeout: LIVE_TIMEOUT })
      .toBe(4);
    // Copy the prompt as typed.
    await viewer.getByTestId('viewer-copy-prompt').click();
    await expect
      .poll(() => b.page.evaluate(() => navigator.clipboard.readText()))
      .toBe('second harbour at dawn');

    // A phone: the details are a bottom sheet under the image, and can be put away.
    await b.page.setViewportSize(PHONE);
    expect(await axeFindings(b.page)).toEqual([]);
    await shot(b.page, 'viewer-phone-light-details');
    await viewer.getByTestId('viewer-details-toggle').click();
    await viewer.getByTestId('viewer-panel').waitFor({ state: 'hidden' });
    await shot(b.page, 'viewer-phone-light');
    await b.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // ---- A shares the second image ----
    await people.openChannel(a, channelId);
    await card(a.page, second).getByTestId(`task-image-${second}`).click();
    const aViewer = a.page.getByTestId('viewer');
    await aViewer.getByTestId('viewer-panel').waitFor();
    await shot(a.page, 'viewer-desktop-dark');
    await a.page.setViewportSize(PHONE);
    await shot(a.page, 'viewer-phone-dark-details');
    await a.page.setViewportSize(DESKTOP);
    await a.page.keyboard.press('Escape');
    await aViewer.waitFor({ state: 'detached' });

    await a.page.getByTestId(`task-menu-${second}`).click();
    await a.page.getByTestId(`task-share-${second}`).click();
    const dialog = a.page.getByTestId('share-dialog');
    const field = dialog.getByTestId(`share-url-${second}`);
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(new RegExp(`^${people.server().origin}/s/[A-Za-z0-9_-]{24}$`));
    await expect.poll(() => a.page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // ---- the link, signed out ----
    const stranger = await people
      .browser()
      .newContext({ viewport: DESKTOP, colorScheme: 'light', locale: 'en-US' });
    const page = await stranger.newPage();
    const opened = await page.goto(url);
    expect(opened?.status()).toBe(200);
    const image = page.locator('main img');
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const text = await page.locator('main').innerText();
    expect(text).toContain('second harbour at dawn');
    expect(text).toContain('Ada Painter');
    expect(text).not.toContain('studio');
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(`${url}/image`);
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, 'public-desktop-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeFindings(page)).toEqual([]);
    await shot(page, 'public-desktop-dark');
    await page.setViewportSize(PHONE);
    await shot(page, 'public-phone-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await shot(page, 'public-phone-light');

    // ---- A stops sharing: the page and its image are gone at once ----
    await dialog.getByTestId(`share-stop-${second}`).click();
    await dialog.getByTestId(`share-create-${second}`).waitFor();
    expect((await page.reload())?.status()).toBe(404);
    expect((await fetch(`${url}/image`)).status).toBe(404);
    await stranger.close();

    for (const person of [a, b]) expect(people.consoles.get(person.page) ?? []).toEqual([]);
  });
});
