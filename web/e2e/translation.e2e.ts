import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeTranslator } from '../../scripts/testing/fake-translators';
import { launchBrowser, screenshot, startServer, watchConsole, type ServerProcess } from './harness';

/**
 * Chinese prompts and reference images in a real browser, on the built-in engine with a fake
 * OpenAI-compatible translator: the composer's English preview (the /settings switch), the card
 * showing the prompt as typed with its English under it, and images marked as references.
 */
const KEY = 'sk-e2e';
const SAMPLE_PNG = path.join(
  path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..'),
  'web/public/discord256.png',
);
const PROMPT = '一只在雪中的红狐狸 --ar 16:9 --chaos 20';
let openai: FakeTranslator;
let server: ServerProcess;
let browser: Browser;
let session: { token: string; expiresAt: number; user: { id: string; name: string } };
let channelId = '';
const problems: string[] = [];

async function api<T>(
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${server.origin}${path}`, {
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

beforeAll(async () => {
  openai = await startFakeOpenAi(KEY);
  server = await startServer({
    BUILTIN_ENGINE_STEP_MS: '50',
    TRANSLATE_PROVIDER: 'openai',
    TRANSLATE_API_URL: `${openai.origin}/v1`,
    TRANSLATE_API_KEY: KEY,
    TRANSLATE_MODEL: 'deepseek-chat',
  });
  browser = await launchBrowser();
  const sent = await api<{ devCode: string }>('/api/login/send-login-code?phone=13912340022');
  session = await api('/api/login/login', {
    method: 'POST',
    body: { loginType: 'Captcha', account: '13912340022', code: sent.devCode },
  });
  channelId = (
    await api<{ id: string }>('/api/draw/channel', {
      method: 'POST',
      token: session.token,
      body: { title: '翻译', isBan: false },
    })
  ).id;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await openai?.stop();
});

async function openChannel(
  theme: 'light' | 'dark',
  size: { width: number; height: number },
  previewTranslation: boolean,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.origin,
    viewport: size,
    colorScheme: theme,
    locale: 'zh-CN',
  });
  const page = await context.newPage();
  problems.push(...watchConsole(page));
  await page.addInitScript(
    ({ s, th, preview }) => {
      const week = Date.now() + 7 * 86_400_000;
      localStorage.setItem('SECRET_TOKEN', JSON.stringify({ data: s.token, expire: s.expiresAt }));
      localStorage.setItem('userInfo', JSON.stringify({ data: s.user, expire: week }));
      localStorage.setItem(
        'appSetting',
        JSON.stringify({
          data: { siderCollapsed: false, theme: th, language: 'zh-CN', previewTranslation: preview },
          expire: null,
        }),
      );
    },
    { s: session, th: theme, preview: previewTranslation },
  );
  await page.goto(`/draw/${channelId}`);
  await page.getByTestId('composer-input').waitFor({ timeout: 20_000 });
  return page;
}

describe('Chinese prompts in the browser', () => {
  it('the settings switch turns the preview on; the English shown, edited, is what the card shows under the prompt', async () => {
    const page = await openChannel('dark', { width: 1440, height: 900 }, false);
    await page.getByTestId('footer-settings').click();
    const toggle = page.getByTestId('settings-preview-translation');
    await toggle.waitFor({ timeout: 20_000 });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.scrollIntoViewIfNeeded();
    await screenshot(page, 'translation-settings-dark-desktop');
    await toggle.click();
    await expect
      .poll(() =>
        page.evaluate(() => JSON.parse(localStorage.getItem('appSetting') ?? '{}').data?.previewTranslation),
      )
      .toBe(true);
    await page.context().close();

    const preview = await openChannel('dark', { width: 1440, height: 900 }, true);
    await preview.getByTestId('composer-input').fill(`/imagine ${PROMPT}`);
    await preview.getByTestId('composer-input').press('Enter');
    const english = preview.getByTestId('composer-translation-input');
    await english.waitFor({ timeout: 20_000 });
    expect(await english.inputValue()).toBe('a red fox in the snow --ar 16:9 --chaos 20');
    await english.fill('a red fox in the snow, watercolor --ar 16:9 --chaos 20');
    await preview.getByTestId('composer-translation-send').click();
    const card = preview.locator('[data-testid^="task-english-"]').last();
    await card.waitFor({ timeout: 20_000 });
    expect(await card.textContent()).toBe('a red fox in the snow, watercolor');
    await expect
      .poll(() => preview.locator('[data-testid^="task-card-"][data-status="SUCCESS"]').count(), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    expect(problems).toEqual([]);
  }, 90_000);

  it('looks right in light and dark, on desktop and phone (screenshots)', async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const [name, size] of [
        ['desktop', { width: 1440, height: 900 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        const page = await openChannel(theme, size, true);
        await page.getByTestId('composer-input').fill('/imagine 蓝色的海，油画风格 --ar 3:2');
        await page.getByTestId('composer-input').press('Enter');
        await page.getByTestId('composer-translation-input').waitFor({ timeout: 20_000 });
        await page.locator('[data-testid^="task-english-"]').last().waitFor({ timeout: 20_000 });
        await screenshot(page, `translation-${theme}-${name}`);
        await page.context().close();
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('reference images in the composer', () => {
  async function attachTwo(page: Page): Promise<void> {
    await page.getByTestId('composer-file-input').setInputFiles([SAMPLE_PNG, SAMPLE_PNG]);
    await page.getByTestId('composer-attachment-1').waitFor({ timeout: 20_000 });
    await page.getByTestId('composer-attachment-kind-1').selectOption('style');
    await page.getByTestId('composer-weight-style').fill('200');
  }

  it('an image marked as style reference goes with --sref and its weight; the other as image prompt', async () => {
    const page = await openChannel('dark', { width: 1440, height: 900 }, false);
    await attachTwo(page);
    expect(await page.getByTestId('composer-attachment-kind-0').inputValue()).toBe('image');
    const before = await page.locator('[data-testid^="task-card-"][data-status="SUCCESS"]').count();
    await page.getByTestId('composer-input').fill('/imagine a lighthouse at dusk');
    await page.getByTestId('composer-input').press('Enter');
    await expect
      .poll(() => page.locator('[data-testid^="task-card-"][data-status="SUCCESS"]').count(), {
        timeout: 30_000,
      })
      .toBeGreaterThan(before);
    const card = page.locator('[data-testid^="task-card-"][data-status="SUCCESS"]').last();
    expect(await card.textContent()).toMatch(/--sref \/files\/[^ ]+\.png --sw 200/);
    await page.context().close();
    expect(problems).toEqual([]);
  }, 90_000);

  it('looks right in light and dark, on desktop and phone (screenshots)', async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const [name, size] of [
        ['desktop', { width: 1440, height: 900 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        const page = await openChannel(theme, size, false);
        await attachTwo(page);
        await page.getByTestId('composer-input').fill('/imagine a lighthouse at dusk');
        await screenshot(page, `references-${theme}-${name}`);
        await page.context().close();
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
