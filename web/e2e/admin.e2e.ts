import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import {
  callApi,
  freshPhone,
  launchBrowser,
  screenshot,
  startServer,
  Viewports,
  watchConsole,
  type ServerProcess,
} from './harness';

/**
 * The operator's console against a real server, with a member on each side: the admin adds a
 * banned word and a member's prompt with it is refused by name, balance unchanged; the admin
 * adjusts that member's credits and their meter shows it; another member reports an image and
 * the admin hides it, gone from that member's open page. Then every console screen, light and
 * dark, desktop and phone: axe finds nothing serious, and a screenshot of each (admin-<screen>-…).
 */
let server: ServerProcess;
let browser: Browser;
const contexts: BrowserContext[] = [];
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const ADMIN_PHONE = freshPhone();

interface Session {
  token: string;
  expiresAt: number;
  user: { id: string; name: string };
}

/** `npm run ops -- users create --admin` on the data folder, before the server holds the store. */
async function createAdminWithOpsCli(dataDir: string, phone: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/ops/main.ts',
      'users',
      'create',
      '--phone',
      phone,
      '--name',
      'Operator',
      '--admin',
    ],
    { cwd: root, env: { ...process.env, MONGODB_URI: '', NODE_ENV: 'test', DATA_DIR: dataDir } },
  );
}

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-e2e-admin-'));
  await createAdminWithOpsCli(dataDir, ADMIN_PHONE);
  server = await startServer({ FREE_DAILY_CREDITS: '10', BUILTIN_ENGINE_STEP_MS: '50' }, dataDir);
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

const api = <T>(path: string, options: { method?: string; token?: string; body?: unknown } = {}) =>
  callApi<T>(server.origin, path, options);

async function signIn(phone: string): Promise<Session> {
  const sent = await api<{ devCode: string }>(`/api/login/send-login-code?phone=${phone}`);
  return api<Session>('/api/login/login', {
    method: 'POST',
    body: { loginType: 'Captcha', account: phone, code: sent.devCode },
  });
}

/** A window signed in as `session`, in a theme and size. */
async function windowOf(
  session: Session,
  theme: 'light' | 'dark' = 'dark',
  viewport: keyof typeof Viewports = 'desktop',
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({
    baseURL: server.origin,
    viewport: Viewports[viewport],
    colorScheme: theme,
    locale: 'zh-CN',
  });
  contexts.push(context);
  await context.addInitScript(
    ({ s, th }) => {
      localStorage.setItem('SECRET_TOKEN', JSON.stringify({ data: s.token, expire: s.expiresAt }));
      localStorage.setItem('userInfo', JSON.stringify({ data: s.user, expire: Date.now() + 86_400_000 }));
      localStorage.setItem(
        'appSetting',
        JSON.stringify({ data: { siderCollapsed: false, theme: th, language: 'zh-CN' }, expire: null }),
      );
    },
    { s: session, th: theme },
  );
  const page = await context.newPage();
  return { page, problems: watchConsole(page) };
}

const meterBalance = (page: Page) =>
  page.getByTestId('credit-meter').getByTestId('credit-balance').textContent();
const toastTexts = (page: Page) => page.locator('[data-sonner-toast]').allTextContents();

async function openChannel(page: Page, channelId: string) {
  await page.goto(`/draw/${channelId}`);
  await page.getByTestId('composer-input').waitFor();
  await expect
    .poll(() => page.getByTestId('live-status').getAttribute('data-status'), { timeout: 30_000 })
    .toBe('live');
}

