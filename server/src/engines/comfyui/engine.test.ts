import net from 'node:net';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseCustomId, TaskFailureCode } from '@draw/shared';
import { startFakeComfyUI, type FakeComfyUI } from '../../../test/fakes/comfyui';
import {
  EngineCancelled,
  EngineFailure,
  type EngineJob,
  type EngineProgress,
  type EngineRunContext,
  type ParentImage,
} from '../port';
import { ComfyUIEngine, type ComfyUIOptions } from './engine';

let fake: FakeComfyUI;
const engines: ComfyUIEngine[] = [];

beforeAll(async () => {
  fake = await startFakeComfyUI();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => fake.reset());
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
});

function engineOn(options: Partial<ComfyUIOptions> = {}): ComfyUIEngine {
  const engine = new ComfyUIEngine({
    url: fake.origin,
    checkpoint: 'model.safetensors',
    imageSize: 64,
    pollMs: 20,
    previewEveryMs: 0,
    timeoutMs: 2_000,
    ...options,
  });
  engines.push(engine);
  return engine;
}

interface Seen {
  progress: EngineProgress[];
  upstreamIds: string[];
  notes: (number | null)[];
}

function contextFor(seen: Seen, extra: Partial<EngineRunContext> = {}): EngineRunContext {
  return {
    taskId: 'task-1',
    signal: new AbortController().signal,
    onProgress: async (update) => {
      seen.progress.push(update);
    },
    rememberUpstreamId: async (id) => {
      seen.upstreamIds.push(id);
    },
    onNote: async ({ queuePosition }) => {
      seen.notes.push(queuePosition);
    },
    ...extra,
  };
}
const fresh = (): Seen => ({ progress: [], upstreamIds: [], notes: [] });

/** The workflow ComfyUI received for the nth prompt, by node class. */
const nodesOf = (n = -1) => {
  const prompt = fake.prompts.at(n)!.prompt;
  return (classType: string) =>
    Object.values(prompt)
      .filter((node) => node.class_type === classType)
      .map((node) => node.inputs);
};

async function gridParent(): Promise<ParentImage> {
  const tiles = ['#c00', '#0c0', '#00c', '#cc0'];
  const data = await sharp({ create: { width: 128, height: 128, channels: 3, background: '#000' } })
    .composite(
      await Promise.all(
        tiles.map(async (colour, i) => ({
          input: await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
            .png()
            .toBuffer(),
          left: (i % 2) * 64,
          top: Math.floor(i / 2) * 64,
        })),
      ),
    )
    .png()
    .toBuffer();
  return {
    taskId: 'parent',
    action: 'IMAGINE',
    prompt: 'a red fox --ar 1:1',
    seed: 7,
    image: { data, mime: 'image/png', width: 128, height: 128 },
  };
}

async function upscaledParent(): Promise<ParentImage> {
  const data = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#369' } })
    .png()
    .toBuffer();
  return {
    taskId: 'parent-u',
    action: 'UPSCALE',
    prompt: 'a red fox',
    seed: 7,
    image: { data, mime: 'image/png', width: 64, height: 64 },
  };
}

