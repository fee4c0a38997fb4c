import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  apiOf,
  launchBrowser,
  newUserContext,
  screenshot,
  signInWithCode,
  startServer,
  tokenOf,
  watchConsole,
  type ContextOptions,
  type ServerProcess,
} from './harness';

/**
 * Plans, payments, credits and redeem codes in a real browser against a real server (sandbox
 * payments, no free daily credits): refused for lack of credits → 订阅 → pay on the sandbox page
 * in another tab → paid, balance grows → draw; redeem a code minted with the ops CLI once.
 */
let server: ServerProcess;
let browser: Browser;
let code: string;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** `npm run ops -- codes mint …` on the data folder, as an operator would (JSON output). */
async function mintWithOpsCli(
  dataDir: string,
  ...args: string[]
): Promise<{ batchId: string; codes: string[] }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/ops/main.ts', 'codes', 'mint', ...args, '--json'],
    {
      cwd: root,
      env: { ...process.env, MONGODB_URI: '', NODE_ENV: 'test', DATA_DIR: dataDir },
    },
  );
  return JSON.parse(stdout) as { batchId: string; codes: string[] };
}

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-e2e-billing-'));
  // Minted before the server starts: writing the embedded store is refused while a server holds it.
  code = (await mintWithOpsCli(dataDir, '--credits', '20', '--note', 'e2e')).codes[0]!;
  server = await startServer({ FREE_DAILY_CREDITS: '0', BUILTIN_ENGINE_STEP_MS: '50' }, dataDir);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const api = apiOf(() => server.origin);

const balanceOf = async (token: string) =>
  (await api<{ balance: number }>(token, 'GET', '/api/home/credits')).balance;

/** Types a command into the composer and sends it, as a user would. */
async function send(page: Page, text: string) {
  const input = page.getByTestId('composer-input');
  await input.fill(text);
  await input.press('Enter');
}

/** Waits until the QR code image has really loaded (a PNG from /api/home/qrcode). */
async function qrLoaded(page: Page) {
  const qr = page.getByTestId('payment-qr');
  await qr.waitFor();
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(100);
}

async function openSubscribe(page: Page) {
  await page.getByTestId('footer-subscribe').click();
  await page.getByTestId('subscribe-balance').waitFor();
}

/** A signed-in context in the given look, sharing the token of an existing user. */
async function contextFor(
  token: string,
  options: ContextOptions & { theme: 'light' | 'dark' },
): Promise<BrowserContext> {
  const context = await newUserContext(browser, server.origin, { ...options, colorScheme: options.theme });
  await context.addInitScript(
    ([t, theme]) => {
      localStorage.setItem('SECRET_TOKEN', JSON.stringify({ data: t, expire: Date.now() + 86_400_000 }));
      localStorage.setItem(
        'appSetting',
        JSON.stringify({ data: { siderCollapsed: false, theme, language: 'zh-CN' }, expire: null }),
      );
    },
    [token, options.theme] as const,
  );
  return context;
}

