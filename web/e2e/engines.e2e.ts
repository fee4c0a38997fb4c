import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@draw/shared';
import { startFakeComfyUI, type FakeComfyUI } from '../../server/test/fakes/comfyui';
import {
  FAKE_KEY,
  startFakeOpenAIImages,
  type FakeOpenAIImages,
} from '../../server/test/fakes/openai-images';
import { freePort } from '../../scripts/testing/server-process';
import { axeFindings } from './axe';
import { launchBrowser, screenshot, startServer, type ServerProcess } from './harness';
import { LIVE_TIMEOUT, card, peopleOn, type Person } from './people';

/**
 * Engines the team owns (issue #31), in the browser: one site with the built-in engine, the OpenAI
 * Images API and ComfyUI enabled (both real HTTP fakes written from their sources), each with a
 * price of its own. Per engine, two members of one channel (A on a desktop, B on a phone): A sees
 * the engine's price in the picker and imagines; both watch the previews and the grid; U, V, 🔄,
 * zoom out, pan and Vary (Region) are pressed on the cards and reach the engine through its own
 * protocol; a prompt the engine refuses shows its translated failure to both, and A's credits come back.
 */

const PRICES = { 'openai-images': 6, comfyui: 3 } as const;
/** The checkpoints the fake ComfyUI has: emptied to make it refuse a workflow (`node_errors`). */
const checkpoints = ['model.safetensors'];

let browser: Browser;
let server: ServerProcess;
let openai: FakeOpenAIImages;
let comfy: FakeComfyUI;
const { signIn, api, openChannel, closeAll } = peopleOn(
  () => server,
  () => browser,
);

beforeAll(async () => {
  openai = await startFakeOpenAIImages();
  comfy = await startFakeComfyUI({ checkpoints });
  server = await startServer({
    PORT: String(await freePort()),
    FREE_DAILY_CREDITS: '100000',
    IMAGE_ENGINES: 'builtin,openai-images,comfyui',
    ENGINE_PRICES: JSON.stringify({
      'openai-images': { IMAGINE: PRICES['openai-images'] },
      comfyui: { IMAGINE: PRICES.comfyui },
    }),
    OPENAI_IMAGES_URL: openai.url,
    OPENAI_IMAGES_KEY: FAKE_KEY,
    COMFYUI_URL: comfy.origin,
    COMFYUI_CHECKPOINT: checkpoints[0]!,
    COMFYUI_IMAGE_SIZE: '512',
  });
  browser = await launchBrowser();
}, 150_000);

afterAll(async () => {
  await closeAll();
  await browser?.close();
  await server?.stop();
  await openai?.close();
  await comfy?.stop();
});

/** Two members of a new channel, A on a desktop (dark), B on a phone (light), both live in it. */
async function twoMembers(title: string, phones: [string, string]) {
  const a = await signIn('A', phones[0], { viewport: 'desktop', theme: 'dark' });
  const b = await signIn('B', phones[1], { viewport: 'mobile', theme: 'light' });
  const channel = await api<{ id: string }>(a, 'POST', '/api/draw/channel', { title, isBan: false });
  const invite = await api<{ inviteCode: string }>(a, 'POST', `/api/draw/invite-code/${channel.id}`, {});
  await api(b, 'POST', `/api/draw/join-channel/${invite.inviteCode}`);
  for (const person of [a, b]) await openChannel(person, channel.id);
  return { a, b };
}

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

/** The running task's live preview, on both screens. */
async function previewsOnBothScreens(a: Person, b: Person, taskId: string) {
  for (const person of [a, b])
    await person.page.getByTestId(`task-preview-${taskId}`).waitFor({ timeout: LIVE_TIMEOUT });
}

/** The id of the task a submit made, from its answer. */
async function submitted(page: Page, kind: 'imagine' | 'action' | 'modal', act: () => Promise<void>) {
  const answer = page.waitForResponse((r) => r.url().includes(`/api/mj/submit/${kind}/`));
  await act();
  return ((await (await answer).json()) as { data: { taskId: string } }).data.taskId;
}

const balance = async (person: Person) =>
  Number(await person.page.getByTestId('credit-meter').getByTestId('credit-balance').textContent());