describe('imagine on ComfyUI', () => {
  it('draws four pictures into a 2×2 grid with U/🔄/V buttons, live progress and previews, asking for previews per prompt', async () => {
    const seen = fresh();
    const result = await engineOn().run(
      {
        kind: 'imagine',
        prompt: 'a red fox in snow --ar 2:1 --no text, blur',
        seed: 42,
        botType: 'MID_JOURNEY',
        references: [],
      },
      contextFor(seen),
    );

    expect(result.image).toMatchObject({ mime: 'image/png', width: 2 * 88 + 2 * 0, height: 2 * 48 });
    const labels = result.buttons.map((b) => b.label || b.emoji);
    expect(labels).toEqual(['U1', 'U2', 'U3', 'U4', '🔄', 'V1', 'V2', 'V3', 'V4']);
    expect(result.seed).toBe('42');
    // The grid's top-right tile is the second picture of the batch.
    const { data } = await sharp(result.image!.data)
      .extract({ left: 100, top: 10, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data]).toEqual([(42 * 37 + 80) % 256, (42 * 91 + 50) % 256, (42 * 13 + 120) % 256]);

    const body = fake.prompts.at(-1)!;
    expect(body.extra_data).toMatchObject({ preview_method: 'auto', client_id: expect.any(String) });
    expect(body.prompt_id).toBe(seen.upstreamIds[0]);
    const nodes = nodesOf();
    expect(nodes('EmptyLatentImage')).toEqual([{ width: 88, height: 48, batch_size: 4 }]);
    expect(nodes('KSampler')[0]).toMatchObject({ seed: 42, denoise: 1 });
    expect(nodes('CLIPTextEncode').map((i) => i.text)).toEqual(['a red fox in snow', 'text, blur']);
    expect(nodes('CheckpointLoaderSimple')).toEqual([{ ckpt_name: 'model.safetensors' }]);

    expect(seen.progress.map((p) => p.progress)).toEqual(
      [...seen.progress.map((p) => p.progress)].sort((a, b) => a - b),
    );
    expect(seen.progress.some((p) => p.progress > 0)).toBe(true);
    const previews = seen.progress.flatMap((p) => (p.preview ? [p.preview] : []));
    expect(previews.length).toBeGreaterThan(0);
    expect(previews[0]).toMatchObject({ mime: 'image/jpeg', width: 64, height: 64 });
  });

  it('sends basic auth from the URL as a header, never in the URL', async () => {
    const guarded = await startFakeComfyUI({ auth: `Basic ${Buffer.from('ann:s3cret').toString('base64')}` });
    try {
      const url = guarded.origin.replace('http://', 'http://ann:s3cret@');
      const engine = new ComfyUIEngine({
        url,
        checkpoint: 'model.safetensors',
        imageSize: 64,
        pollMs: 20,
        previewEveryMs: 0,
      });
      engines.push(engine);
      const result = await engine.run(
        { kind: 'imagine', prompt: 'a boat', seed: 1, botType: 'MID_JOURNEY', references: [] },
        contextFor(fresh()),
      );
      expect(result.image?.width).toBe(128);
      expect(guarded.requests.every((r) => !r.path.includes('s3cret'))).toBe(true);
      const wrong = new ComfyUIEngine({
        url: guarded.origin.replace('http://', 'http://ann:nope@'),
        checkpoint: 'model.safetensors',
        imageSize: 64,
        pollMs: 20,
      });
      engines.push(wrong);
      await expect(
        wrong.run(
          { kind: 'imagine', prompt: 'a boat', seed: 2, botType: 'MID_JOURNEY', references: [] },
          contextFor(fresh()),
        ),
      ).rejects.toMatchObject({ failure: { code: TaskFailureCode.ComfyUnauthorized } });
    } finally {
      await guarded.stop();
    }
  });

  it('a reroll posts the imagine workflow with its new seed (ComfyUI would replay a cached prompt)', async () => {
    const engine = engineOn();
    const parent = await gridParent();
    await engine.run({ kind: 'reroll', parent, prompt: 'a red fox', seed: 1001 }, contextFor(fresh()));
    await engine.run({ kind: 'reroll', parent, prompt: 'a red fox', seed: 1002 }, contextFor(fresh()));
    expect(nodesOf(-2)('KSampler')[0]!.seed).toBe(1001);
    expect(nodesOf(-1)('KSampler')[0]!.seed).toBe(1002);
    expect(nodesOf(-1)('EmptyLatentImage')[0]!.batch_size).toBe(4);
  });
});

