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
export async function newUserContext(browser: Browser, origin: string, options: ContextOptions = {}): Promise<BrowserContext> {
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