/** A picks the engine (its price shown before the submit) and imagines; the new task's id. */
async function imagineOn(person: Person, engine: keyof typeof PRICES, prompt: string): Promise<string> {
  await person.page.getByTestId('composer-engine-picker').click();
  await expect
    .poll(() => person.page.getByTestId(`composer-engine-${engine}`).textContent())
    .toContain(`/imagine ${PRICES[engine]} 积分`);
  await person.page.getByTestId(`composer-engine-${engine}`).click();
  await expect
    .poll(() => person.page.getByTestId('composer-engine-price').textContent())
    .toBe(`${PRICES[engine]} 积分`);
  const composer = person.page.getByTestId('composer-input');
  await composer.fill(`/imagine ${prompt}`);
  return submitted(person.page, 'imagine', () => composer.press('Enter'));
}

/** `person` presses a button of a finished task; both members see the result drawn, on that engine. */
async function press(person: Person, other: Person, taskId: string, label: string, engine: string) {
  const made = await submitted(person.page, 'action', () =>
    card(person.page, taskId).getByTestId(`task-button-${label}`).click(),
  );
  for (const someone of [person, other]) await seesImage(someone, made);
  expect((await api<Task>(person, 'GET', `/api/mj/task/${made}/fetch`)).engine).toBe(engine);
  return made;
}

/** The element's box once it stopped moving (dialogs zoom in when they open). */
async function settledBox(page: Page, target: Locator) {
  let previous = await target.boundingBox();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(100);
    const box = await target.boundingBox();
    if (box && previous && Math.abs(box.x - previous.x) < 0.5 && Math.abs(box.width - previous.width) < 0.5)
      return box;
    previous = box;
  }
  return previous!;
}

/** Vary (Region) in the editor: a stroke across the middle, submitted; both see the result. */
async function varyRegion(person: Person, other: Person, taskId: string, engine: string) {
  const made = await submitted(person.page, 'action', () =>
    card(person.page, taskId).getByTestId('task-button-Vary-Region').click(),
  );
  const canvas = person.page.getByTestId('region-canvas');
  await canvas.waitFor({ timeout: LIVE_TIMEOUT });
  await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(0);
  const box = await settledBox(person.page, canvas);
  await person.page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await person.page.mouse.down();
  await person.page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.5, { steps: 8 });
  await person.page.mouse.up();
  await person.page.getByText('已选 1 处').waitFor();
  await submitted(person.page, 'modal', () => person.page.getByTestId('region-submit').click());
  await canvas.waitFor({ state: 'hidden' });
  for (const someone of [person, other]) await seesImage(someone, made);
  expect((await api<Task>(person, 'GET', `/api/mj/task/${made}/fetch`)).engine).toBe(engine);
}

/** A prompt the engine refuses: its words reach both members, and A's credits come back. */
async function refused(a: Person, b: Person, engine: keyof typeof PRICES, prompt: string, words: RegExp) {
  await expect.poll(() => balance(a)).toBeGreaterThan(0);
  const before = await balance(a);
  const failed = await imagineOn(a, engine, prompt);
  for (const person of [a, b])
    await expect
      .poll(() => person.page.getByTestId(`task-fail-reason-${failed}`).textContent(), {
        timeout: LIVE_TIMEOUT,
      })
      .toMatch(words);
  await expect.poll(() => balance(a), { timeout: LIVE_TIMEOUT }).toBe(before);
  return failed;
}

/** The card's top (who drew it) in view: a grid is taller than the list on a laptop screen. */
async function showFromTop(person: Person, taskId: string) {
  await card(person.page, taskId).evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    let box = element.parentElement;
    while (box && box.scrollHeight <= box.clientHeight) box = box.parentElement;
    box?.scrollBy(0, -72);
  });
}

/** No Midjourney parameter from the settings, no Midjourney job mode, on a card this engine drew. */
async function noMidjourneyParameters(person: Person, taskId: string) {
  expect(await card(person.page, taskId).textContent()).not.toMatch(
    /--v 6|--niji|--fast|\((fast|relax|turbo)\)/,
  );
}

/** The grid in both themes on both screens (the other theme is the `dark` class flipped). */
async function gridScreenshots(a: Person, b: Person, taskId: string, name: string) {
  for (const [person, width, theme, other] of [
    [a, 'desktop', 'dark', 'light'],
    [b, 'mobile', 'light', 'dark'],
  ] as const) {
    await showFromTop(person, taskId);
    await screenshot(person.page, `engines-${name}-grid-${width}-${theme}`);
    await person.page.evaluate(() => document.documentElement.classList.toggle('dark'));
    await screenshot(person.page, `engines-${name}-grid-${width}-${other}`);
    await person.page.evaluate(() => document.documentElement.classList.toggle('dark'));
  }
}