describe('actions on ComfyUI', () => {
  it('U2 uploads the second tile and enlarges it with ImageScaleBy and a low-denoise pass; the result has no video buttons', async () => {
    const engine = engineOn();
    const result = await engine.run(
      { kind: 'upscale', parent: await gridParent(), index: 2, mode: 'default' },
      contextFor(fresh()),
    );
    const nodes = nodesOf();
    const loaded = String(nodes('LoadImage')[0]!.image);
    expect(loaded).toMatch(/^drawspace\/.+-image\.png$/);
    const { data } = await sharp(fake.inputs.get(loaded)!).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0, 204, 0]); // U2 = the top-right tile, green
    expect(nodes('ImageScaleBy')[0]).toMatchObject({ upscale_method: 'lanczos', scale_by: 2 });
    expect(nodes('KSampler')[0]).toMatchObject({ seed: 7, denoise: 0.3 });
    expect(result.image).toMatchObject({ width: 128, height: 128 });
    const kinds = result.buttons.map((b) => parseCustomId(b.customId)?.kind);
    expect(kinds).toContain('region');
    expect(kinds).not.toContain('animate');
  });

  it('V3 subtle and strong vary the third tile by img2img at 0.35 and 0.65, with the remix prompt', async () => {
    const engine = engineOn();
    const parent = await gridParent();
    const subtle = await engine.run(
      { kind: 'variation', parent, prompt: 'a blue fox', seed: 5, index: 3, strength: 'subtle' },
      contextFor(fresh()),
    );
    expect(nodesOf()('KSampler')[0]).toMatchObject({ seed: 5, denoise: 0.35 });
    expect(nodesOf()('RepeatLatentBatch')[0]!.amount).toBe(4);
    expect(nodesOf()('CLIPTextEncode')[0]!.text).toBe('a blue fox');
    expect(subtle.buttons.map((b) => b.label)).toContain('V1');
    await engine.run(
      { kind: 'variation', parent, prompt: 'a blue fox', seed: 6, index: 3, strength: 'strong' },
      contextFor(fresh()),
    );
    expect(nodesOf()('KSampler')[0]).toMatchObject({ seed: 6, denoise: 0.65 });
  });

  it('zoom out 2x pads every side by half the shrunken picture; pan right pads the right by half', async () => {
    const engine = engineOn();
    const parent = await upscaledParent();
    const zoomed = await engine.run(
      { kind: 'zoom', parent, prompt: 'a red fox', seed: 8, factor: 2 },
      contextFor(fresh()),
    );
    expect(nodesOf()('ImagePadForOutpaint')[0]).toMatchObject({ left: 16, right: 16, top: 16, bottom: 16 });
    expect(nodesOf()('VAEEncodeForInpaint')[0]).toMatchObject({ mask: [expect.any(String), 1] });
    expect(zoomed.image).toMatchObject({ width: 128, height: 128 });
    const panned = await engine.run(
      { kind: 'pan', parent, prompt: 'a red fox by the sea', seed: 9, direction: 'right' },
      contextFor(fresh()),
    );
    expect(nodesOf()('ImagePadForOutpaint')[0]).toMatchObject({ left: 0, right: 32, top: 0, bottom: 0 });
    expect(nodesOf()('CLIPTextEncode')[0]!.text).toBe('a red fox by the sea');
    expect(panned.image).toMatchObject({ width: 192, height: 128 });
    await expect(
      engine.run({ kind: 'zoom', parent, prompt: 'x', seed: 1, factor: 3 }, contextFor(fresh())),
    ).rejects.toMatchObject({ failure: { code: TaskFailureCode.ZoomRange } });
  });

  it('region uploads the mask and repaints through LoadImageMask and SetLatentNoiseMask; an empty mask is refused before posting', async () => {
    const engine = engineOn();
    const parent = await upscaledParent();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="black"/><rect x="16" y="16" width="32" height="32" fill="white"/></svg>';
    const mask = {
      data: await sharp(Buffer.from(svg)).png().toBuffer(),
      mime: 'image/png' as const,
      width: 64,
      height: 64,
    };
    await engine.run({ kind: 'region', parent, prompt: 'a hat', seed: 3, mask }, contextFor(fresh()));
    const nodes = nodesOf();
    const maskName = String(nodes('LoadImageMask')[0]!.image);
    expect(nodes('LoadImageMask')[0]).toMatchObject({ channel: 'red' });
    const grey = await sharp(fake.inputs.get(maskName)!).greyscale().raw().toBuffer();
    expect(grey[32 * 64 + 32]).toBe(255);
    expect(grey[0]).toBe(0);
    expect(nodes('SetLatentNoiseMask')).toHaveLength(1);
    expect(nodes('KSampler')[0]).toMatchObject({ denoise: 0.85 });

    const posted = fake.prompts.length;
    const black = {
      data: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
      mime: 'image/png' as const,
      width: 64,
      height: 64,
    };
    await expect(
      engine.run({ kind: 'region', parent, prompt: 'a hat', seed: 3, mask: black }, contextFor(fresh())),
    ).rejects.toMatchObject({ failure: { code: TaskFailureCode.EmptyMask } });
    expect(fake.prompts.length).toBe(posted);
  });

  it('is available while ComfyUI answers GET /queue, and not once it fails, refuses our credentials or is gone', async () => {
    const probe = () => AbortSignal.timeout(2_000);
    expect(await engineOn().health(probe())).toBe(true);
    fake.set({ http: 502 });
    expect(await engineOn().health(probe())).toBe(false);
    fake.set({ http: null });
    const closed = new ComfyUIEngine({
      url: `http://127.0.0.1:${await closedPort()}`,
      checkpoint: 'model.safetensors',
      timeoutMs: 500,
    });
    engines.push(closed);
    expect(await closed.health(probe())).toBe(false);
  });

  it('offers neither describe, blend, shorten nor clips; only cancel', () => {
    const engine = engineOn();
    expect(['shorten', 'seed', 'video', 'describe', 'blend'].map((f) => engine.offers(f as never))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(engine.offers('cancel')).toBe(true);
  });
});

