import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMjProxy, type FakeMjProxy } from '../../scripts/testing/fake-upstream';
import { freePort } from '../../scripts/testing/server-process';
import { launchBrowser, screenshot, startServer, watchConsole, type ServerProcess } from './harness';

/**
 * Clips, live, with two people in one channel: A presses Animate on an upscale and both see the
 * clip play in its card (frames loaded and moving), then in the viewer; A extends it. Runs on the
 * built-in engine (an animated WebP it films itself) and on the fake C# midjourney-proxy line.
 */

const LIVE_TIMEOUT = 30_000;
const Screens = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

let browser: Browser;
let server: ServerProcess;
let fake: FakeMjProxy | null = null;
const contexts: BrowserContext[] = [];
const consoles = new Map<Page, string[]>();

interface Person {
  page: Page;
  context: BrowserContext;
  token: string;
}

async function startFor(engine: 'builtin' | 'midjourney-proxy'): Promise<ServerProcess> {
  if (engine === 'builtin') return startServer({ BUILTIN_ENGINE_STEP_MS: '150', FREE_DAILY_CREDITS: '1000' });
  fake = await startFakeMjProxy({ secret: 'e2e-secret', behaviour: { stepMs: 150, video: true } });
  const port = await freePort();
  return startServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    IMAGE_ENGINE: 'midjourney-proxy',
    MJ_PROXY_URL: fake.origin,
    MJ_PROXY_SECRET: 'e2e-secret',
    MJ_PROXY_POLL_MS: '200',
    MJ_PROXY_POLL_MAX_MS: '1000',
    FREE_DAILY_CREDITS: '1000',
  });
}

async function openContext(screen: keyof typeof Screens, theme: 'dark' | 'light', storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({ baseURL: server.origin, viewport: Screens[screen], colorScheme: theme, locale: 'zh-CN', storageState });
  await context.addInitScript((t) => {
    const raw = localStorage.getItem('appSetting');
    const saved = raw ? (JSON.parse(raw) as { data?: Record<string, unknown> }).data : undefined;
    localStorage.setItem('appSetting', JSON.stringify({ data: { siderCollapsed: false, language: 'zh-CN', ...saved, theme: t }, expire: null }));
  }, theme);
  contexts.push(context);
  const page = await context.newPage();
  consoles.set(page, watchConsole(page));
  return { context, page };
}

async function signIn(phone: string, screen: keyof typeof Screens, theme: 'dark' | 'light'): Promise<Person> {
  const { context, page } = await openContext(screen, theme);
  await page.goto('/login');
  await page.getByTestId('login-tab-code').click();
  await page.getByTestId('login-phone').fill(phone);
  await page.getByTestId('login-send-code').click();
  await page.getByTestId('login-dev-code').getByRole('button').click();
  await page.getByTestId('login-agree').click();
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/draw/);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('SECRET_TOKEN') ?? '{}') as { data?: string }).data ?? '');
  expect(token).not.toBe('');
  return { page, context, token };
}