describe('drawing together on engines the team owns', () => {
  it('OpenAI Images API: price, streamed previews and grid on both screens, U, V, 🔄, zoom, pan and region through /images/edits, a moderation refusal refunded', async () => {
    const { a, b } = await twoMembers('openai images', ['13800000301', '13800000302']);

    // The picker lists every enabled engine with its price; no serious or critical axe finding with it open.
    await a.page.getByTestId('composer-engine-picker').click();
    for (const id of ['builtin', 'openai-images', 'comfyui'])
      await a.page.getByTestId(`composer-engine-${id}`).waitFor();
    await screenshot(a.page, 'engines-picker-desktop-dark');
    expect(await axeFindings(a.page)).toEqual([]);
    await a.page.keyboard.press('Escape');

    // A 2×2 grid from four streamed generations: partial images live on both screens, then the grid; the price charged.
    const before = await balance(a);
    // The streams hold after their partial images until both screens showed them (the real API takes 30–120 s).
    openai.holdAfterPartials = true;
    const drawn = await imagineOn(a, 'openai-images', 'a lighthouse at dusk');
    await previewsOnBothScreens(a, b, drawn);
    openai.holdAfterPartials = false;
    for (const person of [a, b]) await seesImage(person, drawn);
    const generations = openai.requests.filter((r) => r.endpoint === 'generations');
    expect(generations.length).toBe(4);
    expect(generations[0]!.fields).toMatchObject({ prompt: 'a lighthouse at dusk', stream: true });
    await expect.poll(() => balance(a)).toBe(before - PRICES['openai-images']);
    await gridScreenshots(a, b, drawn, 'openai');
    for (const person of [a, b]) await noMidjourneyParameters(person, drawn);

    const edits = () => openai.requests.filter((r) => r.endpoint === 'edits');
    const masked = (from: number) =>
      edits()
        .slice(from)
        .filter((r) => r.files.some((f) => f.field === 'mask'));

    // V1 (B, on the phone): four edits of the tile, no mask. 🔄: four generations again.
    let seen = edits().length;
    await press(b, a, drawn, 'V1', 'openai-images');
    expect(edits().length).toBe(seen + 4);
    expect(masked(seen)).toEqual([]);
    await press(b, a, drawn, 'reroll', 'openai-images');
    expect(openai.requests.filter((r) => r.endpoint === 'generations').length).toBe(8);

    // U1: the tile at full size, no call (the API has no upscaler).
    const calls = openai.requests.length;
    const upscale = await press(a, b, drawn, 'U1', 'openai-images');
    expect(openai.requests.length).toBe(calls);

    // Zoom out 2×: four edits of the picture shrunk on a transparent canvas, with a mask over the new ring.
    seen = edits().length;
    await press(a, b, upscale, 'Zoom-Out-2x', 'openai-images');
    expect(masked(seen).length).toBe(4);
    // Pan left: a strip added on the left, the picture now landscape (1536×1024), masked there.
    seen = edits().length;
    await press(b, a, upscale, 'pan-left', 'openai-images');
    expect(masked(seen).length).toBe(4);
    expect(masked(seen)[0]!.fields.size).toBe('1536x1024');
    // Vary (Region): the painted mask in the API's convention (alpha 0 = repaint), the picture's size.
    seen = edits().length;
    await varyRegion(a, b, upscale, 'openai-images');
    const regionCalls = masked(seen);
    expect(regionCalls.length).toBe(4);
    const [picture, mask] = ['image[]', 'mask'].map((field) =>
      regionCalls[0]!.files.find((f) => f.field === field || (field === 'image[]' && f.field === 'image')),
    );
    expect([mask!.width, mask!.height, mask!.hasAlpha]).toEqual([picture!.width, picture!.height, true]);

    // A prompt the safety system refuses (moderation_blocked): the words, in Chinese, on both screens; refunded.
    await refused(
      a,
      b,
      'openai-images',
      'a forbidden tower',
      /^绘图引擎的安全系统拒绝了该提示词或图片.*积分已退还。$/,
    );
  }, 240_000);

  it('ComfyUI: price, sampler previews and grid on both screens, U, V, 🔄, zoom, pan and region as workflows, a refused workflow refunded', async () => {
    const { a, b } = await twoMembers('comfyui', ['13800000303', '13800000304']);
    // A slow sampler until both screens showed its preview frames; then the steps left run fast.
    comfy.set({ steps: 30, stepMs: 1_000 });
    const before = await balance(a);
    const drawn = await imagineOn(a, 'comfyui', 'a harbour in fog');
    await previewsOnBothScreens(a, b, drawn);
    comfy.set({ steps: 2, stepMs: 20 });
    for (const person of [a, b]) await seesImage(person, drawn);
    expect(comfy.prompts.at(-1)?.extra_data).toMatchObject({ preview_method: 'auto' });
    await expect.poll(() => balance(a)).toBe(before - PRICES.comfyui);
    await gridScreenshots(a, b, drawn, 'comfyui');
    for (const person of [a, b]) await noMidjourneyParameters(person, drawn);

    /** The node types of the last workflow posted, and how many pictures were uploaded for it. */
    const nodes = () => Object.values(comfy.prompts.at(-1)!.prompt).map((node) => node.class_type);
    const node = (type: string) =>
      Object.values(comfy.prompts.at(-1)!.prompt).find((n) => n.class_type === type)!.inputs;
    const uploads = () => comfy.count('POST', '/upload/image');

    // V1 (B): the tile uploaded, encoded and sampled again four times. 🔄: the imagine workflow, a new seed.
    let uploaded = uploads();
    await press(b, a, drawn, 'V1', 'comfyui');
    expect(nodes()).toEqual(
      expect.arrayContaining(['LoadImage', 'VAEEncode', 'RepeatLatentBatch', 'KSampler']),
    );
    expect(uploads()).toBe(uploaded + 1);
    const imagined = comfy.prompts.find((p) =>
      Object.values(p.prompt).some((n) => n.class_type === 'EmptyLatentImage'),
    )!;
    await press(b, a, drawn, 'reroll', 'comfyui');
    expect(nodes()).toContain('EmptyLatentImage');
    expect(node('KSampler').seed).not.toBe(
      Object.values(imagined.prompt).find((n) => n.class_type === 'KSampler')!.inputs.seed,
    );

    // U1: the upscale workflow (the tile uploaded, scaled ×2, sampled lightly).
    uploaded = uploads();
    const upscale = await press(a, b, drawn, 'U1', 'comfyui');
    expect(nodes()).toEqual(expect.arrayContaining(['LoadImage', 'ImageScaleBy', 'VAEEncode', 'KSampler']));
    expect(uploads()).toBe(uploaded + 1);

    // Zoom out 2×: the outpaint workflow, padded on all four sides.
    await press(a, b, upscale, 'Zoom-Out-2x', 'comfyui');
    expect(nodes()).toEqual(expect.arrayContaining(['ImagePadForOutpaint', 'VAEEncodeForInpaint']));
    const zoom = node('ImagePadForOutpaint');
    expect([zoom.left, zoom.top, zoom.right, zoom.bottom].every((side) => Number(side) > 0)).toBe(true);
    // Pan left: padded on the left only.
    await press(b, a, upscale, 'pan-left', 'comfyui');
    const pan = node('ImagePadForOutpaint');
    expect([Number(pan.left) > 0, pan.top, pan.right, pan.bottom]).toEqual([true, 0, 0, 0]);
    // Vary (Region): the picture and the mask uploaded, the mask loaded and set as the latent's noise mask.
    uploaded = uploads();
    await varyRegion(a, b, upscale, 'comfyui');
    expect(nodes()).toEqual(expect.arrayContaining(['LoadImageMask', 'SetLatentNoiseMask']));
    expect(uploads()).toBe(uploaded + 2);
    expect(String(node('LoadImageMask').image)).toMatch(/-mask\.png$/);

    // ComfyUI refuses the workflow (`node_errors`: the checkpoint is gone): the words on both screens; refunded.
    const posted = comfy.prompts.length;
    checkpoints.splice(0);
    try {
      await refused(
        a,
        b,
        'comfyui',
        'a harbour at night',
        /^ComfyUI 拒绝了工作流（.*model\.safetensors.*）.*积分已退还。$/,
      );
    } finally {
      checkpoints.push('model.safetensors');
    }
    expect(comfy.prompts.length).toBe(posted);
  }, 240_000);
});
