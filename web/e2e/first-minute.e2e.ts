import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { freshPhone, screenshot } from './harness';
import { browserSuite, visible, type Session } from './suite';

/**
 * A newcomer's first minute, in a real browser against the real server (built-in engine): an empty
 * channel says how to draw; a prompt typed without a slash is drawn; a typo'd command is refused
 * with a suggestion, not posted; a 4 MB phone JPEG and a WebP go up as references (shrunk in the
 * browser to the server's 1 MB); an editor closed unsubmitted gives the credits back on the meter.
 * On a phone every control of the draw screen is a 44 px target (the feed, the composer's switches,
 * a running task's cancel, the sidebar, a message's menu, the image view, the command menu, the
 * attachment tray).
 * Screenshots: first-minute-{empty,offer,targets}-<theme>-<width>.
 */
// A slower engine than the suite's default, so a task is still running when its Cancel is measured.
const suite = browserSuite({ BUILTIN_ENGINE_STEP_MS: '600' });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'first-minute-'));

interface ChatPage {
  messages: { kind: string; content: string }[];
  tasks: { id: string; prompt: string; status: string; properties: Record<string, unknown> }[];
}

/** A phone-sized photo: 8 megapixels with grain, about 4 MB as JPEG (the server takes 1 MB). */
async function phoneJpeg(): Promise<string> {
  const width = 3264;
  const height = 2448;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) % 56;
      raw[i] = ((x / width) * 150 + grain) | 0;
      raw[i + 1] = ((y / height) * 150 + grain) | 0;
      raw[i + 2] = 110 + grain;
    }
  const file = path.join(tmp, 'IMG_4032.jpg');
  fs.writeFileSync(
    file,
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer(),
  );
  return file;
}

async function webp(): Promise<string> {
  const file = path.join(tmp, 'sticker.webp');
  const image = sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7bd5' } });
  fs.writeFileSync(file, await image.webp().toBuffer());
  return file;
}

/** A finger's target (WCAG 2.5.5, Apple's and Google's guides): 44 CSS px each way. */
const FINGER = 44;