async function api<T>(person: Person, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.origin}${path}`, {
    method,
    headers: { Authorization: `Bearer ${person.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; message: string };
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.message}`);
  return envelope.data;
}

interface TaskView {
  id: string;
  status: string;
  failReason: string | null;
  buttons: { customId: string; label: string }[];
}

async function finished(person: Person, taskId: string): Promise<TaskView> {
  let task: TaskView | null = null;
  await expect
    .poll(
      async () => {
        task = await api<TaskView>(person, 'GET', `/api/mj/task/${taskId}/fetch`);
        return task.status;
      },
      { timeout: LIVE_TIMEOUT },
    )
    .toMatch(/SUCCESS|FAILURE|CANCEL/);
  expect(task!.status, task!.failReason ?? '').toBe('SUCCESS');
  return task!;
}

async function openChannel(person: Person, channelId: string) {
  await person.page.goto(`/draw/${channelId}`);
  await person.page.getByTestId('message-list').waitFor();
  await expect.poll(() => person.page.getByTestId('live-status').getAttribute('data-status'), { timeout: LIVE_TIMEOUT }).toBe('live');
}

const card = (page: Page, taskId: string) => page.getByTestId(`task-card-${taskId}`);

async function newestTaskId(page: Page, count: number): Promise<string> {
  const cards = page.locator('[data-testid^="task-card-"]');
  await expect.poll(() => cards.count(), { timeout: LIVE_TIMEOUT }).toBeGreaterThanOrEqual(count);
  return (await cards.nth(count - 1).getAttribute('data-testid'))!.replace('task-card-', '');
}

/**
 * The clip in a card has loaded its frames and plays: the element is decoded (an `<img>` with a
 * size, or a `<video>` with data), and two screenshots of it a moment apart differ.
 */
async function seesClipPlaying(page: Page, testId: string) {
  const clip = page.getByTestId(testId);
  await clip.waitFor({ state: 'visible', timeout: LIVE_TIMEOUT });
  await clip.scrollIntoViewIfNeeded();
  await expect
    .poll(() => clip.evaluate((el: HTMLImageElement | HTMLVideoElement) => (el instanceof HTMLVideoElement ? el.readyState >= 2 : el.complete && el.naturalWidth > 0)), {
      timeout: LIVE_TIMEOUT,
    })
    .toBe(true);
  // What the screen shows of it, a moment apart: a clip that plays shows other pixels.
  const first = await clip.screenshot({ animations: 'allow' });
  await expect.poll(async () => !(await clip.screenshot({ animations: 'allow' })).equals(first), { timeout: 10_000, interval: 300 }).toBe(true);
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe.each(['builtin', 'midjourney-proxy'] as const)('clips in a channel (%s engine)', (engine) => {
  const suffix = engine === 'builtin' ? '' : '-mjproxy';

  beforeAll(async () => {
    server = await startFor(engine);
  });

  afterAll(async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
    await server?.stop();
    await fake?.stop();
    fake = null;
  });

  it('A animates an upscale; both see the clip play in the card and the viewer; A extends it', async () => {
    const a = await signIn(engine === 'builtin' ? '13800000201' : '13800000211', 'desktop', 'dark');
    const b = await signIn(engine === 'builtin' ? '13800000202' : '13800000212', 'phone', 'light');
    const channel = await api<{ id: string }>(a, 'POST', '/api/draw/channel', { title: 'clips', isBan: false });
    const invite = await api<{ inviteCode: string }>(a, 'POST', `/api/draw/invite-code/${channel.id}`, {});
    await api(b, 'POST', `/api/draw/join-channel/${invite.inviteCode}`);
    expect((await api<{ engineFeatures: string[] }>(a, 'GET', '/api/home/company-info')).engineFeatures).toContain('video');

    // The grid and its upscale are drawn through the API; the clip is asked for in the page.
    const grid = await finished(a, (await api<{ taskId: string }>(a, 'POST', `/api/mj/submit/imagine/${channel.id}`, { prompt: 'a lighthouse on a cliff at dusk' })).taskId);
    const u1 = grid.buttons.find((button) => button.label === 'U1')!;
    const upscale = await finished(a, (await api<{ taskId: string }>(a, 'POST', `/api/mj/submit/action/${channel.id}`, { taskId: grid.id, customId: u1.customId })).taskId);
    for (const person of [a, b]) await openChannel(person, channel.id);

    const animate = card(a.page, upscale.id).getByTestId('task-button-Animate-Low-motion');
    await animate.scrollIntoViewIfNeeded();
    await animate.click();
    const clipId = await newestTaskId(a.page, 3);
    await card(b.page, clipId).waitFor({ timeout: LIVE_TIMEOUT });
    for (const person of [a, b]) {
      await expect.poll(() => card(person.page, clipId).getAttribute('data-status'), { timeout: LIVE_TIMEOUT }).toBe('SUCCESS');
      await seesClipPlaying(person.page, `task-video-${clipId}`);
      await card(person.page, clipId).getByTestId('task-button-Extend-High-motion').waitFor();
    }
    const download = a.page.getByTestId(`task-clip-download-${clipId}`);
    expect(await download.getAttribute('download')).toMatch(/\.(webp|mp4)$/);
    const served = await fetch(`${server.origin}${await download.getAttribute('href')}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^(image\/webp|video\/mp4)/);

    // Screenshots of the card with its clip: A on a desktop (dark), B on a phone (light), then the other themes.
    await a.page.waitForTimeout(400);
    await screenshot(a.page, `video-card-desktop-dark${suffix}`);
    await card(b.page, clipId).scrollIntoViewIfNeeded();
    await screenshot(b.page, `video-card-phone-light${suffix}`);
    for (const page of [a.page, b.page]) await page.evaluate(() => document.documentElement.classList.toggle('dark'));
    await screenshot(a.page, `video-card-desktop-light${suffix}`);
    await screenshot(b.page, `video-card-phone-dark${suffix}`);
    for (const page of [a.page, b.page]) await page.evaluate(() => document.documentElement.classList.toggle('dark'));

    // The viewer plays it too, for both.
    for (const [person, name] of [
      [a, 'desktop-dark'],
      [b, 'phone-light'],
    ] as const) {
      await person.page.getByTestId(`task-clip-open-${clipId}`).click();
      await person.page.getByTestId('viewer').waitFor();
      await seesClipPlaying(person.page, 'viewer-video');
      expect(await person.page.getByTestId('viewer-download').getAttribute('download')).toMatch(/\.(webp|mp4)$/);
      await person.page.waitForTimeout(300);
      await screenshot(person.page, `video-viewer-${name}${suffix}`);
      await person.page.evaluate(() => document.documentElement.classList.toggle('dark'));
      await screenshot(person.page, `video-viewer-${name === 'desktop-dark' ? 'desktop-light' : 'phone-dark'}${suffix}`);
      await person.page.evaluate(() => document.documentElement.classList.toggle('dark'));
      await person.page.keyboard.press('Escape');
      await person.page.getByTestId('viewer').waitFor({ state: 'hidden' });
    }

    // Extend goes on from the clip; both see the longer clip play.
    await card(a.page, clipId).getByTestId('task-button-Extend-High-motion').click();
    const extendedId = await newestTaskId(a.page, 4);
    for (const person of [a, b]) {
      await expect.poll(() => card(person.page, extendedId).getAttribute('data-status'), { timeout: LIVE_TIMEOUT }).toBe('SUCCESS');
      await seesClipPlaying(person.page, `task-video-${extendedId}`);
    }

    for (const page of [a.page, b.page]) expect(consoles.get(page)).toEqual([]);
  });
});
