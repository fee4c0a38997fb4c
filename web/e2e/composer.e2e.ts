import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  freshPhone,
  launchBrowser,
  newUserContext,
  screenshot,
  signInWithCode,
  startServer,
  tokenOf,
  watchConsole,
  type ServerProcess,
} from './harness';

/**
 * The composer in a real browser against the real server: slash commands, plain messages,
 * attachments checked before upload, the bot's /settings and /info, and a muted member.
 */

let server: ServerProcess;
let browser: Browser;
let creatorToken = '';
let channelId = '';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SAMPLE_PNG = path.join(root, 'web/public/discord256.png');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'composer-e2e-'));

interface EnvelopeOf<T> {
  success: boolean;
  data: T;
  message: string;
}

async function api<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.origin}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as EnvelopeOf<T>;
  if (!envelope.success) throw new Error(`${method} ${url}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

/** Signs a second user in over REST (phone code), for the member's context. */
async function signInOverRest(): Promise<{ token: string; expiresAt: number }> {
  const phone = freshPhone();
  const sent = (await (
    await fetch(`${server.origin}/api/login/send-login-code?phone=${phone}`)
  ).json()) as EnvelopeOf<{ devCode: string }>;
  const response = await fetch(`${server.origin}/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginType: 'Captcha', account: phone, code: sent.data.devCode }),
  });
  const answer = (await response.json()) as EnvelopeOf<{ token: string; expiresAt: number }>;
  return answer.data;
}

interface ChatPage {
  messages: { kind: string; content: string; taskId: string | null }[];
  tasks: {
    id: string;
    prompt: string;
    action: string;
    botType: string;
    properties: Record<string, unknown>;
  }[];
}

