import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot as saveScreenshot, type ServerProcess } from './harness';
import { LIVE_TIMEOUT, card, newestTaskId, peopleOn, startServerFor, type RunningServer } from './people';

/**
 * The drawing screen, live, with two people in one channel: A imagines, both watch progress and
 * the grid; B upscales U2, both see it; A repaints a region of the upscale in the Vary (Region)
 * editor, both see it; B drops offline mid-task and, back online, sees the result without a reload.
 */

const PROMPT = 'a red fox in snow';

let server: ServerProcess;
let browser: Browser;
let running: RunningServer | null = null;
/** Screenshots of the upstream run get their own names, so both sets can be looked at. */
let shotSuffix = '';
const screenshot = (page: Page, name: string) => saveScreenshot(page, `${name}${shotSuffix}`);

const { signIn, sameUser, api, openChannel, consoles, closeAll } = peopleOn(
  () => server,
  () => browser,
);

/** Waits until the finished image of a task is shown and has really loaded. */
async function seesImage(page: Page, taskId: string) {
  const image = page.getByTestId(`task-image-${taskId}`);
  await image.waitFor({ state: 'visible', timeout: LIVE_TIMEOUT });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: LIVE_TIMEOUT,
    })
    .toBe(true);
  await expect.poll(() => card(page, taskId).getAttribute('data-status')).toBe('SUCCESS');
  // The result fades in over the last preview: wait for the fade, so screenshots show the image.
  await expect.poll(() => image.evaluate((img) => getComputedStyle(img).opacity)).toBe('1');
}

/** Toasts (sonner) have timed out, so they do not cover what a screenshot is for. */
async function toastsGone(page: Page) {
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
}

/**
 * The same screen in the other theme: the app's dark mode is the `dark` class on <html>
 * (Tailwind's class variant), so flipping it renders exactly what the other theme shows.
 */
async function screenshotInOtherTheme(page: Page, name: string) {
  await page.evaluate(() => document.documentElement.classList.toggle('dark'));
  await screenshot(page, name);
  await page.evaluate(() => document.documentElement.classList.toggle('dark'));
}

/** Progress values a page shows for a task until it finishes. */
async function watchProgress(page: Page, taskId: string): Promise<number[]> {
  const seen: number[] = [];
  const bar = page.getByTestId(`task-progress-${taskId}`);
  const deadline = Date.now() + LIVE_TIMEOUT;
  while (Date.now() < deadline) {
    if (
      (await card(page, taskId)
        .getAttribute('data-status')
        .catch(() => null)) === 'SUCCESS'
    )
      break;
    const value = await bar.getAttribute('aria-valuenow', { timeout: 200 }).catch(() => null);
    if (value !== null && seen.at(-1) !== Number(value)) seen.push(Number(value));
    await page.waitForTimeout(60);
  }
  return seen;
}

/** The element's box once it stopped moving (dialogs zoom in when they open). */
async function settledBox(page: Page, target: Locator) {
  let previous = await target.boundingBox();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(100);
    const box = await target.boundingBox();
    if (
      box &&
      previous &&
      Math.abs(box.x - previous.x) < 0.5 &&
      Math.abs(box.y - previous.y) < 0.5 &&
      Math.abs(box.width - previous.width) < 0.5
    )
      return box;
    previous = box;
  }
  return previous!;
}

async function dragOn(page: Page, target: Locator, path: Array<[number, number]>) {
  const box = await settledBox(page, target);
  const at = ([x, y]: [number, number]) => [box.x + box.width * x, box.y + box.height * y] as const;
  const [startX, startY] = at(path[0]!);
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  for (const point of path.slice(1)) {
    const [x, y] = at(point);
    await page.mouse.move(x, y, { steps: 8 });
  }
  await page.mouse.up();
}

/** Whether a row is inside the visible part of the message list. */
async function inView(page: Page, testId: string): Promise<boolean> {
  return page.evaluate((id) => {
    const row = document.querySelector(`[data-testid="${id}"]`);
    const list = document.querySelector('[data-testid="message-list"]');
    if (!row || !list) return false;
    const r = row.getBoundingClientRect();
    const l = list.getBoundingClientRect();
    return r.top >= l.top - 1 && r.bottom <= l.bottom + 1;
  }, testId);
}

