import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseCustomId } from '@draw/shared';
import {
  EngineFailure,
  type EngineImage,
  type EngineJob,
  type EngineProgress,
  type EngineRunContext,
  type ParentImage,
} from '../port';
import { BuiltinEngine, buttonHash, createBuiltinEngine } from './engine';

function context(
  taskId = 'task-1',
  signal = new AbortController().signal,
): EngineRunContext & { updates: EngineProgress[] } {
  const updates: EngineProgress[] = [];
  return {
    taskId,
    signal,
    updates,
    onProgress: async (u) => {
      updates.push(u);
    },
  };
}

async function solid(colour: string, width: number, height: number): Promise<EngineImage> {
  const data = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { data, mime: 'image/png', width, height };
}

const engine = new BuiltinEngine({ stepMs: 0 });
const imagine: EngineJob = {
  kind: 'imagine',
  prompt: 'a red fox in a snowy forest',
  seed: 77,
  botType: 'MID_JOURNEY',
  references: [],
};

describe('BuiltinEngine', () => {
  it('is honest about what it is', () => {
    const e = createBuiltinEngine();
    expect(e.name).toBe('builtin');
    expect(e.displayName).toBe('Built-in sketch engine');
    expect(e.displayName).not.toMatch(/midjourney/i);
  });

  it('imagines a grid with grid buttons carrying a hash of the task id', async () => {
    const ctx = context('task-abc');
    const result = await engine.run(imagine, ctx);
    expect(result.image).toMatchObject({ mime: 'image/png', width: 1024, height: 1024 });
    expect((await sharp(result.image!.data).metadata()).width).toBe(1024);
    expect(result.seed).toBe('77');
    const hash = buttonHash('task-abc');
    expect(hash).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(buttonHash('task-abd')).not.toBe(hash);
    expect(result.buttons.map((b) => b.label)).toEqual(['U1', 'U2', 'U3', 'U4', '', 'V1', 'V2', 'V3', 'V4']);
    expect(result.buttons.map((b) => parseCustomId(b.customId))).toContainEqual({
      kind: 'upscale',
      index: 1,
      hash,
    });
  });

  it('reports progress several times, rising, with previews of the picture', async () => {
    const ctx = context();
    const result = await engine.run(imagine, ctx);
    const values = ctx.updates.map((u) => u.progress);
    expect(values.length).toBeGreaterThanOrEqual(4);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values[0]).toBe(0);
    const previews = ctx.updates.flatMap((u) => (u.preview ? [u.preview] : []));
    expect(previews.length).toBeGreaterThanOrEqual(3);
    for (const p of previews) {
      expect(p.mime).toBe('image/jpeg');
      expect(p.data.length).toBeLessThan(result.image!.data.length);
      expect((await sharp(p.data).metadata()).width).toBe(p.width);
    }
    expect(previews[0]!.data.equals(previews.at(-1)!.data)).toBe(false);
  });

  it('is deterministic through the whole run', async () => {
    const a = await engine.run(imagine, context());
    const b = await engine.run(imagine, context());
    expect(a.image!.data.equals(b.image!.data)).toBe(true);
    const c = await engine.run({ ...imagine, seed: 78 }, context());
    expect(c.image!.data.equals(a.image!.data)).toBe(false);
  });

  it('paces itself by stepMs', async () => {
    const started = Date.now();
    await new BuiltinEngine({ stepMs: 60 }).run(
      { kind: 'shorten', prompt: 'the big red balloon' },
      context(),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 * 60 - 10);
  });

  it('rejects with an AbortError when aborted before or during the run', async () => {
    const before = new AbortController();
    before.abort();
    await expect(engine.run(imagine, context('t', before.signal))).rejects.toMatchObject({
      name: 'AbortError',
    });

    const during = new AbortController();
    const slow = new BuiltinEngine({ stepMs: 10_000 });
    const ctx = context('t', during.signal);
    const started = Date.now();
    const pending = slow.run({ kind: 'shorten', prompt: 'a quiet lake at dawn' }, ctx);
    setTimeout(() => during.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('upscales quadrant N to twice its size with the upscale buttons', async () => {
    const grid = await engine.run(imagine, context());
    const parent: ParentImage = {
      taskId: 'p',
      action: 'IMAGINE',
      prompt: imagine.prompt,
      seed: 77,
      image: grid.image!,
    };
    const up = await engine.run({ kind: 'upscale', parent, index: 4, mode: 'default' }, context('up-1'));
    expect(up.image).toMatchObject({ width: 1024, height: 1024 });
    expect(up.seed).toBe('77');
    expect(up.buttons.map((b) => b.label)).toContain('Vary (Region)');
    expect(up.buttons.map((b) => parseCustomId(b.customId)?.kind)).toContain('zoomOut');
    const zoom = await engine.run(
      {
        kind: 'zoom',
        parent: { ...parent, action: 'UPSCALE', image: up.image! },
        prompt: imagine.prompt,
        seed: 3,
        factor: 2,
      },
      context(),
    );
    expect(zoom.image).toMatchObject({ width: 1024, height: 1024 });
    const pan = await engine.run(
      {
        kind: 'pan',
        parent: { ...parent, action: 'UPSCALE', image: up.image! },
        prompt: imagine.prompt,
        seed: 3,
        direction: 'down',
      },
      context(),
    );
    expect(pan.image).toMatchObject({ width: 1024, height: 1536 });
  });

  it('varies and rerolls a grid', async () => {
    const grid = await engine.run(imagine, context());
    const parent: ParentImage = {
      taskId: 'p',
      action: 'IMAGINE',
      prompt: imagine.prompt,
      seed: 77,
      image: grid.image!,
    };
    const v = await engine.run(
      { kind: 'variation', parent, prompt: imagine.prompt, seed: 5, index: 2, strength: 'index' },
      context(),
    );
    expect(v.image).toMatchObject({ width: 1024, height: 1024 });
    expect(v.image!.data.equals(grid.image!.data)).toBe(false);
    const r = await engine.run({ kind: 'reroll', parent, prompt: imagine.prompt, seed: 6 }, context());
    expect(r.seed).toBe('6');
    expect(r.buttons).toHaveLength(9);
  });

  it('describes an image with four prompts and the describe buttons', async () => {
    const result = await engine.run({ kind: 'describe', image: await solid('#00807f', 600, 400) }, context());
    expect(result.image).toBeUndefined();
    expect(result.prompts).toHaveLength(4);
    expect(result.prompts![0]).toMatch(/teal.*--ar 3:2$/);
    expect(result.description).toContain('1️⃣');
    expect(result.buttons.map((b) => b.customId)).toEqual([
      'MJ::Job::PicReader::1',
      'MJ::Job::PicReader::2',
      'MJ::Job::PicReader::3',
      'MJ::Job::PicReader::4',
      'MJ::Picread::Retry',
    ]);
  });

  it('shortens a prompt with one button per shortened prompt', async () => {
    const result = await engine.run(
      {
        kind: 'shorten',
        prompt: 'a very beautiful portrait of an old sailor with a pipe, highly detailed --ar 2:3',
      },
      context(),
    );
    expect(result.prompts!.length).toBeGreaterThanOrEqual(2);
    expect(result.prompts).toContain('portrait old sailor pipe --ar 2:3');
    expect(result.prompts![0]).not.toMatch(/\b(a|of|an|with)\b/);
    expect(result.buttons).toHaveLength(result.prompts!.length);
    expect(result.description).toMatch(/Shortened prompts/);
  });

  it('blends images and explains bad input as EngineFailure', async () => {
    const red = await solid('#ff0000', 120, 80);
    const blue = await solid('#0000ff', 80, 120);
    const blend = await engine.run(
      { kind: 'blend', images: [red, blue], dimensions: 'LANDSCAPE', seed: 2 },
      context(),
    );
    expect(blend.image).toMatchObject({ width: 1024, height: 684 });
    await expect(
      engine.run({ kind: 'blend', images: [red], dimensions: 'SQUARE', seed: 2 }, context()),
    ).rejects.toThrow(EngineFailure);
    const parent: ParentImage = { taskId: 'p', action: 'UPSCALE', prompt: '', seed: 1, image: red };
    const bad: EngineImage = { data: Buffer.from('<html>'), mime: 'image/png', width: 1, height: 1 };
    await expect(
      engine.run({ kind: 'region', parent, prompt: 'x', seed: 1, mask: bad }, context()),
    ).rejects.toMatchObject({
      failure: {
        code: 'unreadableInput',
        params: { detail: expect.stringMatching(/^the mask: /) as unknown },
      },
    });
    await expect(
      engine.run({ kind: 'zoom', parent, prompt: '', seed: 1, factor: 3 }, context()),
    ).rejects.toMatchObject({ failure: { code: 'zoomRange', params: { factor: 3 } } });
    await expect(engine.run({ kind: 'describe', image: bad }, context())).rejects.toThrow(EngineFailure);
    await expect(engine.run({ ...imagine, prompt: '  ' }, context())).rejects.toMatchObject({
      failure: { code: 'emptyPrompt', params: {} },
    });
  });

  it('keeps results within 1.5 MB', async () => {
    const result = await engine.run(
      {
        kind: 'imagine',
        prompt: 'silk ribbons flowing in the wind',
        seed: 1,
        botType: 'NIJI_JOURNEY',
        references: [],
      },
      context(),
    );
    expect(result.image!.data.length).toBeLessThanOrEqual(1.5 * 1024 * 1024);
  });
});
