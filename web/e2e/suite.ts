import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  callApi,
  launchBrowser,
  newUserContext,
  startServer,
  watchConsole,
  type ContextOptions,
  type ServerProcess,
} from './harness';

/** Waits for what a person would see, with one generous timeout for the slow shared machine. */
export const text = (locator: Locator) => expect.poll(() => locator.textContent(), { timeout: 20_000 });
export const visible = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: 20_000 });
export const gone = (locator: Locator) => locator.waitFor({ state: 'detached', timeout: 20_000 });

export interface Session {
  token: string;
  expiresAt: number;
  user: { id: string; name: string };
}

/**
 * One server and one browser for a test file, started before its tests and stopped after; every
 * page gets its own context (its own user) and its console errors are collected in `problems`.
 * `serverEnv` adds to the server's environment (e.g. a slower engine, so a task can be caught running).
 */
export function browserSuite(serverEnv: Record<string, string> = {}) {
  let server: ServerProcess;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  /** Every request answered with a failure status, as `400 POST /api/…`: what the console's lines do not name. */
  const failedRequests: string[] = [];

  beforeAll(async () => {
    server = await startServer(serverEnv);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  const origin = () => server.origin;
  /** The server's output so far, and whether it is still running (for a failure's message). */
  const serverState = () => ({
    running: server.child.exitCode === null && server.child.signalCode === null,
    logs: server.logs.join(''),
  });

  async function openPage(options: ContextOptions = {}): Promise<Page> {
    const context = await newUserContext(browser, server.origin, options);
    contexts.push(context);
    const page = await context.newPage();
    const seen = watchConsole(page);
    page.on('close', () => problems.push(...seen));
    page.on('response', (response) => {
      if (response.status() >= 400)
        failedRequests.push(
          `${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`,
        );
    });
    return page;
  }

  /** Calls the API as `token` (in Chinese), returning the envelope's data or throwing its message. */
  const api = <T>(path: string, options: { method?: string; token?: string; body?: unknown } = {}) =>
    callApi<T>(server.origin, path, options);

  async function apiSignIn(phone: string): Promise<Session> {
    const sent = await api<{ devCode: string }>(`/api/login/send-login-code?phone=${phone}`);
    return api<Session>('/api/login/login', {
      method: 'POST',
      body: { loginType: 'Captcha', account: phone, code: sent.devCode },
    });
  }

  /** A page signed in as `session` (stored the way the web app stores it), in the given theme and size. */
  async function signedInPage(
    session: Session,
    theme: 'light' | 'dark',
    viewport: ContextOptions['viewport'] = 'desktop',
  ): Promise<Page> {
    const page = await openPage({ viewport, colorScheme: theme });
    await page.addInitScript(
      ({ session: s, theme: th }) => {
        const week = Date.now() + 7 * 86_400_000;
        localStorage.setItem('SECRET_TOKEN', JSON.stringify({ data: s.token, expire: s.expiresAt }));
        localStorage.setItem('userInfo', JSON.stringify({ data: s.user, expire: week }));
        localStorage.setItem(
          'appSetting',
          JSON.stringify({ data: { siderCollapsed: false, theme: th, language: 'zh-CN' }, expire: null }),
        );
      },
      { session, theme },
    );
    return page;
  }

  return { origin, serverState, problems, failedRequests, openPage, api, apiSignIn, signedInPage };
}