async function until<T>(
  read: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const chat = () => api<ChatPage>(creatorToken, 'GET', `/api/draw/chat/${channelId}`);

/** A context already signed in (token and theme in localStorage before the app starts). */
async function signedInContext(
  token: string,
  theme: 'light' | 'dark',
  viewport: 'desktop' | 'mobile',
): Promise<BrowserContext> {
  const context = await newUserContext(browser, server.origin, { colorScheme: theme, viewport });
  await context.addInitScript(
    ([value, chosenTheme]) => {
      localStorage.setItem('SECRET_TOKEN', JSON.stringify({ data: value, expire: Date.now() + 3600_000 }));
      localStorage.setItem(
        'appSetting',
        JSON.stringify({
          data: { siderCollapsed: false, theme: chosenTheme, language: 'zh-CN' },
          expire: null,
        }),
      );
    },
    [token, theme] as const,
  );
  return context;
}

async function openChannel(page: Page): Promise<void> {
  const seen = watchConsole(page);
  await page.goto(`/draw/${channelId}`);
  try {
    await page.getByTestId('composer').waitFor();
  } catch (error) {
    // Leave a trace of what the page showed instead.
    await screenshot(page, 'composer-failed-to-open');
    console.error('composer not shown at', page.url(), seen);
    throw error;
  }
}

/** The toast the app shows (sonner). */
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // A GIF just over 1 MB (a real signature, then padding: a photo would be shrunk to fit, an
  // animation cannot be without losing it) and a text file named .png.
  const big = Buffer.alloc(1024 * 1024 + 2048);
  Buffer.from('GIF89a').copy(big);
  fs.writeFileSync(path.join(tmp, 'huge.gif'), big);
  fs.writeFileSync(path.join(tmp, 'notes.png'), 'these are notes, not a picture\n');
  for (let i = 1; i <= 6; i += 1) fs.copyFileSync(SAMPLE_PNG, path.join(tmp, `ref-${i}.png`));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the composer', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  const uploads: string[] = [];
  let mutedMember = '';

  it('signs in through the login page and shows the composer in a new channel', async () => {
    context = await newUserContext(browser, server.origin);
    page = await context.newPage();
    problems = watchConsole(page);
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/upload') uploads.push(request.method());
    });
    await page.goto('/login');
    await signInWithCode(page);
    creatorToken = await tokenOf(page);
    const channel = await api<{ id: string }>(creatorToken, 'POST', '/api/draw/channel', {
      title: 'fox-den',
      isBan: false,
    });
    channelId = channel.id;
    await openChannel(page);
    expect(await page.getByTestId('composer-input').getAttribute('placeholder')).toContain('#fox-den');
    expect(await page.getByTestId('composer-muted').count()).toBe(0);
  });

  it('opens the command menu on `/` and submits /imagine with Enter', async () => {
    const input = page.getByTestId('composer-input');
    await input.click();
    await page.keyboard.type('/');
    await page.getByTestId('command-menu').waitFor();
    for (const name of ['imagine', 'describe', 'blend', 'shorten', 'settings', 'info'])
      expect(await page.getByTestId(`command-${name}`).count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    expect(await page.getByTestId('command-describe').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.type('imagine a red fox in snow');
    expect(await page.getByTestId('command-menu').count()).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');

    const page1 = await until(async () => {
      const answer = await chat();
      return answer.tasks.some((task) => task.prompt === 'a red fox in snow') && answer;
    }, 'the imagine task');
    const task = page1.tasks.find((t) => t.prompt === 'a red fox in snow')!;
    expect(task.action).toBe('IMAGINE');
    expect(task.botType).toBe('MID_JOURNEY');
    expect(page1.messages.some((message) => message.kind === 'task' && message.taskId === task.id)).toBe(
      true,
    );
  });

  it('posts text without a command as a plain message; Shift+Enter breaks the line', async () => {
    const input = page.getByTestId('composer-input');
    await input.click();
    await page.keyboard.type('hello from the composer');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('second line');
    expect(await input.inputValue()).toBe('hello from the composer\nsecond line');
    await page.keyboard.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');
    await until(
      async () =>
        (await chat()).messages.some(
          (m) => m.kind === 'text' && m.content === 'hello from the composer\nsecond line',
        ),
      'the text message',
    );
  });

  it('refuses bad attachments on the client with the spec messages, uploading nothing', async () => {
    const picker = page.getByTestId('composer-file-input');
    await picker.setInputFiles(path.join(tmp, 'huge.gif'));
    await toast(page, '图片大小不能超过 1M').waitFor();
    // A text file renamed .png: the browser calls it image/png by its name; the client reads its bytes.
    await picker.setInputFiles(path.join(tmp, 'notes.png'));
    await toast(page, '只能上传 jpg/gif/png/jpeg/webp 格式的图片').waitFor();
    await picker.setInputFiles([1, 2, 3, 4, 5, 6].map((i) => path.join(tmp, `ref-${i}.png`)));
    await toast(page, '最多上传 5 张垫图').waitFor();
    expect(await page.getByTestId('composer-attachment-0').count()).toBe(0);
    expect(uploads).toEqual([]);
  });

  it('attaches reference images, uploads them when /imagine is sent, and clears them', async () => {
    const before = (await chat()).tasks.length;
    await page
      .getByTestId('composer-file-input')
      .setInputFiles([path.join(tmp, 'ref-1.png'), path.join(tmp, 'ref-2.png')]);
    await page.getByTestId('composer-attachment-1').waitFor();
    expect(uploads).toEqual([]);
    await page.getByTestId('composer-input').fill('/imagine a fox made of paper --ar 3:2');
    await page.getByTestId('composer-send').click();
    await page.getByTestId('composer-attachment-0').waitFor({ state: 'detached' });
    expect(uploads).toEqual(['POST']);
    const answer = await until(async () => {
      const current = await chat();
      return current.tasks.length > before && current;
    }, 'the task with references');
    const task = answer.tasks.find((t) => t.prompt.startsWith('a fox made of paper'))!;
    expect((task.properties.referenceUrls as string[]).length).toBe(2);
  });

  it('uses the Niji bot once switched, and remembers it for the channel', async () => {
    await page.getByTestId('composer-bot-niji').click();
    await page.getByTestId('composer-input').fill('/imagine a cat in a kimono');
    await page.keyboard.press('Enter');
    const answer = await until(async () => {
      const current = await chat();
      return current.tasks.some((t) => t.prompt === 'a cat in a kimono') && current;
    }, 'the niji task');
    expect(answer.tasks.find((t) => t.prompt === 'a cat in a kimono')!.botType).toBe('NIJI_JOURNEY');
    await page.reload();
    await page.getByTestId('composer').waitFor();
    expect(await page.getByTestId('composer-bot-niji').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('composer-bot-mj').click();
  });

  it('saves /settings (toast 保存成功) and shows /info', async () => {
    const input = page.getByTestId('composer-input');
    await input.fill('/settings');
    await page.keyboard.press('Enter');
    await page.getByTestId('settings-panel').waitFor();
    await page.getByTestId('settings-version').waitFor();
    await page.getByTestId('settings-speed-relax').click();
    await expect
      .poll(() => page.getByTestId('settings-speed-relax').getAttribute('aria-pressed'))
      .toBe('true');
    await page.getByTestId('settings-suffix').fill('--ar 3:2');
    await page.getByTestId('settings-stylize').fill('250');
    await page.getByTestId('settings-panel-save').click();
    await toast(page, '保存成功').waitFor();
    const saved = await api<{ speed: string; suffix: string; stylize: number }>(
      creatorToken,
      'GET',
      `/api/draw/settings/${channelId}?botType=MID_JOURNEY`,
    );
    expect(saved).toMatchObject({ speed: 'relax', suffix: '--ar 3:2', stylize: 250 });
    expect(await page.getByTestId('settings-current').textContent()).toContain(
      '--stylize 250 --relax --ar 3:2',
    );

    await input.fill('/info');
    await page.keyboard.press('Enter');
    const card = page.getByTestId('info-card');
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain('放松模式');
    expect(await page.getByTestId('settings-panel').count()).toBe(0);
    expect(await card.textContent()).toContain('仅你可见');
    await page.getByTestId('info-card-close').click();
    expect(await card.count()).toBe(0);
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('is disabled with an explanation for a member of a muted channel', async () => {
    const member = await signInOverRest();
    const invite = await api<{ inviteCode: string }>(
      creatorToken,
      'POST',
      `/api/draw/invite-code/${channelId}`,
      {},
    );
    await api(member.token, 'POST', `/api/draw/join-channel/${invite.inviteCode}`);
    await api(creatorToken, 'PUT', `/api/draw/channel/${channelId}`, { title: 'fox-den', isBan: true });

    const memberContext = await signedInContext(member.token, 'dark', 'desktop');
    const memberPage = await memberContext.newPage();
    await openChannel(memberPage);
    const notice = memberPage.getByTestId('composer-muted');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('只有管理员可以发送消息');
    expect(await memberPage.getByTestId('composer-input').count()).toBe(0);
    await memberContext.close();

    // The creator still posts.
    const creatorContext = await signedInContext(creatorToken, 'dark', 'desktop');
    const creatorPage = await creatorContext.newPage();
    await openChannel(creatorPage);
    expect(await creatorPage.getByTestId('composer-input').count()).toBe(1);
    await creatorContext.close();
    await api(creatorToken, 'PUT', `/api/draw/channel/${channelId}`, { title: 'fox-den', isBan: false });
    mutedMember = member.token;
  });

  it('looks right in light and dark, on desktop and phone (screenshots)', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      for (const theme of ['dark', 'light'] as const) {
        const suffix = `${theme}-${viewport}`;
        const shotContext = await signedInContext(creatorToken, theme, viewport);
        const shot = await shotContext.newPage();
        await openChannel(shot);
        await shot.waitForTimeout(1000); // let the feed's images settle
        const input = shot.getByTestId('composer-input');

        await input.click();
        await shot.keyboard.type('/');
        await shot.getByTestId('command-menu').waitFor();
        await shot.keyboard.press('ArrowDown');
        await screenshot(shot, `composer-menu-${suffix}`);
        await shot.keyboard.press('Escape');
        await input.fill('');

        await shot
          .getByTestId('composer-file-input')
          .setInputFiles([
            path.join(tmp, 'ref-1.png'),
            path.join(tmp, 'ref-2.png'),
            path.join(tmp, 'ref-3.png'),
          ]);
        await shot.getByTestId('composer-attachment-2').waitFor();
        await input.fill('/imagine a lighthouse at dusk, oil painting');
        await screenshot(shot, `composer-attachments-${suffix}`);
        for (let i = 2; i >= 0; i -= 1) await shot.getByTestId(`composer-attachment-remove-${i}`).click();
        await input.fill('');

        await shot.mouse.move(640, 24);
        await input.fill('/settings');
        await shot.keyboard.press('Enter');
        await shot.getByTestId('settings-version').waitFor();
        await screenshot(shot, `composer-settings-${suffix}`);

        await input.fill('/info');
        await shot.keyboard.press('Enter');
        await expect.poll(() => shot.getByTestId('info-card').textContent()).toContain('内置草图引擎');
        await screenshot(shot, `composer-info-${suffix}`);

        await input.fill('/blend');
        await shot.keyboard.press('Enter');
        await shot.getByTestId('blend-dialog').waitFor();
        await shot
          .getByTestId('blend-file-input')
          .setInputFiles([path.join(tmp, 'ref-1.png'), path.join(tmp, 'ref-2.png')]);
        await shot.getByTestId('blend-image-1').waitFor();
        await shot.getByTestId('blend-dimensions-portrait').click();
        expect(await shot.getByTestId('blend-dimensions-portrait').getAttribute('aria-checked')).toBe('true');
        await shot.mouse.move(640, 24);
        await shot.waitForTimeout(400); // colour transitions
        await screenshot(shot, `composer-blend-${suffix}`);
        await shot.keyboard.press('Escape');
        await shotContext.close();
      }
    }

    await api(creatorToken, 'PUT', `/api/draw/channel/${channelId}`, { title: 'fox-den', isBan: true });
    for (const viewport of ['desktop', 'mobile'] as const) {
      for (const theme of ['dark', 'light'] as const) {
        const shotContext = await signedInContext(mutedMember, theme, viewport);
        const shot = await shotContext.newPage();
        await openChannel(shot);
        await shot.getByTestId('composer-muted').waitFor();
        await shot.waitForTimeout(1000);
        await screenshot(shot, `composer-muted-${theme}-${viewport}`);
        await shotContext.close();
      }
    }
  });
});
