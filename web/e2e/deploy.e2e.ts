import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  newUserContext,
  screenshot,
  signInWithCode,
  startServer,
  type ServerProcess,
} from './harness';

/**
 * A deploy under open pages: the server keeps running while web/dist is replaced by a build whose
 * hashed chunk names all changed (as a real rebuild's do when the code changed). A page still
 * running the previous build must not end blank.
 */
const built = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../dist');
let dist: string;
let server: ServerProcess;
let browser: Browser;
let generation = 0;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-deploy-'));
  fs.cpSync(built, dist, { recursive: true });
  server = await startServer({ WEB_DIST_DIR: dist });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

/**
 * Replaces the served build with the next deploy (made from web/dist): every asset gets a new name, every reference
 * follows, the old files are gone (compressed copies included). `missing` chunks are left out of
 * the new build as well (a broken deploy, or a network that keeps failing).
 */
function deployNextBuild(missing?: RegExp): void {
  generation += 1;
  const assets = path.join(dist, 'assets');
  const names = fs.readdirSync(path.join(built, 'assets')).filter((name) => !/\.(br|gz)$/.test(name));
  const renamed = new Map(names.map((name) => [name, name.replace(/(\.[a-z]+)$/, `-d${generation}$1`)]));
  const pattern = new RegExp(
    `(?<![\\w-])(${[...renamed.keys()].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
    'g',
  );
  const rewrite = (text: string) => text.replace(pattern, (name) => renamed.get(name) ?? name);
  const texts = new Map<string, Buffer>();
  for (const name of names) {
    const data = fs.readFileSync(path.join(built, 'assets', name));
    texts.set(
      renamed.get(name)!,
      /\.(js|css)$/.test(name) ? Buffer.from(rewrite(data.toString('utf8'))) : data,
    );
  }
  const indexHtml = rewrite(fs.readFileSync(path.join(built, 'index.html'), 'utf8'));
  // In a real deploy's order: the new files first, then index.html, then the old files go. A page
  // that reloads while this runs then never gets an index.html naming files that are gone.
  const written = new Set<string>();
  for (const [name, data] of texts) {
    if (missing?.test(name)) continue;
    fs.writeFileSync(path.join(assets, name), data);
    written.add(name);
    if (/\.(js|css)$/.test(name)) {
      fs.writeFileSync(path.join(assets, `${name}.br`), zlib.brotliCompressSync(data));
      fs.writeFileSync(path.join(assets, `${name}.gz`), zlib.gzipSync(data));
      written.add(`${name}.br`).add(`${name}.gz`);
    }
  }
  fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
  for (const name of fs.readdirSync(assets)) if (!written.has(name)) fs.rmSync(path.join(assets, name));
}

/** A back/forward move to another screen, handled by the app's router without a page load. */
async function goWithinApp(page: Page, pathname: string): Promise<void> {
  const destroyed = (error: unknown) => /Execution context was destroyed|navigat/i.test(String(error));
  // The page may be reloading already: from the move itself (a missing chunk answers at once
  // here), or from a chunk the first screen fetched while the deploy removed it. Either is the
  // reload under test; when it landed on another screen, the move is made again on the new page.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, pathname);
      return;
    } catch (error) {
      if (!destroyed(error)) throw error;
    }
    await page.waitForLoadState('domcontentloaded');
    const at = await page.evaluate(() => window.location.pathname).catch(() => null);
    if (at === pathname) return;
  }
  throw new Error(`could not move to ${pathname} within the app`);
}

const markThisPageLoad = (page: Page) =>
  page.evaluate(() => Object.assign(window, { previousBuildPage: true }));
const isSamePageLoad = (page: Page) => page.evaluate(() => 'previousBuildPage' in window);

describe('a deploy under an open page', () => {
  it('a signed-in page of the previous build reloads once when its next screen’s chunk is gone, and shows the new build', async () => {
    const context = await newUserContext(browser, server.origin);
    const page = await context.newPage();
    await page.goto('/login');
    await signInWithCode(page);
    await page.getByTestId('user-footer').waitFor();
    await markThisPageLoad(page);

    deployNextBuild();
    await goWithinApp(page, '/privacy-policy');

    await page.getByTestId('privacy-policy').waitFor();
    expect(await isSamePageLoad(page)).toBe(false);
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(
      scripts.some((name) => name.includes(`PrivacyPolicyPage-`) && name.includes(`-d${generation}.js`)),
    ).toBe(true);
    await context.close();
  });

  it('a chunk still missing after that reload ends on a message with a reload button, which recovers once the files are back', async () => {
    for (const [viewport, colorScheme] of [
      ['desktop', 'dark'],
      ['mobile', 'light'],
    ] as const) {
      const context = await newUserContext(browser, server.origin, { viewport, colorScheme });
      // The theme a person chose on an earlier visit (appSetting, as the app stores it).
      await context.addInitScript((theme) => {
        localStorage.setItem(
          'appSetting',
          JSON.stringify({ data: { siderCollapsed: false, theme, language: 'zh-CN' }, expire: null }),
        );
      }, colorScheme);
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByTestId('login-submit').waitFor();
      await markThisPageLoad(page);

      deployNextBuild(/^PrivacyPolicyPage-/);
      await goWithinApp(page, '/privacy-policy');

      const reload = page.getByTestId('error-reload');
      await reload.waitFor();
      expect(await isSamePageLoad(page)).toBe(false);
      expect(await page.getByText('页面没能加载完整').count()).toBe(1);
      await screenshot(page, `deploy-load-failed-${colorScheme}-${viewport}`);

      deployNextBuild();
      await reload.click();
      await page.getByTestId('privacy-policy').waitFor();
      await context.close();
    }
  });
});