describe('plans, payments, credits and redeem codes', () => {
  let token = '';
  let channelId = '';

  it('refuses a task without credits, offers 订阅, takes a sandbox payment from another tab, and then draws', async () => {
    const context = await newUserContext(browser, server.origin);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/login');
    await signInWithCode(page);
    token = await tokenOf(page);
    channelId = (
      await api<{ id: string }>(token, 'POST', '/api/draw/channel', { title: 'billing', isBan: false })
    ).id;
    await page.goto(`/draw/${channelId}`);
    await page.getByTestId('composer-input').waitFor();

    // No credits: the composer's submit is refused, and the toast offers the way to 订阅.
    await send(page, '/imagine a lighthouse in the fog');
    await page.getByText('积分不足', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: '去订阅' }).click();
    await page.getByTestId('subscribe-balance').waitFor();
    expect(await page.getByTestId('subscribe-balance').textContent()).toBe('0');
    expect(await page.getByTestId('subscribe-plan').textContent()).toBe('免费版');
    await screenshot(page, 'subscribe-dark-desktop');

    // Buy the basic monthly plan: a QR code of the sandbox page, paid there in another tab.
    await page.getByTestId('product-buy-month-basic').click();
    await qrLoaded(page);
    expect(await page.getByTestId('payment-panel').getAttribute('data-status')).toBe('unpaid');
    await screenshot(page, 'subscribe-payment-dark-desktop');

    const [payTab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('payment-sandbox-link').click(),
    ]);
    await payTab.waitForLoadState();
    expect(await payTab.getByTestId('sandbox-amount').textContent()).toBe('¥29.00');
    await screenshot(payTab, 'sandbox-pay-page');
    await payTab.getByTestId('sandbox-confirm').click();
    await expect.poll(() => payTab.getByTestId('sandbox-status').textContent()).toContain('支付成功');
    await payTab.close();

    // The dialog sees it within a poll or two: paid, the plan, the balance.
    await expect
      .poll(() => page.getByTestId('payment-panel').getAttribute('data-status'), { timeout: 10_000 })
      .toBe('paid');
    await expect.poll(() => page.getByTestId('subscribe-balance').textContent()).toBe('400');
    expect(await page.getByTestId('subscribe-plan').textContent()).toBe('基础版');
    // The credit meter behind the dialog reads the same account: no reload needed.
    expect(await page.getByTestId('credit-meter').getByTestId('credit-balance').textContent()).toBe('400');
    await screenshot(page, 'subscribe-paid-dark-desktop');
    expect(await balanceOf(token)).toBe(400);
    await page.getByTestId('payment-done').click();
    expect(
      await page
        .getByTestId('order-row-' + (await api<{ id: string }[]>(token, 'GET', '/api/home/orders'))[0]!.id)
        .getAttribute('data-status'),
    ).toBe('paid');
    await page.keyboard.press('Escape');

    // Now the same command draws: 2 credits are spent and the task appears in the channel.
    await send(page, '/imagine a lighthouse in the fog');
    await expect.poll(() => balanceOf(token)).toBe(398);
    await expect
      .poll(
        async () =>
          (await api<{ tasks: { status: string }[] }>(token, 'GET', `/api/draw/chat/${channelId}`)).tasks
            .length,
      )
      .toBe(1);
    expect(problems.filter((p) => !/402|Payment Required/.test(p))).toEqual([]);
    await context.close();
  });

  it('redeems a code minted with the ops CLI once; a second time is refused', async () => {
    const context = await contextFor(token, { theme: 'dark' });
    const page = await context.newPage();
    await page.goto(`/draw/${channelId}`);
    await openSubscribe(page);
    const before = Number(await page.getByTestId('subscribe-balance').textContent());

    await page.getByTestId('redeem-input').fill(code.toLowerCase());
    await page.getByTestId('redeem-submit').click();
    await page.getByText('兑换成功，已到账 20 积分').waitFor();
    await expect.poll(() => page.getByTestId('subscribe-balance').textContent()).toBe(String(before + 20));
    expect(await page.getByTestId('credit-meter').getByTestId('credit-balance').textContent()).toBe(
      String(before + 20),
    );
    expect(await page.getByTestId('redeem-input').inputValue()).toBe('');

    await page.getByTestId('redeem-input').fill(code);
    await page.getByTestId('redeem-submit').click();
    await page.getByText('你已经使用过这个兑换码').waitFor();
    expect(await page.getByTestId('subscribe-balance').textContent()).toBe(String(before + 20));
    expect(await balanceOf(token)).toBe(before + 20);
    await context.close();
  });

  it('looks right in light and dark, on desktop and on a phone', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        if (viewport === 'desktop' && theme === 'dark') continue; // taken above
        const context = await contextFor(token, { theme, viewport });
        const page = await context.newPage();
        await page.goto(`/draw/${channelId}`);
        if (viewport === 'mobile') {
          await page.getByTestId('sidebar-toggle').click();
          await page.getByTestId('sidebar-backdrop').waitFor();
        }
        await openSubscribe(page);
        const dialog = page.getByTestId('subscribe-dialog');
        // Measure the settled dialog, not a frame of its opening zoom.
        await dialog.evaluate((el) =>
          Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
        );
        const box = (await dialog.boundingBox())!;
        const width = viewport === 'desktop' ? 1280 : 390;
        expect(box.width).toBeLessThanOrEqual(Math.min(1100, width * 0.9) + 1);
        await screenshot(page, `subscribe-${theme}-${viewport}`);
        if (viewport === 'mobile' && theme === 'light') {
          await page.getByTestId('subscribe-period-Day').click();
          await page.getByTestId('product-buy-day-trial').scrollIntoViewIfNeeded();
          await page.getByTestId('product-buy-day-trial').click();
          await qrLoaded(page);
          await page.getByTestId('payment-panel').scrollIntoViewIfNeeded();
          await screenshot(page, 'subscribe-payment-light-mobile');
          await page.getByTestId('payment-cancel').click();
          await page.getByTestId('product-card-day-trial').waitFor();
        }
        await context.close();
      }
    }
  });
});
