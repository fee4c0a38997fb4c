import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseCustomId } from '@draw/shared';
import { readClipHeader } from '../../images/clip';
import { EngineFailure, type EngineImage, type EngineRunContext, type ParentImage } from '../port';
import { CLIP_FRAMES, CLIP_SIDE, renderClip } from './animate';
import { BuiltinEngine, buttonHash } from './engine';

/** A picture with detail everywhere (a gradient and a disc), so a camera move changes its frames. */
async function picture(width: number, height: number): Promise<EngineImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1a3a8a"/><stop offset="1" stop-color="#f0a020"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 5}" fill="#e02040"/></svg>`;
  const data = await sharp(Buffer.from(svg)).png().toBuffer();
  return { data, mime: 'image/png', width, height };
}

const upscale = async (seed = 5): Promise<ParentImage> => ({
  taskId: 'up',
  action: 'UPSCALE',
  prompt: 'a red moon',
  seed,
  image: await picture(1024, 768),
});

/** Frame `page` of a clip; -1 = its last (the encoder merges frames that did not change). */
async function frame(data: Buffer, page: number): Promise<Buffer> {
  const pages = (await sharp(data, { animated: true }).metadata()).pages ?? 1;
  return sharp(data, { page: page < 0 ? pages - 1 : page })
    .removeAlpha()
    .raw()
    .toBuffer();
}

const difference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;

const context = (): EngineRunContext => ({
  taskId: 'clip-task',
  signal: new AbortController().signal,
  onProgress: async () => undefined,
});

describe('renderClip', () => {
  it('films the picture as a looping animated WebP of 480p, each frame moving on', async () => {
    const { video, poster } = await renderClip(await upscale(), 'high', 5);
    expect(video.mime).toBe('image/webp');
    const meta = await sharp(video.data, { animated: true }).metadata();
    expect(meta.pages).toBe(CLIP_FRAMES);
    expect(meta.loop).toBe(0);
    expect(meta.width).toBe(CLIP_SIDE);
    expect(meta.pageHeight).toBe(360);
    expect(await readClipHeader(video.data)).toMatchObject({
      mime: 'image/webp',
      width: 480,
      height: 360,
      frames: CLIP_FRAMES,
    });
    expect(poster).toMatchObject({ width: 480, height: 360 });
    // A camera move: the last frame is not the first, and the middle lies between.
    const first = await frame(video.data, 0);
    const last = await frame(video.data, -1);
    expect(difference(first, last)).toBeGreaterThan(4);
    expect(video.data.length).toBeLessThan(2 * 1024 * 1024);
  });

  it('moves more with high motion than with low', async () => {
    const parent = await upscale();
    const low = (await renderClip(parent, 'low', 5)).video.data;
    const high = (await renderClip(parent, 'high', 5)).video.data;
    const moved = async (data: Buffer) => difference(await frame(data, 0), await frame(data, -1));
    expect(await moved(high)).toBeGreaterThan(await moved(low));
  });

  it('goes on from the last frame of the clip it extends', async () => {
    const parent = await upscale();
    const clip = await renderClip(parent, 'low', 5);
    const extended = await renderClip({ ...parent, action: 'VIDEO', video: clip.video }, 'low', 8);
    const lastOfParent = await frame(clip.video.data, -1);
    const firstOfExtension = await frame(extended.video.data, 0);
    const firstOfParent = await frame(clip.video.data, 0);
    expect(difference(lastOfParent, firstOfExtension)).toBeLessThan(
      difference(firstOfParent, firstOfExtension),
    );
  });
});

describe('BuiltinEngine animate and extend', () => {
  const engine = new BuiltinEngine({ stepMs: 0 });

  it('answers Animate on an upscale with a clip, its poster, and Extend buttons', async () => {
    const result = await engine.run(
      { kind: 'animate', parent: await upscale(), prompt: 'a red moon', motion: 'low' },
      context(),
    );
    expect(result.video?.mime).toBe('image/webp');
    expect(result.image).toMatchObject({ width: 480, height: 360 });
    expect(result.buttons.map((b) => parseCustomId(b.customId))).toEqual([
      { kind: 'extend', motion: 'high', index: 1, hash: buttonHash('clip-task') },
      { kind: 'extend', motion: 'low', index: 1, hash: buttonHash('clip-task') },
    ]);
  });

  it('refuses Animate on a grid and Extend without a clip', async () => {
    const grid = { ...(await upscale()), action: 'IMAGINE' as const };
    await expect(
      engine.run({ kind: 'animate', parent: grid, prompt: 'x', motion: 'low' }, context()),
    ).rejects.toBeInstanceOf(EngineFailure);
    await expect(
      engine.run(
        { kind: 'extend', parent: await upscale(), prompt: 'x', motion: 'low', index: 1 },
        context(),
      ),
    ).rejects.toThrow(/finished clip/);
  });
});