const ignorable = (problem: string) =>
  /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|net::ERR_|WebSocket|socket\.io/i.test(problem);

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe.each(['builtin', 'midjourney-proxy'] as const)(
  'drawing together in a channel (%s engine)',
  (engine) => {
    beforeAll(async () => {
      shotSuffix = engine === 'builtin' ? '' : '-mjproxy';
      running = await startServerFor(engine, { stepMs: 400, behaviour: { steps: [10, 25, 45, 65, 85] } });
      server = running.server;
    });

    afterAll(async () => {
      await closeAll();
      await running?.stop();
      running = null;
    });

    it('shows tasks live to every member: progress, grid, upscale, vary region, offline catch-up', async () => {
      const a = await signIn('A', '13800000101', { viewport: 'desktop', theme: 'dark' });
      const b = await signIn('B', '13800000102', { viewport: 'desktop', theme: 'light' });

      const channel = await api<{ id: string }>(a, 'POST', '/api/draw/channel', {
        title: 'fox-den',
        isBan: false,
      });
      const invite = await api<{ inviteCode: string }>(a, 'POST', `/api/draw/invite-code/${channel.id}`, {});
      await api(b, 'POST', `/api/draw/join-channel/${invite.inviteCode}`);

      // Two more windows for the screenshots: B on a phone (dark), A on a phone (light).
      const bPhone = await sameUser(b, 'B phone', { viewport: 'mobile', theme: 'dark' });
      const aPhone = await sameUser(a, 'A phone', { viewport: 'mobile', theme: 'light' });
      const everyone = [a, b, bPhone, aPhone];
      for (const person of everyone) await openChannel(person, channel.id);

      // A imagines from the composer; every window sees the card, the progress and previews moving, then the grid.
      const composer = a.page.getByTestId('composer-input');
      await composer.fill(`/imagine ${PROMPT}`);
      await composer.press('Enter');
      const submitted = await newestTaskId(a.page, 1);
      await b.page.getByTestId(`task-card-${submitted}`).waitFor({ timeout: LIVE_TIMEOUT });
      const [progressA, progressB] = await Promise.all([
        watchProgress(a.page, submitted),
        watchProgress(b.page, submitted),
        (async () => {
          await a.page.getByTestId(`task-preview-${submitted}`).waitFor({ timeout: LIVE_TIMEOUT });
          await b.page.getByTestId(`task-preview-${submitted}`).waitFor({ timeout: LIVE_TIMEOUT });
          await Promise.all([
            screenshot(a.page, 'drawing-mid-task-desktop-dark'),
            screenshot(b.page, 'drawing-mid-task-desktop-light'),
            screenshot(bPhone.page, 'drawing-mid-task-mobile-dark'),
            screenshot(aPhone.page, 'drawing-mid-task-mobile-light'),
          ]);
        })(),
      ]);
      for (const seen of [progressA, progressB]) {
        expect(seen.length).toBeGreaterThanOrEqual(2);
        expect([...seen].sort((x, y) => x - y)).toEqual(seen);
      }
      for (const person of everyone) await seesImage(person.page, submitted);
      expect(await a.page.getByTestId(`task-image-${submitted}`).getAttribute('alt')).toBe(PROMPT);
      for (const label of ['U1', 'U2', 'U3', 'U4', 'reroll', 'V1', 'V2', 'V3', 'V4']) {
        await card(b.page, submitted).getByTestId(`task-button-${label}`).waitFor();
      }

      // B upscales image 2; both see the upscale arrive and finish.
      const u2 = card(b.page, submitted).getByTestId('task-button-U2');
      await u2.click();
      const upscale = await newestTaskId(b.page, 2);
      expect(upscale).not.toBe(submitted);
      for (const person of everyone) await seesImage(person.page, upscale);
      await Promise.all([
        screenshot(a.page, 'drawing-finished-desktop-dark'),
        screenshot(b.page, 'drawing-finished-desktop-light'),
        screenshot(bPhone.page, 'drawing-finished-mobile-dark'),
        screenshot(aPhone.page, 'drawing-finished-mobile-light'),
      ]);
      for (const label of [
        'Vary-Subtle',
        'Vary-Strong',
        'Vary-Region',
        'Upscale-Subtle',
        'Upscale-Creative',
        'Zoom-Out-2x',
        'Zoom-Out-1.5x',
        'Custom-Zoom',
        'pan-left',
        'bookmark',
      ]) {
        await card(a.page, upscale).getByTestId(`task-button-${label}`).waitFor();
      }

      // The viewer: open the upscale, 100%, copy its link, Esc closes.
      await a.page.getByTestId(`task-image-${upscale}`).click();
      const viewer = a.page.getByTestId('viewer');
      await viewer.waitFor();
      await a.page.getByTestId('viewer-image').waitFor();
      await expect
        .poll(() =>
          a.page
            .getByTestId('viewer-image')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
      await a.page.waitForTimeout(300);
      await screenshot(a.page, 'drawing-viewer-desktop-dark');
      await a.page.getByTestId('viewer-actual').click();
      await expect.poll(() => a.page.getByTestId('viewer-zoom').textContent()).toBe('100%');
      await a.page.getByTestId('viewer-copy').click();
      await a.page.getByText('复制成功').first().waitFor();
      expect(await a.page.evaluate(() => navigator.clipboard.readText())).toMatch(
        new RegExp(`^${server.origin}/files/`),
      );
      await a.page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'hidden' });

      // A opens Vary (Region): the editor opens for A alone; B sees nothing of it until A submits.
      const actionAnswer = (page: typeof a.page) =>
        page.waitForResponse((r) => r.url().includes('/api/mj/submit/action/'));
      const taskIdOf = async (answer: Awaited<ReturnType<typeof actionAnswer>>) =>
        ((await answer.json()) as { data: { taskId: string } }).data.taskId;
      const opened = actionAnswer(a.page);
      await card(a.page, upscale).getByTestId('task-button-Vary-Region').click();
      const region = await taskIdOf(await opened);
      const canvas = a.page.getByTestId('region-canvas');
      await canvas.waitFor({ timeout: LIVE_TIMEOUT });

      // A opens it on the phone too (light): an editor of its own, private as well; Escape abandons it.
      const openedOnPhone = actionAnswer(aPhone.page);
      await card(aPhone.page, upscale).getByTestId('task-button-Vary-Region').click();
      const abandoned = await taskIdOf(await openedOnPhone);
      await aPhone.page.getByTestId('region-canvas').waitFor({ timeout: LIVE_TIMEOUT });
      await expect
        .poll(() => aPhone.page.getByTestId('region-canvas').evaluate((c: HTMLCanvasElement) => c.width))
        .toBeGreaterThan(0);
      await dragOn(aPhone.page, aPhone.page.getByTestId('region-canvas'), [
        [0.3, 0.3],
        [0.6, 0.4],
        [0.5, 0.6],
      ]);
      await aPhone.page.getByText('已选 1 处').waitFor();
      await toastsGone(aPhone.page);
      await screenshot(aPhone.page, 'drawing-region-editor-mobile-light');
      await screenshotInOtherTheme(aPhone.page, 'drawing-region-editor-mobile-dark');
      await aPhone.page.keyboard.press('Escape');
      await expect
        .poll(
          async () => (await api<{ status: string }>(a, 'GET', `/api/mj/task/${abandoned}/fetch`)).status,
          { timeout: LIVE_TIMEOUT },
        )
        .toBe('CANCEL');
      for (const taskId of [region, abandoned])
        expect(await b.page.getByTestId(`task-card-${taskId}`).count()).toBe(0);

      // Submitting with nothing selected says so; then paint and submit.
      await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(0);
      await a.page.getByTestId('region-submit').click();
      await a.page.getByText('请先涂抹或框选要重绘的区域').waitFor();
      await dragOn(a.page, canvas, [
        [0.3, 0.45],
        [0.7, 0.45],
        [0.5, 0.3],
        [0.5, 0.6],
      ]);
      await a.page.getByTestId('region-tool-rect').click();
      await dragOn(a.page, canvas, [
        [0.1, 0.75],
        [0.3, 0.9],
      ]);
      await a.page.getByText('已选 2 处').waitFor();
      await a.page.getByTestId('region-prompt').fill(`${PROMPT}, a snowy owl`);
      await toastsGone(a.page);
      await screenshot(a.page, 'drawing-region-editor-desktop-dark');
      await screenshotInOtherTheme(a.page, 'drawing-region-editor-desktop-light');
      const uploaded = a.page.waitForResponse(
        (response) => response.url().endsWith('/api/upload') && response.request().method() === 'POST',
      );
      const sent = a.page.waitForRequest((request) => request.url().includes('/api/mj/submit/modal/'));
      await a.page.getByTestId('region-submit').click();
      // The mask goes first as a binary upload (a 1-bit PNG: a few KB), then the modal body names it.
      const maskUpload = await uploaded;
      expect((await maskUpload.request().allHeaders())['content-type']).toMatch(
        /^multipart\/form-data; boundary=/,
      );
      const [stored] = (
        (await maskUpload.json()) as { data: { files: { id: string; mime: string; size: number }[] } }
      ).data.files;
      expect(stored).toMatchObject({ mime: 'image/png', size: expect.any(Number) });
      expect(stored!.size).toBeLessThan(64 * 1024);
      const body = (await sent).postDataJSON() as { taskId: string; prompt: string; maskImageId: string };
      expect(body).toEqual({ taskId: region, prompt: `${PROMPT}, a snowy owl`, maskImageId: stored!.id });
      // The mask, as stored: a PNG the size of the image, black with the painted area white.
      const measured = await a.page.evaluate(
        async ({ mask, imageId }) => {
          const load = (src: string) =>
            new Promise<HTMLImageElement>((resolve, reject) => {
              const image = new Image();
              image.onload = () => resolve(image);
              image.onerror = reject;
              image.src = src;
            });
          const picture = document.querySelector<HTMLImageElement>(`[data-testid="task-image-${imageId}"]`)!;
          const image = await load(mask);
          const canvas = document.createElement('canvas');
          canvas.width = image.naturalWidth;
          canvas.height = image.naturalHeight;
          const ctx = canvas.getContext('2d')!;
          ctx.drawImage(image, 0, 0);
          const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
          let white = 0;
          let black = 0;
          for (let i = 0; i < pixels.length; i += 4) {
            if (pixels[i]! > 200 && pixels[i + 1]! > 200 && pixels[i + 2]! > 200) white++;
            else if (pixels[i]! < 50 && pixels[i + 1]! < 50 && pixels[i + 2]! < 50) black++;
          }
          const centre = ctx.getImageData(
            Math.round(canvas.width * 0.5),
            Math.round(canvas.height * 0.45),
            1,
            1,
          ).data;
          const corner = ctx.getImageData(2, 2, 1, 1).data;
          return {
            size: [image.naturalWidth, image.naturalHeight],
            imageSize: [picture.naturalWidth, picture.naturalHeight],
            white: white / (pixels.length / 4),
            black: black / (pixels.length / 4),
            centre: centre[0],
            corner: corner[0],
          };
        },
        { mask: `/files/${body.maskImageId}`, imageId: upscale },
      );
      expect(measured.size).toEqual(measured.imageSize);
      expect(measured.white).toBeGreaterThan(0.05);
      expect(measured.white + measured.black).toBeGreaterThan(0.97);
      expect(measured.centre).toBe(255);
      expect(measured.corner).toBe(0);
      await canvas.waitFor({ state: 'hidden' });
      for (const person of [a, b]) await seesImage(person.page, region);

      // B goes offline while a task runs; back online, B sees it finished without reloading.
      await card(a.page, submitted).getByTestId('task-button-V1').click();
      const variation = await newestTaskId(a.page, 4);
      await b.page.getByTestId(`task-card-${variation}`).waitFor({ timeout: LIVE_TIMEOUT });
      await b.context.setOffline(true);
      await expect
        .poll(() => b.page.getByTestId('live-status').getAttribute('data-status'), { timeout: LIVE_TIMEOUT })
        .not.toBe('live');
      await seesImage(a.page, variation);
      await b.page.waitForTimeout(1500);
      expect(await card(b.page, variation).getAttribute('data-status')).not.toBe('SUCCESS');
      await screenshot(b.page, 'drawing-offline-desktop-light');
      await b.context.setOffline(false);
      await seesImage(b.page, variation);
      await expect
        .poll(() => b.page.getByTestId('live-status').getAttribute('data-status'), { timeout: LIVE_TIMEOUT })
        .toBe('live');

      // B reads back up while A posts: B gets a jump pill; A, at the bottom, follows the message.
      await b.page.getByTestId('message-list').evaluate((list) => list.scrollTo({ top: 0 }));
      const posted = await api<{ id: string }>(a, 'POST', `/api/draw/chat/${channel.id}`, {
        content: 'look at this owl',
      });
      await a.page.getByTestId(`message-${posted.id}`).waitFor();
      await expect.poll(() => inView(a.page, `message-${posted.id}`)).toBe(true);
      await b.page.getByTestId('jump-to-new').click();
      await expect.poll(() => inView(b.page, `message-${posted.id}`)).toBe(true);
      await b.page.getByTestId('jump-to-new').waitFor({ state: 'hidden' });

      // A deletes it (author) after confirming; B sees it go, live.
      await a.page.getByTestId(`message-${posted.id}`).hover();
      await a.page.getByTestId(`message-delete-${posted.id}`).click();
      await a.page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
      await a.page.getByText('删除成功').first().waitFor();
      await b.page.getByTestId(`message-${posted.id}`).waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });
      // B neither wrote A's task message nor created the channel: no delete there.
      const taskRow = b.page.locator(`[data-task-id="${submitted}"]`);
      await taskRow.hover();
      const taskMessageId = ((await taskRow.getAttribute('data-testid')) ?? '').replace('message-', '');
      expect(taskMessageId).not.toBe('');
      expect(await b.page.getByTestId(`message-delete-${taskMessageId}`).count()).toBe(0);

      // Paging: a long channel shows its newest page, and scrolling up loads older ones in place.
      const archive = await api<{ id: string }>(a, 'POST', '/api/draw/channel', {
        title: 'archive',
        isBan: false,
      });
      const ids: string[] = [];
      for (let i = 1; i <= 70; i++)
        ids.push(
          (await api<{ id: string }>(a, 'POST', `/api/draw/chat/${archive.id}`, { content: `note ${i}` })).id,
        );
      await a.page.goto(`/draw/${archive.id}`);
      await a.page.getByTestId(`message-${ids[69]}`).waitFor();
      await expect.poll(() => inView(a.page, `message-${ids[69]}`)).toBe(true);
      expect(await a.page.getByTestId('message-list').locator('article').count()).toBe(50);
      const before = await a.page.evaluate((id) => {
        const list = document.querySelector<HTMLElement>('[data-testid="message-list"]')!;
        list.scrollTop = 0;
        return document.querySelector(`[data-testid="message-${id}"]`)!.getBoundingClientRect().top;
      }, ids[20]);
      await a.page.getByTestId(`message-${ids[0]}`).waitFor({ state: 'attached', timeout: LIVE_TIMEOUT });
      const after = await a.page
        .getByTestId(`message-${ids[20]}`)
        .evaluate((row) => row.getBoundingClientRect().top);
      expect(Math.abs(after - before)).toBeLessThan(80);
      await screenshot(a.page, 'drawing-history-desktop-dark');

      for (const person of everyone) {
        expect((consoles.get(person.page) ?? []).filter((problem) => !ignorable(problem))).toEqual([]);
      }
    }, 240_000);
  },
);