describe('the operator’s console', () => {
  let admin: Session;
  let bo: Session;
  let cy: Session;
  let channelId = '';
  let drawnTaskId = '';

  beforeAll(async () => {
    admin = await signIn(ADMIN_PHONE);
    bo = await signIn(freshPhone());
    cy = await signIn(freshPhone());
    channelId = (
      await api<{ id: string }>('/api/draw/channel', {
        method: 'POST',
        token: bo.token,
        body: { title: 'moderated', isBan: false },
      })
    ).id;
    const invite = await api<{ inviteCode: string }>(`/api/draw/invite-code/${channelId}`, {
      method: 'POST',
      token: bo.token,
    });
    await api(`/api/draw/join-channel/${invite.inviteCode}`, { method: 'POST', token: cy.token });
    // The code list's rows for its screens: a batch in use and a revoked one.
    await api('/api/admin/codes', { method: 'POST', token: admin.token, body: { count: 2, credits: 100 } });
    const revoked = await api<{ batchId: string }>('/api/admin/codes', {
      method: 'POST',
      token: admin.token,
      body: { count: 1, credits: 50 },
    });
    await api('/api/admin/codes/revoke', {
      method: 'POST',
      token: admin.token,
      body: { batchId: revoked.batchId },
    });
  });

  it('refuses a prompt with a banned word by name and charges nothing, then the admin’s credits reach the meter live', async () => {
    const console = await windowOf(admin);
    await console.page.goto('/admin/banned-words');
    await console.page.getByTestId('admin-banned-word').fill('苹果');
    await console.page.getByTestId('admin-banned-word-add').click();
    await expect.poll(() => console.page.getByTestId('admin-banned-words').textContent()).toContain('苹果');

    const member = await windowOf(bo);
    await openChannel(member.page, channelId);
    await expect.poll(() => meterBalance(member.page)).toBe('10');
    const input = member.page.getByTestId('composer-input');
    await input.fill('/imagine 一个红色的 苹 果');
    await input.press('Enter');
    await expect
      .poll(() => toastTexts(member.page), { timeout: 20_000 })
      .toContainEqual(expect.stringContaining('「苹果」'));
    const tasks = await api<{ tasks: unknown[] }>(`/api/draw/chat/${channelId}`, { token: bo.token });
    expect(tasks.tasks).toEqual([]);
    expect(await meterBalance(member.page)).toBe('10');

    // Two more hits from elsewhere (another device) pause Bo: this page, which sent neither, counts down.
    for (let hit = 0; hit < 2; hit += 1) {
      await expect(
        api(`/api/mj/submit/imagine/${channelId}`, {
          method: 'POST',
          token: bo.token,
          body: { prompt: '苹果' },
        }),
      ).rejects.toThrow(/苹果/);
    }
    const paused = member.page.getByTestId('composer-paused');
    await expect
      .poll(() => paused.textContent(), { timeout: 20_000 })
      .toMatch(/你的提交已暂停，\d+:\d\d后恢复/);
    await screenshot(member.page, 'admin-paused-member-dark-desktop');

    // The admin finds Bo by phone, lifts the pause (Bo's page says so and opens drawing again), and
    // adds 50 credits with a reason; Bo's meter shows 60 without a reload.
    await console.page.goto('/admin/users');
    await console.page.getByTestId('admin-users-q').fill(bo.user.id);
    await console.page.getByTestId('admin-users-search').click();
    await console.page.getByTestId('admin-users').getByRole('link').first().click();
    await expect.poll(() => console.page.getByTestId('admin-user-balance').textContent()).toBe('10');
    // The refusals' toasts have gone, so the screenshot shows the lift's alone.
    await expect
      .poll(() => member.page.locator('[data-sonner-toast][data-type="error"]').count(), { timeout: 20_000 })
      .toBe(0);
    await console.page.getByTestId('admin-user-lift-pause').click();
    await console.page.getByTestId('admin-user-lift-pause-confirm').click();
    await paused.waitFor({ state: 'detached', timeout: 20_000 });
    await expect
      .poll(() => toastTexts(member.page), { timeout: 20_000 })
      .toContain('管理员已解除你的提交暂停，可以继续绘图了');
    await member.page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await screenshot(member.page, 'admin-pause-lifted-dark-desktop');
    await console.page.getByTestId('admin-credits-delta').fill('50');
    await console.page.getByTestId('admin-credits-reason').fill('sorry for the outage');
    await console.page.getByTestId('admin-credits-apply').click();
    await expect.poll(() => console.page.getByTestId('admin-user-balance').textContent()).toBe('60');
    await expect.poll(() => meterBalance(member.page), { timeout: 20_000 }).toBe('60');
    expect(console.problems).toEqual([]);
  });

  it('hides a reported image on the other member’s open page', async () => {
    const drawn = await api<{ taskId: string }>(`/api/mj/submit/imagine/${channelId}`, {
      method: 'POST',
      token: bo.token,
      body: { prompt: 'a quiet harbor at dawn' },
    });
    drawnTaskId = drawn.taskId;
    const reporter = await windowOf(cy, 'light');
    await openChannel(reporter.page, channelId);
    const card = reporter.page.getByTestId(`task-card-${drawnTaskId}`);
    await card.getByTestId(`task-image-${drawnTaskId}`).waitFor({ timeout: 30_000 });

    await reporter.page.getByTestId(`task-menu-${drawnTaskId}`).click();
    await reporter.page.getByTestId(`task-report-${drawnTaskId}`).click();
    await reporter.page.getByTestId('report-reason').fill('not for this channel');
    await reporter.page.getByTestId('report-submit').click();
    await reporter.page.getByTestId('report-dialog').waitFor({ state: 'detached' });

    const console = await windowOf(admin);
    await console.page.goto('/admin/reports');
    const row = console.page.getByTestId('admin-reports-row').filter({ hasText: 'not for this channel' });
    await row.getByTestId('admin-report-hide').click();
    await console.page.getByTestId('admin-report-hide-confirm').click();
    await console.page.getByRole('dialog').waitFor({ state: 'detached' });

    await card.getByTestId(`task-hidden-${drawnTaskId}`).waitFor({ timeout: 20_000 });
    expect(await card.getByTestId(`task-image-${drawnTaskId}`).count()).toBe(0);
  });

  const screens = [
    'overview',
    'users',
    'user',
    'orders',
    'products',
    'codes',
    'channels',
    'tasks',
    'engines',
    'company',
    'announcement',
    'audit',
    'banned-words',
    'hits',
    'reports',
  ] as const;
  const addressOf = (name: (typeof screens)[number]) =>
    name === 'overview' ? '/admin' : name === 'user' ? `/admin/users/${bo.user.id}` : `/admin/${name}`;

  it.each([
    ['light', 'desktop'],
    ['dark', 'desktop'],
    ['light', 'mobile'],
    ['dark', 'mobile'],
  ] as const)('shows every screen in %s on %s, with nothing serious for axe', async (theme, viewport) => {
    const { page, problems } = await windowOf(admin, theme, viewport);
    const findings: Record<string, unknown> = {};
    for (const name of screens) {
      await page.goto(addressOf(name));
      await page.getByTestId('admin-page').waitFor();
      // Settled: no skeleton rows, and the overview's charts drawn.
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, {
        timeout: 20_000,
      });
      if (name === 'overview') await page.getByTestId('admin-charts').waitFor({ timeout: 20_000 });
      await page.waitForTimeout(400);
      await screenshot(page, `admin-${name}-${theme}-${viewport}`);
      const found = await axeFindings(page);
      if (found.length) findings[name] = found;
    }
    if (viewport === 'mobile') {
      await page.getByTestId('admin-nav-open').click();
      await page.getByTestId('admin-nav-drawer').waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, `admin-drawer-${theme}-${viewport}`);
      const found = await axeFindings(page);
      if (found.length) findings.drawer = found;
    }
    expect(findings).toEqual({});
    expect(problems).toEqual([]);
  });

  it('shows a member the 404 page at /admin', async () => {
    const { page } = await windowOf(cy);
    await page.goto('/admin');
    await page.getByTestId('error-home').waitFor();
    expect(await page.getByTestId('admin-page').count()).toBe(0);
  });
});
