import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, type ServerProcess } from './harness';
import { LIVE_TIMEOUT, card, newestTaskId, peopleOn, startServerFor, type RunningServer } from './people';

/**
 * Clips, live, with two people in one channel: A presses Animate on an upscale and both see the
 * clip play in its card (frames loaded and moving), then in the viewer; A extends it. Runs on the
 * built-in engine (an animated WebP it films itself) and on the fake C# midjourney-proxy line.
 */

const Screens = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

let browser: Browser;
let server: ServerProcess;
let running: RunningServer | null = null;
const { signIn, api, openChannel, finished, consoles, closeAll } = peopleOn(
  () => server,
  () => browser,
);

/**
 * The clip in a card has loaded its frames and plays: the element is decoded (an `<img>` with a
 * size, or a `<video>` with data), and two screenshots of it a moment apart differ.
 */
async function seesClipPlaying(page: Page, testId: string) {
  const clip = page.getByTestId(testId);
  await clip.waitFor({ state: 'visible', timeout: LIVE_TIMEOUT });
  await clip.scrollIntoViewIfNeeded();
  await expect
    .poll(
      () =>
        clip.evaluate((el: HTMLImageElement | HTMLVideoElement) =>
          el instanceof HTMLVideoElement ? el.readyState >= 2 : el.complete && el.naturalWidth > 0,
        ),
      {
        timeout: LIVE_TIMEOUT,
      },
    )
    .toBe(true);
  // What the screen shows of it, a moment apart: a clip that plays shows other pixels.
  const first = await clip.screenshot({ animations: 'allow' });
  await expect
    .poll(async () => !(await clip.screenshot({ animations: 'allow' })).equals(first), {
      timeout: 10_000,
      interval: 300,
    })
    .toBe(true);
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
    running = await startServerFor(engine, { stepMs: 150, behaviour: { video: true } });
    server = running.server;
  });

  afterAll(async () => {
    await closeAll();
    await running?.stop();
    running = null;
  });

  it('A animates an upscale; both see the clip play in the card and the viewer; A extends it', async () => {
    const a = await signIn('A', engine === 'builtin' ? '13800000201' : '13800000211', {
      viewport: Screens.desktop,
      theme: 'dark',
    });
    const b = await signIn('B', engine === 'builtin' ? '13800000202' : '13800000212', {
      viewport: Screens.phone,
      theme: 'light',
    });
    const channel = await api<{ id: string }>(a, 'POST', '/api/draw/channel', {
      title: 'clips',
      isBan: false,
    });
    const invite = await api<{ inviteCode: string }>(a, 'POST', `/api/draw/invite-code/${channel.id}`, {});
    await api(b, 'POST', `/api/draw/join-channel/${invite.inviteCode}`);
    expect(
      (await api<{ engineFeatures: string[] }>(a, 'GET', '/api/home/company-info')).engineFeatures,
    ).toContain('video');

    // The grid and its upscale are drawn through the API; the clip is asked for in the page.
    const grid = await finished(
      a,
      (
        await api<{ taskId: string }>(a, 'POST', `/api/mj/submit/imagine/${channel.id}`, {
          prompt: 'a lighthouse on a cliff at dusk',
        })
      ).taskId,
    );
    const u1 = grid.buttons.find((button) => button.label === 'U1')!;
    const upscale = await finished(
      a,
      (
        await api<{ taskId: string }>(a, 'POST', `/api/mj/submit/action/${channel.id}`, {
          taskId: grid.id,
          customId: u1.customId,
        })
      ).taskId,
    );
    for (const person of [a, b]) await openChannel(person, channel.id);

    const animate = card(a.page, upscale.id).getByTestId('task-button-Animate-Low-motion');
    await animate.scrollIntoViewIfNeeded();
    await animate.click();
    const clipId = await newestTaskId(a.page, 3);
    await card(b.page, clipId).waitFor({ timeout: LIVE_TIMEOUT });
    for (const person of [a, b]) {
      await expect
        .poll(() => card(person.page, clipId).getAttribute('data-status'), { timeout: LIVE_TIMEOUT })
        .toBe('SUCCESS');
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
    for (const page of [a.page, b.page])
      await page.evaluate(() => document.documentElement.classList.toggle('dark'));
    await screenshot(a.page, `video-card-desktop-light${suffix}`);
    await screenshot(b.page, `video-card-phone-dark${suffix}`);
    for (const page of [a.page, b.page])
      await page.evaluate(() => document.documentElement.classList.toggle('dark'));

    // The viewer plays it too, for both.
    for (const [person, name] of [
      [a, 'desktop-dark'],
      [b, 'phone-light'],
    ] as const) {
      await person.page.getByTestId(`task-clip-open-${clipId}`).click();
      await person.page.getByTestId('viewer').waitFor();
      await seesClipPlaying(person.page, 'viewer-video');
      expect(await person.page.getByTestId('viewer-download').getAttribute('download')).toMatch(
        /\.(webp|mp4)$/,
      );
      await person.page.waitForTimeout(300);
      await screenshot(person.page, `video-viewer-${name}${suffix}`);
      await person.page.evaluate(() => document.documentElement.classList.toggle('dark'));
      await screenshot(
        person.page,
        `video-viewer-${name === 'desktop-dark' ? 'desktop-light' : 'phone-dark'}${suffix}`,
      );
      await person.page.evaluate(() => document.documentElement.classList.toggle('dark'));
      await person.page.keyboard.press('Escape');
      await person.page.getByTestId('viewer').waitFor({ state: 'hidden' });
    }

    // Extend goes on from the clip; both see the longer clip play.
    await card(a.page, clipId).getByTestId('task-button-Extend-High-motion').click();
    const extendedId = await newestTaskId(a.page, 4);
    for (const person of [a, b]) {
      await expect
        .poll(() => card(person.page, extendedId).getAttribute('data-status'), { timeout: LIVE_TIMEOUT })
        .toBe('SUCCESS');
      await seesClipPlaying(person.page, `task-video-${extendedId}`);
    }

    for (const page of [a.page, b.page]) expect(consoles.get(page)).toEqual([]);
  });
});