describe('nothing stuck', () => {
  it('a restarted server follows the prompt through /history and never posts it again', async () => {
    fake.set({ paused: true });
    const first = engineOn();
    const controller = new AbortController();
    const seen = fresh();
    const job: EngineJob = {
      kind: 'imagine',
      prompt: 'a lighthouse',
      seed: 77,
      botType: 'MID_JOURNEY',
      references: [],
    };
    const running = first.run(job, contextFor(seen, { signal: controller.signal }));
    await until(() => fake.running !== null && seen.progress.length > 0);
    controller.abort(new Error('shutdown'));
    await expect(running).rejects.toThrow('shutdown');
    first.close();
    expect(fake.count('POST', '/prompt')).toBe(1);

    const second = engineOn();
    const resumed = second.run(job, contextFor(fresh(), { upstreamId: seen.upstreamIds[0]! }));
    await until(() => fake.count('GET', `/history/${seen.upstreamIds[0]}`) > 3);
    fake.set({ paused: false });
    const result = await resumed;
    expect(result.image?.width).toBe(128);
    expect(fake.count('POST', '/prompt')).toBe(1);
  });

  it('a resumed prompt ComfyUI no longer knows fails as forgotten', async () => {
    const failure = await engineOn()
      .run(
        { kind: 'imagine', prompt: 'x', seed: 1, botType: 'MID_JOURNEY', references: [] },
        contextFor(fresh(), { upstreamId: '4f1b2c8e-0000-4000-8000-000000000000' }),
      )
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ failure: { code: TaskFailureCode.ComfyForgotten } });
  });

  it('cancel interrupts the running prompt and deletes a pending one from the queue', async () => {
    fake.set({ paused: true });
    const engine = engineOn();
    const first = fresh();
    const second = fresh();
    const a = engine
      .run(
        { kind: 'imagine', prompt: 'one', seed: 1, botType: 'MID_JOURNEY', references: [] },
        contextFor(first),
      )
      .catch((e: unknown) => e);
    await until(() => fake.running !== null);
    const b = engine
      .run(
        { kind: 'imagine', prompt: 'two', seed: 2, botType: 'MID_JOURNEY', references: [] },
        contextFor(second),
      )
      .catch((e: unknown) => e);
    await until(() => fake.pending.length === 1 && second.notes.includes(1));

    await engine.cancel(second.upstreamIds[0]!);
    expect(fake.requests.find((r) => r.path === '/queue' && r.method === 'POST')?.body).toEqual({
      delete: [second.upstreamIds[0]],
    });
    expect(fake.pending).toHaveLength(0);
    await engine.cancel(first.upstreamIds[0]!);
    expect(fake.requests.find((r) => r.path === '/interrupt')?.body).toEqual({
      prompt_id: first.upstreamIds[0],
    });
    fake.set({ paused: false });
    // The interrupted one ends as interrupted at ComfyUI; the dequeued one is forgotten.
    expect(await a).toBeInstanceOf(EngineCancelled);
    expect(await b).toMatchObject({ failure: { code: TaskFailureCode.ComfyForgotten } });
  });
});