/**
 * Every control a person can press or focus on the page now (the open menu, sheet or dialog
 * included) that is under 44 px either way, named by test id or accessible label and its size.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((finger) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=radio], [role=checkbox], [role=switch], [role=tab], [role^=menuitem], [role=option], [tabindex="0"]',
    );
    return [...controls].flatMap((control) => {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === 'hidden') return [];
      // A hit area drawn wider than the control (an absolute ::after reaching out) counts too.
      const after = getComputedStyle(control, '::after');
      const reach = (side: string) =>
        after.position === 'absolute' ? Math.max(0, -parseFloat(side) || 0) : 0;
      const width = box.width + reach(after.left) + reach(after.right);
      const height = box.height + reach(after.top) + reach(after.bottom);
      if (width >= finger && height >= finger) return [];
      const name =
        control.dataset.testid ??
        control.getAttribute('aria-label') ??
        control.textContent?.trim().slice(0, 30);
      return [`${name} (${Math.round(width)}×${Math.round(height)})`];
    });
  }, FINGER);
}

async function expectFingerSized(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'on screen').not.toBeNull();
  expect(box!.width).toBeGreaterThanOrEqual(FINGER);
  expect(box!.height).toBeGreaterThanOrEqual(FINGER);
}

const balance = (page: Page) => page.getByTestId('credit-meter').getByTestId('credit-balance').textContent();

describe('the first minute', () => {
  let session: Session;
  let channelId = '';
  const chat = () => suite.api<ChatPage>(`/api/draw/chat/${channelId}`, { token: session.token });

  it('an empty channel says how to draw here, and the composer keeps its hint on the phone (both themes)', async () => {
    session = await suite.apiSignIn(freshPhone());
    channelId = (
      await suite.api<{ id: string }>('/api/draw/channel', {
        method: 'POST',
        token: session.token,
        body: { title: 'first-minute', isBan: false },
      })
    ).id;
    for (const viewport of ['desktop', 'mobile'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const page = await suite.signedInPage(session, theme, viewport);
        await page.goto(`/draw/${channelId}`);
        await visible(page.getByTestId('how-to-draw'));
        const input = page.getByTestId('composer-input');
        if (viewport === 'mobile') expect(await input.getAttribute('placeholder')).toContain('/');
        await screenshot(page, `first-minute-empty-${theme}-${viewport}`);
        expect(await axeFindings(page)).toEqual([]);
        await input.fill('a red fox in the snow');
        await visible(page.getByTestId('composer-draw-offer'));
        await screenshot(page, `first-minute-offer-${theme}-${viewport}`);
        expect(await axeFindings(page)).toEqual([]);
        await page.close();
      }
    }
  }, 180_000);

  it('draws a prompt typed without a slash, refuses a typo with a suggestion, takes phone photos', async () => {
    const page = await suite.signedInPage(session, 'dark', 'desktop');
    await page.goto(`/draw/${channelId}`);
    const input = page.getByTestId('composer-input');
    await input.waitFor();
    await expect.poll(() => balance(page), { timeout: 20_000 }).toBe('10');

    // The example prompt goes into the composer with its /imagine; the person sends it.
    await page.getByTestId('how-to-draw-example').click();
    await expect.poll(() => input.inputValue(), { timeout: 20_000 }).toMatch(/^\/imagine a lighthouse/);

    // Typed with no slash: one click draws it.
    await input.fill('a red fox in the snow');
    await page.getByTestId('composer-draw-this').click();
    await expect
      .poll(async () => (await chat()).tasks.map((task) => task.prompt), { timeout: 20_000 })
      .toEqual(['a red fox in the snow']);
    await expect.poll(() => input.inputValue(), { timeout: 20_000 }).toBe('');

    // A typo is refused here with what it meant, and the channel gets nothing.
    const before = (await chat()).messages.length;
    await input.fill('/imagin a cat');
    await input.press('Enter');
    const note = page.getByTestId('composer-unknown-command');
    await visible(note);
    expect(await note.textContent()).toContain('/imagine');
    await page.getByRole('button', { name: '改用 /imagine' }).click();
    expect(await input.inputValue()).toBe('/imagine a cat');
    expect((await chat()).messages.length).toBe(before);

    // A 4 MB phone JPEG and a WebP: both go up (the JPEG shrunk to the limit in the browser).
    const photo = await phoneJpeg();
    expect(fs.statSync(photo).size).toBeGreaterThan(3 * 1024 * 1024);
    await page.getByTestId('composer-file-input').setInputFiles([photo, await webp()]);
    await visible(page.getByTestId('composer-attachment-1'));
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/upload'));
    await input.fill('/imagine a cat in a garden');
    await input.press('Enter');
    const answer = await uploaded;
    expect(answer.status()).toBe(200);
    const stored = ((await answer.json()) as { data: { files: { id: string }[] } }).data.files;
    expect(stored).toHaveLength(2);
    await expect.poll(async () => (await chat()).tasks.length, { timeout: 20_000 }).toBe(2);
    await page.close();
  }, 180_000);

  it('closing an editor without submitting puts the credits back on the meter and frees the button', async () => {
    await suite.api('/api/draw/settings/option', {
      method: 'PUT',
      token: session.token,
      body: { name: 'remix', value: true },
    });
    const page = await suite.signedInPage(session, 'light', 'desktop');
    await page.goto(`/draw/${channelId}`);
    await page.getByTestId('composer-input').waitFor();
    await expect
      .poll(async () => (await chat()).tasks.every((task) => ['SUCCESS', 'FAILURE'].includes(task.status)), {
        timeout: 60_000,
      })
      .toBe(true);
    const grid = (await chat()).tasks.find((task) => task.prompt === 'a red fox in the snow')!.id;
    // Two imagines charged (a failed one refunded): what the meter settles on before the editor.
    await expect.poll(async () => (await chat()).tasks.length, { timeout: 20_000 }).toBe(2);
    await page.waitForTimeout(1_000);
    const settled = await suite.api<{ balance: number }>('/api/home/credits', { token: session.token });
    await expect.poll(() => balance(page), { timeout: 20_000 }).toBe(String(settled.balance));

    const v1 = page.getByTestId(`task-card-${grid}`).getByTestId('task-button-V1');
    await v1.click();
    const editor = page.getByTestId('editor-remix');
    await visible(editor);
    await expect.poll(() => balance(page), { timeout: 20_000 }).not.toBe(String(settled.balance));
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });
    await expect.poll(() => balance(page), { timeout: 20_000 }).toBe(String(settled.balance));
    await expect.poll(() => v1.getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('false');
    expect(await page.getByTestId('credit-meter').getAttribute('data-level')).toBe('ok');
    await page.close();
    expect(suite.problems).toEqual([]);
  }, 180_000);

  it('on a phone every control of the draw screen is a 44 px target, the look under a mouse unchanged', async () => {
    const grid = (await chat()).tasks.find((task) => task.prompt === 'a red fox in the snow')!.id;
    const question = await suite.api<{ id: string }>(`/api/draw/chat/${channelId}`, {
      method: 'POST',
      token: session.token,
      body: { content: 'which one do you like?' },
    });
    // A reaction under it: its chip and the "add reaction" beside it are targets too.
    await suite.api(`/api/draw/chat/${question.id}/reactions/${encodeURIComponent('👍')}`, {
      method: 'PUT',
      token: session.token,
    });
    for (const theme of ['dark', 'light'] as const) {
      const page = await suite.signedInPage(session, theme, 'mobile');
      await page.goto(`/draw/${channelId}`);
      const card = page.getByTestId(`task-card-${grid}`);
      await visible(card.getByTestId('task-button-U1'));
      await visible(page.getByTestId(`reaction-${question.id}-👍`));
      // The composer's Midjourney / Niji switch, the result's star; a running task's Cancel.
      await expectFingerSized(page.getByTestId('composer-bot-mj'));
      await expectFingerSized(page.getByTestId('composer-bot-niji'));
      await expectFingerSized(card.getByTestId(`task-star-${grid}`));
      const { taskId: running } = await suite.api<{ taskId: string }>(`/api/mj/submit/imagine/${channelId}`, {
        method: 'POST',
        token: session.token,
        body: { prompt: 'a slow tide over the rocks' },
      });
      await visible(page.getByTestId(`task-cancel-${running}`));
      await expectFingerSized(page.getByTestId(`task-cancel-${running}`));
      // And everything else on the screen: the header, the feed, the composer.
      expect(await smallTargets(page)).toEqual([]);
      await card.getByTestId(`task-star-${grid}`).scrollIntoViewIfNeeded();
      await screenshot(page, `first-minute-targets-${theme}-mobile`);

      // A message's menu (a long press on a phone), the sidebar, the image view.
      await page.getByText('which one do you like?').click({ button: 'right' });
      await visible(page.getByRole('menu'));
      expect(await smallTargets(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByTestId('sidebar-toggle').click();
      await visible(page.getByTestId('sidebar-backdrop'));
      expect(await smallTargets(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByTestId('sidebar-backdrop').waitFor({ state: 'detached' });
      await card.getByTestId(`task-image-${grid}`).click();
      await visible(page.getByTestId('viewer-panel'));
      expect(await smallTargets(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByTestId('viewer').waitFor({ state: 'detached' });
      // The command menu, and a picture waiting in the tray (its remove, role and weight).
      await page.getByTestId('composer-input').fill('/');
      await visible(page.getByTestId('command-menu'));
      expect(await smallTargets(page)).toEqual([]);
      await page.getByTestId('composer-input').fill('/imagine a tide');
      await page.getByTestId('composer-file-input').setInputFiles(await webp());
      await visible(page.getByTestId('composer-attachment-0'));
      expect(await smallTargets(page)).toEqual([]);
      await page.close();
    }
    // Under a mouse the composer's switch keeps its compact size.
    const desk = await suite.signedInPage(session, 'dark', 'desktop');
    await desk.goto(`/draw/${channelId}`);
    await visible(desk.getByTestId('composer-bot-mj'));
    expect((await desk.getByTestId('composer-bot-mj').boundingBox())!.height).toBeLessThan(FINGER);
    await desk.close();
  }, 180_000);
});
