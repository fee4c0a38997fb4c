import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export { startServer, type ServerProcess } from '../../scripts/testing/server-process';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(root, 'web/e2e/screenshots');

export const Viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface ContextOptions {
  viewport?: keyof typeof Viewports;
  colorScheme?: 'light' | 'dark';
  locale?: string;
}

/** A fresh browser context (its own storage): one per simulated user. */
export async function newUserContext(
  browser: Browser,
  origin: string,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: origin,
    viewport: Viewports[options.viewport ?? 'desktop'],
    colorScheme: options.colorScheme ?? 'dark',
    locale: options.locale ?? 'zh-CN',
  });
}

/** Saves a screenshot under web/e2e/screenshots/<name>.png for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Collects console errors and failed requests, so tests can assert a clean page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}

let phoneSeq = 0;
/** A fresh mainland-format phone number, unique per test process. */
export function freshPhone(): string {
  phoneSeq += 1;
  return `138${String(process.pid % 10000).padStart(4, '0')}${String(phoneSeq).padStart(4, '0')}`;
}

/** Signs in through the login page with a phone code, as a new user would (dev banner). */
export async function signInWithCode(page: Page, phone = freshPhone()): Promise<string> {
  await page.getByTestId('login-tab-code').click();
  await page.getByTestId('login-phone').fill(phone);
  await page.getByTestId('login-send-code').click();
  const banner = page.getByTestId('login-dev-code');
  await banner.waitFor();
  const code = ((await banner.textContent()) ?? '').match(/\d{6}/)?.[0];
  if (!code) throw new Error('no dev code shown');
  await page.getByTestId('login-code').fill(code);
  await page.getByTestId('login-agree').click();
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return phone;
}

/** The signed-in user's token, as the web app stores it (`{ data, expire }` under SECRET_TOKEN). */
export async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('SECRET_TOKEN'));
  if (!raw) throw new Error('not signed in');
  return (JSON.parse(raw) as { data: string }).data;
}

/** The API as a signed-in person calls it from outside the page: the envelope's data. */
export function apiOf(origin: () => string) {
  return async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${origin()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': 'zh-CN',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return ((await res.json()) as { data: T }).data;
  };
}

/** Calls the API at `origin` as `token` (in Chinese), returning the envelope's data or throwing its message. */
export async function callApi<T>(
  origin: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      'Accept-Language': 'zh-CN',
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; message: string };
  if (!envelope.success) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}
