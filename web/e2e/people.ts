import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startFakeMjProxy, type FakeBehaviour, type FakeMjProxy } from '../../scripts/testing/fake-upstream';
import { freePort } from '../../scripts/testing/server-process';
import { Viewports, launchBrowser, startServer, watchConsole, type ServerProcess } from './harness';

/**
 * People in browser windows on a running server, for the stories told by two or more members:
 * windows in a theme and size, sign-in through the code tab, the API as a person, a channel opened
 * live, and the task cards of the feed.
 */

export const LIVE_TIMEOUT = 30_000;

export type EngineUnderTest = 'builtin' | 'midjourney-proxy';

export interface RunningServer {
  server: ServerProcess;
  /** The fake upstream (C# line) behind a midjourney-proxy server; null on the built-in engine. */
  fake: FakeMjProxy | null;
  stop(): Promise<void>;
}

/**
 * The same story on the built-in engine or on a fake midjourney-proxy upstream: a server with
 * `stepMs` between progress steps (the fake's `behaviour` may add more), credits to spare.
 */
export async function startServerFor(
  engine: EngineUnderTest,
  options: { stepMs: number; behaviour?: Partial<FakeBehaviour> },
): Promise<RunningServer> {
  const credits = { FREE_DAILY_CREDITS: '100000' };
  if (engine === 'builtin') {
    const server = await startServer({ BUILTIN_ENGINE_STEP_MS: String(options.stepMs), ...credits });
    return { server, fake: null, stop: () => server.stop() };
  }
  const fake = await startFakeMjProxy({
    secret: 'e2e-secret',
    behaviour: { stepMs: options.stepMs, ...options.behaviour },
  });
  const port = await freePort();
  const server = await startServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    IMAGE_ENGINE: 'midjourney-proxy',
    MJ_PROXY_URL: fake.origin,
    MJ_PROXY_SECRET: 'e2e-secret',
    MJ_PROXY_POLL_MS: '200',
    MJ_PROXY_POLL_MAX_MS: '1000',
    ...credits,
  });
  return {
    server,
    fake,
    stop: async () => {
      await server.stop();
      await fake.stop();
    },
  };
}

export interface Person {
  name: string;
  page: Page;
  context: BrowserContext;
  token: string;
}

/** What the browser tests read of an ended task. */
export interface EndedTask {
  id: string;
  action: string;
  status: string;
  failReason: string | null;
  imageUrl: string | null;
  buttons: { customId: string; label: string }[];
}

export interface WindowOptions {
  viewport: keyof typeof Viewports | { width: number; height: number };
  theme: 'dark' | 'light';
}

export function peopleOn(server: () => ServerProcess, browser: () => Browser) {
  const contexts: BrowserContext[] = [];
  /** Console errors and failed requests of every page opened. */
  const consoles = new Map<Page, string[]>();

  async function openContext(
    options: WindowOptions & { storageState?: Awaited<ReturnType<BrowserContext['storageState']>> },
  ) {
    const context = await browser().newContext({
      baseURL: server().origin,
      viewport: typeof options.viewport === 'string' ? Viewports[options.viewport] : options.viewport,
      colorScheme: options.theme,
      locale: 'zh-CN',
      storageState: options.storageState,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    // The app setting wins over the session's theme: light or dark as asked.
    await context.addInitScript((theme) => {
      const raw = localStorage.getItem('appSetting');
      const saved = raw ? (JSON.parse(raw) as { data?: Record<string, unknown> }).data : undefined;
      localStorage.setItem(
        'appSetting',
        JSON.stringify({ data: { siderCollapsed: false, language: 'zh-CN', ...saved, theme }, expire: null }),
      );
    }, options.theme);
    contexts.push(context);
    const page = await context.newPage();
    consoles.set(page, watchConsole(page));
    return { context, page };
  }

  /** Signs in through the login page's code tab, with the development code banner. */
  async function signIn(name: string, phone: string, options: WindowOptions): Promise<Person> {
    const { context, page } = await openContext(options);
    await page.goto('/login');
    await page.getByTestId('login-tab-code').click();
    await page.getByTestId('login-phone').fill(phone);
    await page.getByTestId('login-send-code').click();
    await page.getByTestId('login-dev-code').getByRole('button').click();
    await page.getByTestId('login-agree').click();
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/draw/);
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('SECRET_TOKEN') ?? '{}') as { data?: string }).data ?? '',
    );
    expect(token).not.toBe('');
    return { name, page, context, token };
  }

  /** The same person in another browser window (their session copied). */
  async function sameUser(person: Person, name: string, options: WindowOptions): Promise<Person> {
    const { context, page } = await openContext({
      ...options,
      storageState: await person.context.storageState(),
    });
    return { name, page, context, token: person.token };
  }

  /** A call as `person`. Seeding (70 messages for the paging check) posts faster than the chat limit allows: a 429 waits as long as the server says. */
  async function api<T>(person: Person, method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    for (let attempt = 1; ; attempt++) {
      response = await fetch(`${server().origin}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${person.token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status !== 429 || attempt >= 20) break;
      await new Promise((r) => setTimeout(r, Number(response.headers.get('retry-after') ?? 1) * 1000));
    }
    const envelope = (await response.json()) as { success: boolean; data: T; message: string };
    if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.message}`);
    return envelope.data;
  }

  async function openChannel(person: Person, channelId: string) {
    await person.page.goto(`/draw/${channelId}`);
    await person.page.getByTestId('message-list').waitFor();
    await expect
      .poll(() => person.page.getByTestId('live-status').getAttribute('data-status'), {
        timeout: LIVE_TIMEOUT,
      })
      .toBe('live');
  }

  async function closeAll() {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
  }

  /** The task as `person` reads it once it has ended; it must have ended in SUCCESS. */
  async function finished(person: Person, taskId: string): Promise<EndedTask> {
    let task: EndedTask | null = null;
    await expect
      .poll(
        async () => {
          task = await api<EndedTask>(person, 'GET', `/api/mj/task/${taskId}/fetch`);
          return task.status;
        },
        { timeout: LIVE_TIMEOUT },
      )
      .toMatch(/SUCCESS|FAILURE|CANCEL/);
    expect(task!.status, task!.failReason ?? '').toBe('SUCCESS');
    return task!;
  }

  return { openContext, signIn, sameUser, api, openChannel, finished, consoles, closeAll };
}

/** A suite's own server and browser, started before its tests and closed after them, with its people. */
export function peopleOnTheirOwnServer() {
  let server: ServerProcess;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  const people = peopleOn(
    () => server,
    () => browser,
  );
  afterAll(async () => {
    await people.closeAll();
    await browser?.close();
    await server?.stop();
  });
  return { ...people, server: () => server, browser: () => browser };
}

export const cards = (page: Page) => page.locator('[data-testid^="task-card-"]');
export const card = (page: Page, taskId: string) => page.getByTestId(`task-card-${taskId}`);

/** The id of the `count`-th task card, once that many show. */
export async function newestTaskId(page: Page, count: number): Promise<string> {
  await expect.poll(() => cards(page).count(), { timeout: LIVE_TIMEOUT }).toBeGreaterThanOrEqual(count);
  const testId = await cards(page)
    .nth(count - 1)
    .getAttribute('data-testid');
  return testId!.replace('task-card-', '');
}