describe('errors become our failure codes', () => {
  const imagine = (seed: number): EngineJob => ({
    kind: 'imagine',
    prompt: 'a cat',
    seed,
    botType: 'MID_JOURNEY',
    references: [],
  });

  it('a missing checkpoint (400 node_errors) is a bad workflow naming it', async () => {
    const error = await engineOn({ checkpoint: 'nope.safetensors' })
      .run(imagine(1), contextFor(fresh()))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineFailure);
    expect((error as EngineFailure).failure).toMatchObject({
      code: TaskFailureCode.ComfyBadWorkflow,
      params: { detail: expect.stringContaining("ckpt_name: 'nope.safetensors' not in") },
    });
  });

  it('execution_error out of memory, and any other execution error with its node', async () => {
    fake.set({ fail: 'oom' });
    expect(
      await engineOn()
        .run(imagine(2), contextFor(fresh()))
        .catch((e: unknown) => e),
    ).toMatchObject({ failure: { code: TaskFailureCode.ComfyOutOfMemory } });
    fake.set({ fail: 'error' });
    const error = (await engineOn()
      .run(imagine(3), contextFor(fresh()))
      .catch((e: unknown) => e)) as EngineFailure;
    expect(error.failure).toMatchObject({
      code: TaskFailureCode.ComfyFailed,
      params: {
        node: expect.stringMatching(/^KSampler #/),
        detail: expect.stringContaining('mat1 and mat2'),
      },
    });
  });

  it('a 5xx, an unreachable server and one that never answers are "ComfyUI unavailable"', async () => {
    fake.set({ http: 502 });
    expect(
      await engineOn()
        .run(imagine(4), contextFor(fresh()))
        .catch((e: unknown) => e),
    ).toMatchObject({ failure: { code: TaskFailureCode.ComfyDown, params: { detail: 'HTTP 502' } } });
    fake.set({ http: 'hang' });
    expect(
      await engineOn({ timeoutMs: 300 })
        .run(imagine(5), contextFor(fresh()))
        .catch((e: unknown) => e),
    ).toMatchObject({
      failure: { code: TaskFailureCode.ComfyDown, params: { detail: 'no answer within 0.3 s' } },
    });
    fake.set({ http: null });
    const closed = new ComfyUIEngine({
      url: `http://127.0.0.1:${await closedPort()}`,
      checkpoint: 'model.safetensors',
      timeoutMs: 500,
    });
    engines.push(closed);
    expect(await closed.run(imagine(6), contextFor(fresh())).catch((e: unknown) => e)).toMatchObject({
      failure: { code: TaskFailureCode.ComfyDown, params: { detail: 'connection refused' } },
    });
  });

  it('losing ComfyUI while following a prompt is "lost", after a few polls', async () => {
    fake.set({ paused: true });
    const seen = fresh();
    const run = engineOn({ maxPollFailures: 3 })
      .run(imagine(7), contextFor(seen))
      .catch((e: unknown) => e);
    await until(() => fake.running !== null);
    fake.set({ http: 503 });
    expect(await run).toMatchObject({ failure: { code: TaskFailureCode.ComfyLost } });
  });
});

/** A loopback port nothing listens on any more. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
