import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@draw/shared';
import { startFakeComfyUI } from '../../server/test/fakes/comfyui';
import {
  FAKE_KEY,
  startFakeOpenAIImages,
  type FakeOpenAIImages,
} from '../../server/test/fakes/openai-images';
import { freePort } from '../../scripts/testing/server-process';
import { axeFindings } from './axe';
import { launchBrowser, screenshot, startServer, type ServerProcess } from './harness';
import { LIVE_TIMEOUT, card, newestTaskId, peopleOn, type Person } from './people';

/**
 * Engines the team owns (issue #31), in the browser: a site with the built-in engine, the OpenAI
 * Images API and ComfyUI enabled (both real HTTP fakes written from their sources). Two members
 * of one channel: A picks an engine in the composer's picker and imagines; B, on a phone, sees the
 * card and the grid live and presses a button on it, which goes to the engine that drew it.
 */

let browser: Browser;
let server: ServerProcess;
let openai: FakeOpenAIImages;
let comfy: Awaited<ReturnType<typeof startFakeComfyUI>>;
const { signIn, api, openChannel, closeAll } = peopleOn(
  () => server,
  () => browser,
);

beforeAll(async () => {
  openai = await startFakeOpenAIImages();
  comfy = await startFakeComfyUI();
  // Slow enough that the sampler's steps and preview frames reach both screens.
  comfy.set({ steps: 8, stepMs: 300 });
  server = await startServer({
    PORT: String(await freePort()),
    FREE_DAILY_CREDITS: '100000',
    IMAGE_ENGINES: 'builtin,openai-images,comfyui',
    OPENAI_IMAGES_URL: openai.url,
    OPENAI_IMAGES_KEY: FAKE_KEY,
    COMFYUI_URL: comfy.origin,
    COMFYUI_CHECKPOINT: 'model.safetensors',
    COMFYUI_IMAGE_SIZE: '512',
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await closeAll();
  await browser?.close();
  await server?.stop();
  await openai?.close();
  await comfy?.stop();
});

async function seesImage(person: Person, taskId: string) {
  const image = person.page.getByTestId(`task-image-${taskId}`);
  await image.waitFor({ state: 'visible', timeout: LIVE_TIMEOUT });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: LIVE_TIMEOUT,
    })
    .toBe(true);
  await expect
    .poll(() => card(person.page, taskId).getAttribute('data-status'), { timeout: LIVE_TIMEOUT })
    .toBe('SUCCESS');
}

async function imagineOn(person: Person, engine: string, prompt: string, count: number): Promise<string> {
  await person.page.getByTestId('composer-engine-picker').click();
  await person.page.getByTestId(`composer-engine-${engine}`).click();
  await expect.poll(() => person.page.getByTestId('composer-engine-name').textContent()).not.toBe('');
  const composer = person.page.getByTestId('composer-input');
  await composer.fill(`/imagine ${prompt}`);
  await composer.press('Enter');
  return newestTaskId(person.page, count);
}

describe('drawing together on engines the team owns', () => {
  it('A draws on the OpenAI Images API and on ComfyUI; B sees each grid live, and a button on it goes to the engine that drew it', async () => {
    const a = await signIn('A', '13800000301', { viewport: 'desktop', theme: 'dark' });
    const b = await signIn('B', '13800000302', { viewport: 'mobile', theme: 'light' });
    const channel = await api<{ id: string }>(a, 'POST', '/api/draw/channel', {
      title: 'own engines',
      isBan: false,
    });
    const invite = await api<{ inviteCode: string }>(a, 'POST', `/api/draw/invite-code/${channel.id}`, {});
    await api(b, 'POST', `/api/draw/join-channel/${invite.inviteCode}`);
    for (const person of [a, b]) await openChannel(person, channel.id);

    // The picker lists every enabled engine with its price; no serious or critical axe finding with it open.
    await a.page.getByTestId('composer-engine-picker').click();
    for (const id of ['builtin', 'openai-images', 'comfyui'])
      await a.page.getByTestId(`composer-engine-${id}`).waitFor();
    await screenshot(a.page, 'engines-picker-desktop-dark');
    expect(await axeFindings(a.page)).toEqual([]);
    await a.page.keyboard.press('Escape');

    // OpenAI Images: a 2×2 grid from four streamed generations, live on B's phone.
    const drawn = await imagineOn(a, 'openai-images', 'a lighthouse at dusk', 1);
    await b.page.getByTestId(`task-card-${drawn}`).waitFor({ timeout: LIVE_TIMEOUT });
    for (const person of [a, b]) await seesImage(person, drawn);
    expect(openai.requests.filter((r) => r.endpoint === 'generations').length).toBe(4);
    await screenshot(a.page, 'engines-openai-grid-desktop-dark');
    await screenshot(b.page, 'engines-openai-grid-mobile-light');

    // B presses V1 there: four edits calls at the same API, whatever the channel's default.
    await card(b.page, drawn).getByTestId('task-button-V1').click();
    const varied = await newestTaskId(b.page, 2);
    for (const person of [a, b]) await seesImage(person, varied);
    const variation = await api<Task>(b, 'GET', `/api/mj/task/${varied}/fetch`);
    expect(variation.engine).toBe('openai-images');
    expect(openai.requests.filter((r) => r.endpoint === 'edits').length).toBe(4);

    // ComfyUI: one prompt of four, its sampler's previews on both screens before the grid.
    const sampled = await imagineOn(a, 'comfyui', 'a harbour in fog', 3);
    await b.page.getByTestId(`task-card-${sampled}`).waitFor({ timeout: LIVE_TIMEOUT });
    await b.page.getByTestId(`task-preview-${sampled}`).waitFor({ timeout: LIVE_TIMEOUT });
    for (const person of [a, b]) await seesImage(person, sampled);
    expect(comfy.prompts.at(-1)?.extra_data).toMatchObject({ preview_method: 'auto' });
    await screenshot(a.page, 'engines-comfyui-grid-desktop-dark');
    await screenshot(b.page, 'engines-comfyui-grid-mobile-light');

    // U1 on ComfyUI's grid goes back to ComfyUI (its upscale workflow).
    const before = comfy.prompts.length;
    await card(b.page, sampled).getByTestId('task-button-U1').click();
    const upscaled = await newestTaskId(b.page, 4);
    for (const person of [a, b]) await seesImage(person, upscaled);
    expect((await api<Task>(b, 'GET', `/api/mj/task/${upscaled}/fetch`)).engine).toBe('comfyui');
    expect(comfy.prompts.length).toBe(before + 1);
  });
});
