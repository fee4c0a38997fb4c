import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeFindings } from './axe';
import {
  apiOf,
  launchBrowser,
  screenshot,
  signInWithCode,
  startServer,
  tokenOf,
  watchConsole,
  type ServerProcess,
} from './harness';

/**
 * The credit meter in a real browser against a real server (10 free credits a day, the built-in
 * engine slowed so a task can be cancelled): a submit takes 2 off the meter, a cancel's refund
 * puts them back, the command menu names the cost, one click opens 订阅, and the meter warns
 * when two imagines no longer fit. Screenshots: credits-<theme>-<width>-<level>.
 */
let server: ServerProcess;
let browser: Browser;

const SIZES = { 1440: { width: 1440, height: 900 }, 390: { width: 390, height: 844 } } as const;

beforeAll(async () => {
  server = await startServer({ BUILTIN_ENGINE_STEP_MS: '600' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const api = apiOf(() => server.origin);

const tasksOf = async (token: string, channelId: string) =>
  (
    await api<{ tasks: { id: string; status: string; createTime?: number }[] }>(
      token,
      'GET',
      `/api/draw/chat/${channelId}`,
    )
  ).tasks;

/** The meter's number, whichever of the two is on screen. */
const meterBalance = (page: Page, testId = 'credit-meter') =>
  page.getByTestId(testId).getByTestId('credit-balance').textContent();

async function send(page: Page, text: string) {
  const input = page.getByTestId('composer-input');
  await input.fill(text);
  await input.press('Enter');
}

describe('the credit meter', () => {
  let token = '';
  let channelId = '';

  it('goes down after a submit, comes back after a cancel’s refund, and opens 订阅', async () => {
    const context = await browser.newContext({
      baseURL: server.origin,
      viewport: SIZES[1440],
      colorScheme: 'dark',
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/login');
    await signInWithCode(page);
    token = await tokenOf(page);
    channelId = (
      await api<{ id: string }>(token, 'POST', '/api/draw/channel', { title: 'credits', isBan: false })
    ).id;
    await page.goto(`/draw/${channelId}`);
    await page.getByTestId('composer-input').waitFor();

    // In view without opening anything: today's 10 free credits.
    const meter = page.getByTestId('credit-meter');
    await expect.poll(() => meterBalance(page)).toBe('10');
    expect(await meter.getAttribute('data-level')).toBe('ok');
    expect(await meter.textContent()).toContain('含今日免费 10');

    // The command menu names what /imagine costs.
    await page.getByTestId('composer-input').fill('/');
    expect(await page.getByTestId('command-cost-imagine').textContent()).toBe('· 2 积分');
    await page.getByTestId('composer-input').fill('');

    await send(page, '/imagine a slow sunrise over the sea');
    await expect.poll(() => meterBalance(page), { timeout: 20_000 }).toBe('8');

    // Cancelled while it runs: refunded, and the meter says so without a reload.
    await expect.poll(async () => (await tasksOf(token, channelId)).length, { timeout: 20_000 }).toBe(1);
    const running = (await tasksOf(token, channelId))[0]!.id;
    await page.getByTestId(`task-cancel-${running}`).click({ force: true });
    await page.getByRole('alertdialog').getByRole('button', { name: '取消任务' }).click();
    await expect.poll(() => meterBalance(page), { timeout: 20_000 }).toBe('10');

    // One click from the meter to 订阅, showing the same balance.
    await meter.click();
    await expect.poll(() => page.getByTestId('subscribe-balance').textContent()).toBe('10');
    await page.keyboard.press('Escape');
    await page.getByTestId('subscribe-dialog').waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  /** Every size and theme of the draw screen, signed in as the same person. */
  async function shots(level: string, expected: string) {
    for (const size of [1440, 390] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const context = await browser.newContext({
          baseURL: server.origin,
          viewport: SIZES[size],
          colorScheme: theme,
          locale: 'zh-CN',
        });
        await context.addInitScript(
          ([t, th]) => {
            localStorage.setItem(
              'SECRET_TOKEN',
              JSON.stringify({ data: t, expire: Date.now() + 86_400_000 }),
            );
            localStorage.setItem(
              'appSetting',
              JSON.stringify({ data: { siderCollapsed: false, theme: th, language: 'zh-CN' }, expire: null }),
            );
          },
          [token, theme] as const,
        );
        const page = await context.newPage();
        await page.goto(`/draw/${channelId}`);
        await page.getByTestId('composer-input').waitFor();
        // On a phone the sidebar is closed: the channel bar carries the meter.
        const testId = size === 390 ? 'credit-meter-header' : 'credit-meter';
        await expect
          .poll(() => page.getByTestId(testId).getAttribute('data-level'), { timeout: 20_000 })
          .toBe(expected);
        // The feed settled (no placeholders, every picture drawn) so the picture is of the screen in use.
        const cards = (await tasksOf(token, channelId)).length;
        await page.waitForFunction(
          (n) =>
            document.querySelectorAll('[data-testid^="task-card-"]').length >= n &&
            !document.querySelector('[data-slot="skeleton"]') &&
            [...document.images].every((img) => img.complete && img.naturalWidth > 0),
          cards,
          { timeout: 20_000 },
        );
        await page.waitForTimeout(700); // the pictures' fade-in
        await screenshot(page, `credits-${theme}-${size}-${level}`);
        // Each level keeps AA contrast and a name that contains what it shows, in both themes.
        const meterFindings = (await axeFindings(page)).filter((f) =>
          f.nodes.some((node) => node.includes('credit')),
        );
        expect(meterFindings).toEqual([]);
        if (size === 390 && theme === 'light') {
          await page.getByTestId(testId).click();
          await page.getByTestId('subscribe-balance').waitFor();
        }
        await context.close();
      }
    }
  }

  async function spend(count: number) {
    for (let i = 0; i < count; i += 1)
      await api(token, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt: `a paper boat ${i}` });
    await expect
      .poll(
        async () =>
          (await tasksOf(token, channelId)).every((task) =>
            ['SUCCESS', 'FAILURE', 'CANCEL'].includes(task.status),
          ),
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);
  }

  it('warns when two imagines no longer fit, and says when nothing is left (light and dark, desktop and phone)', async () => {
    await shots('normal', 'ok');
    await spend(4); // 10 → 2
    await shots('low', 'low');
    await spend(1); // 2 → 0
    await shots('empty', 'empty');
  }, 240_000);
});
