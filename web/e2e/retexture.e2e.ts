import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, type ServerProcess } from './harness';
import { LIVE_TIMEOUT, card, newestTaskId, peopleOn, startServerFor, type RunningServer } from './people';

/**
 * Retexture, the action the action table was proved with (#30): A presses 🎨 Retexture on an
 * upscale, types how to restyle it in the editor, and both members see the new picture arrive, with
 * its byline, priced as the table says. On the built-in engine and on the fake C# midjourney-proxy
 * line (`POST /mj/submit/retexture` with the picture and the prompt).
 */

const Screens = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
const RESTYLE = 'the same lighthouse as a stained glass window';

let browser: Browser;
let server: ServerProcess;
let running: RunningServer | null = null;
const {
  signIn,
  api,
  openChannel,
  finished: finishedAs,
  consoles,
  closeAll,
} = peopleOn(
  () => server,
  () => browser,
);

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe.each(['builtin', 'midjourney-proxy'] as const)('retexture in a channel (%s engine)', (engine) => {
  beforeAll(async () => {
    running = await startServerFor(engine, { stepMs: 100 });
    server = running.server;
  });

  afterAll(async () => {
    await closeAll();
    await running?.stop();
    running = null;
  });

  it('A restyles an upscale through the editor; both see the new picture, charged at its price', async () => {
    const phones = engine === 'builtin' ? ['13800000301', '13800000302'] : ['13800000311', '13800000312'];
    const a = await signIn('A', phones[0]!, { viewport: Screens.desktop, theme: 'dark' });
    const b = await signIn('B', phones[1]!, { viewport: Screens.phone, theme: 'light' });
    const channel = await api<{ id: string }>(a, 'POST', '/api/draw/channel', {
      title: 'restyle',
      isBan: false,
    });
    const invite = await api<{ inviteCode: string }>(a, 'POST', `/api/draw/invite-code/${channel.id}`, {});
    await api(b, 'POST', `/api/draw/join-channel/${invite.inviteCode}`);

    const finished = (taskId: string) => finishedAs(a, taskId);
    const submit = (path: string, body: object) =>
      api<{ taskId: string }>(a, 'POST', `/api/mj/submit/${path}/${channel.id}`, body);
    const grid = await finished(
      (await submit('imagine', { prompt: 'a lighthouse on a cliff at dusk' })).taskId,
    );
    const u1 = grid.buttons.find((button) => button.label === 'U1')!;
    const upscale = await finished(
      (await submit('action', { taskId: grid.id, customId: u1.customId })).taskId,
    );
    for (const person of [a, b]) await openChannel(person, channel.id);

    const balance = async () => (await api<{ balance: number }>(a, 'GET', '/api/home/credits')).balance;
    const before = await balance();
    const press = card(a.page, upscale.id).getByTestId('task-button-Retexture');
    await press.scrollIntoViewIfNeeded();
    await press.click();
    const editor = a.page.getByTestId('editor-prompt');
    await editor.waitFor({ timeout: LIVE_TIMEOUT });
    await editor.getByTestId('remix-prompt').fill(RESTYLE);
    await editor.getByTestId('remix-submit').click();
    await editor.waitFor({ state: 'hidden' });

    const restyledId = await newestTaskId(a.page, 3);
    const restyled = await finished(restyledId);
    expect(restyled.action).toBe('RETEXTURE');
    expect(restyled.imageUrl).toBeTruthy();
    for (const person of [a, b]) {
      await expect
        .poll(() => card(person.page, restyledId).getAttribute('data-status'), { timeout: LIVE_TIMEOUT })
        .toBe('SUCCESS');
      await card(person.page, restyledId).getByTestId(`task-image-${restyledId}`).waitFor();
    }
    // The table's price for Retexture, taken once.
    expect(before - (await balance())).toBe(2);
    if (running?.fake) {
      const upstream = [...running.fake.tasks.values()].find((task) => task.action === 'RETEXTURE');
      // The person's settings (version, speed) follow the prompt, as on every submit.
      expect(upstream?.description).toMatch(new RegExp(`^/retexture ${RESTYLE}( |$)`));
    }

    await card(a.page, restyledId).scrollIntoViewIfNeeded();
    await screenshot(a.page, `retexture-desktop-dark-${engine}`);
    await card(b.page, restyledId).scrollIntoViewIfNeeded();
    await screenshot(b.page, `retexture-phone-light-${engine}`);
    for (const page of [a.page, b.page]) expect(consoles.get(page)).toEqual([]);
  });
});
