import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EngineFeature, TaskFailureCode } from '@draw/shared';
import {
  FAKE_KEY,
  startFakeOpenAIImages,
  type FakeOpenAIImages,
  type ReceivedRequest,
} from '../../../test/fakes/openai-images';
import { loadConfig } from '../../config';
import {
  EngineFailure,
  type EngineJob,
  type EngineProgress,
  type EngineRunContext,
  type ParentImage,
} from '../port';
import { createEngine } from '../create';
import { OpenAIImagesEngine, type OpenAIImagesOptions } from './engine';
import { isValidSize, profileOf } from './models';

let fake: FakeOpenAIImages;
beforeAll(async () => {
  fake = await startFakeOpenAIImages();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.holdAfterPartials = false;
});

const engineFor = (options: Partial<OpenAIImagesOptions> = {}) =>
  new OpenAIImagesEngine({ baseUrl: fake.url, apiKey: FAKE_KEY, rateLimitBackoffMs: 1, ...options });

function runContext(onUpdate?: (update: EngineProgress) => void) {
  const progress: EngineProgress[] = [];
  const context: EngineRunContext = {
    taskId: 'task-1',
    signal: new AbortController().signal,
    onProgress: async (update) => {
      progress.push(update);
      onUpdate?.(update);
    },
  };
  return { context, progress };
}

async function run(engine: OpenAIImagesEngine, job: EngineJob, onUpdate?: (update: EngineProgress) => void) {
  const { context, progress } = runContext(onUpdate);
  const result = await engine.run(job, context);
  return { result, progress };
}

async function failureOf(engine: OpenAIImagesEngine, job: EngineJob): Promise<EngineFailure> {
  const error = await engine.run(job, runContext().context).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(EngineFailure);
  return error as EngineFailure;
}

/** A 2×2 grid whose quadrants are red, green, blue and white. */
async function gridParent(action: ParentImage['action'] = 'IMAGINE', side = 1024): Promise<ParentImage> {
  const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffffff'];
  const tiles = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width: side, height: side, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  const data = await sharp({
    create: { width: side * 2, height: side * 2, channels: 3, background: '#000000' },
  })
    .composite(tiles.map((input, i) => ({ input, left: (i % 2) * side, top: Math.floor(i / 2) * side })))
    .png()
    .toBuffer();
  return {
    taskId: 'parent',
    action,
    prompt: 'a red fox',
    seed: 42,
    image: { data, mime: 'image/png', width: side * 2, height: side * 2 },
  };
}

async function upscaledParent(width = 1024, height = 1024): Promise<ParentImage> {
  const data = await sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  return {
    taskId: 'parent',
    action: 'UPSCALE',
    prompt: 'a red fox',
    seed: 42,
    image: { data, mime: 'image/png', width, height },
  };
}

async function alphaAt(png: Buffer, x: number, y: number): Promise<number> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return data[(y * info.width + x) * info.channels + 3]!;
}

const imagine = (prompt: string): EngineJob => ({
  kind: 'imagine',
  prompt,
  seed: 7,
  botType: 'MID_JOURNEY',
  references: [],
});
const fileFields = (request: ReceivedRequest) => request.files.map((f) => f.field);

describe('openai-images engine: imagine', () => {
  it('draws a 2×2 grid from four streamed calls, with partial previews and the grid buttons', async () => {
    // As upstream, the final images come after the partials have been shown (the fake sends them
    // all at once otherwise, and a preview still being drawn when the task ends is rightly dropped).
    fake.holdAfterPartials = true;
    const { result, progress } = await run(
      engineFor(),
      imagine('a red fox in the snow --ar 1:1 --no cars'),
      (update) => {
        if (update.preview) fake.holdAfterPartials = false;
      },
    );

    expect(fake.requests).toHaveLength(4);
    for (const request of fake.requests) {
      expect(request.endpoint).toBe('generations');
      expect(request.authorization).toBe(`Bearer ${FAKE_KEY}`);
      expect(request.fields).toEqual({
        model: 'gpt-image-1.5',
        prompt: 'a red fox in the snow. Without cars.',
        n: 1,
        size: '1024x1024',
        stream: true,
        partial_images: 2,
      });
    }
    expect(result.image).toMatchObject({ mime: 'image/png', width: 2048, height: 2048 });
    expect(result.buttons.map((b) => b.label || b.emoji)).toEqual([
      'U1',
      'U2',
      'U3',
      'U4',
      '🔄',
      'V1',
      'V2',
      'V3',
      'V4',
    ]);
    expect(Number(result.seed)).toBe(7);

    const previews = progress.filter((p) => p.preview);
    expect(previews.length).toBeGreaterThan(0);
    expect(previews[0]!.preview).toMatchObject({ mime: 'image/jpeg', width: 512, height: 512 });
    const figures = progress.map((p) => p.progress);
    expect(figures).toEqual([...figures].sort((a, b) => a - b));
    expect(Math.max(...figures)).toBeLessThanOrEqual(100);
  });

  it('asks for the standard size nearest the prompt’s shape, and a free size on gpt-image-2', async () => {
    await run(engineFor(), imagine('a city at night --ar 16:9'));
    expect(fake.requests[0]!.fields.size).toBe('1536x1024');

    fake.requests.length = 0;
    const { result } = await run(engineFor({ model: 'gpt-image-2' }), imagine('a city at night --ar 16:9'));
    const [width, height] = String(fake.requests[0]!.fields.size).split('x').map(Number);
    expect(isValidSize(profileOf('gpt-image-2'), { width: width!, height: height! })).toBe(true);
    expect(width! / height!).toBeCloseTo(16 / 9, 1);
    expect(result.image).toMatchObject({ width: width! * 2, height: height! * 2 });
  });

  it('sends image prompts as the input images of an edit', async () => {
    const reference = (await upscaledParent(640, 480)).image;
    await run(engineFor(), {
      ...imagine('https://example.com/a.png a cat'),
      references: [reference],
    } as EngineJob);
    expect(fake.requests.every((r) => r.endpoint === 'edits')).toBe(true);
    expect(fileFields(fake.requests[0]!)).toEqual(['image']);
    expect(fake.requests[0]!.fields.prompt).toBe('a cat');
  });
});

describe('openai-images engine: actions on a grid', () => {
  it('U2 gives the second tile at full size without calling the API', async () => {
    const parent = await gridParent();
    const { result } = await run(engineFor(), { kind: 'upscale', parent, index: 2, mode: 'default' });
    expect(fake.requests).toHaveLength(0);
    expect(result.image).toMatchObject({ width: 1024, height: 1024 });
    const { dominant } = await sharp(result.image!.data).stats();
    expect(dominant).toMatchObject({ g: expect.any(Number) });
    const [r, g, b] = (await sharp(result.image!.data).raw().toBuffer()).subarray(0, 3);
    expect([r, g, b]).toEqual([0, 255, 0]);
    expect(result.buttons.map((b) => b.label)).toContain('Vary (Region)');
  });

  it('Upscale (Creative) asks for a redraw of the tile with high fidelity; (Subtle) doubles it here', async () => {
    const parent = await upscaledParent();
    const subtle = await run(engineFor(), { kind: 'upscale', parent, index: 1, mode: 'subtle' });
    expect(fake.requests).toHaveLength(0);
    expect(subtle.result.image).toMatchObject({ width: 2048, height: 2048 });

    await run(engineFor(), { kind: 'upscale', parent, index: 1, mode: 'creative' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      endpoint: 'edits',
      fields: { input_fidelity: 'high', n: '1', size: '1024x1024' },
    });
  });

  it('V3 sends the third tile to edits with the prompt; subtle keeps fidelity high, strong low', async () => {
    const parent = await gridParent();
    await run(engineFor(), {
      kind: 'variation',
      parent,
      prompt: 'a red fox',
      seed: 9,
      index: 3,
      strength: 'subtle',
    });
    expect(fake.requests).toHaveLength(4);
    const [first] = fake.requests;
    expect(first!.endpoint).toBe('edits');
    expect(first!.files).toHaveLength(1);
    expect(first!.files[0]).toMatchObject({ field: 'image', type: 'image/png', width: 1024, height: 1024 });
    const [r, g, b] = (await sharp(first!.files[0]!.data).removeAlpha().raw().toBuffer()).subarray(0, 3);
    expect([r, g, b]).toEqual([0, 0, 255]);
    expect(first!.fields).toMatchObject({
      input_fidelity: 'high',
      size: '1024x1024',
      stream: 'true',
      model: 'gpt-image-1.5',
    });
    expect(String(first!.fields.prompt)).toMatch(/subtle variation.*a red fox/);

    fake.requests.length = 0;
    await run(engineFor(), {
      kind: 'variation',
      parent,
      prompt: 'a red fox',
      seed: 9,
      index: 1,
      strength: 'strong',
    });
    expect(fake.requests[0]!.fields.input_fidelity).toBe('low');
  });

  it('gpt-image-2 gets no input_fidelity (it refuses the field)', async () => {
    const parent = await gridParent();
    await run(engineFor({ model: 'gpt-image-2' }), {
      kind: 'variation',
      parent,
      prompt: 'a red fox',
      seed: 9,
      index: 1,
      strength: 'subtle',
    });
    expect(fake.requests).toHaveLength(4);
    expect('input_fidelity' in fake.requests[0]!.fields).toBe(false);
  });

  it('🔄 asks generations again with the (remixed) prompt', async () => {
    const parent = await gridParent();
    const { result } = await run(engineFor(), {
      kind: 'reroll',
      parent,
      prompt: 'a blue fox --ar 2:3',
      seed: 11,
      remix: true,
    });
    expect(fake.requests.map((r) => r.endpoint)).toEqual([
      'generations',
      'generations',
      'generations',
      'generations',
    ]);
    expect(fake.requests[0]!.fields).toMatchObject({ prompt: 'a blue fox', size: '1024x1536' });
    expect(result.image).toMatchObject({ width: 2048, height: 3072 });
  });
});

describe('openai-images engine: outpaint and region', () => {
  it('zoom out 2× sends the picture shrunk on a transparent canvas with a mask transparent over the new ring', async () => {
    const parent = await upscaledParent();
    await run(engineFor(), { kind: 'zoom', parent, prompt: 'a red fox', seed: 3, factor: 2 });
    expect(fake.requests).toHaveLength(4);
    const request = fake.requests[0]!;
    expect(fileFields(request)).toEqual(['image', 'mask']);
    const [image, mask] = request.files;
    expect(request.fields.size).toBe('1024x1024');
    expect(image).toMatchObject({ type: 'image/png', width: 1024, height: 1024, hasAlpha: true });
    expect(mask).toMatchObject({ type: 'image/png', width: 1024, height: 1024, hasAlpha: true });
    // The ring is to repaint (alpha 0), the original half-size picture in the middle is kept.
    expect(await alphaAt(mask!.data, 10, 10)).toBe(0);
    expect(await alphaAt(mask!.data, 512, 512)).toBe(255);
    expect(await alphaAt(image!.data, 10, 10)).toBe(0);
    expect(await alphaAt(image!.data, 512, 512)).toBe(255);
  });

  it('pan right on a square picture asks for the 3:2 size with the right third to repaint', async () => {
    const parent = await upscaledParent();
    await run(engineFor(), { kind: 'pan', parent, prompt: 'a red fox', seed: 3, direction: 'right' });
    const request = fake.requests[0]!;
    expect(request.fields.size).toBe('1536x1024');
    const mask = request.files.find((f) => f.field === 'mask')!;
    expect(mask).toMatchObject({ width: 1536, height: 1024 });
    expect(await alphaAt(mask.data, 1500, 500)).toBe(0);
    expect(await alphaAt(mask.data, 100, 500)).toBe(255);
  });

  it('Vary (Region) turns our white-means-repaint mask into the API’s transparent-means-repaint one', async () => {
    const parent = await upscaledParent();
    // Our mask: white square top-left on black.
    const white = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const maskPng = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#000000' } })
      .composite([{ input: white, left: 0, top: 0 }])
      .png()
      .toBuffer();
    await run(engineFor(), {
      kind: 'region',
      parent,
      prompt: 'a hat',
      seed: 5,
      mask: { data: maskPng, mime: 'image/png', width: 1024, height: 1024 },
    });
    const request = fake.requests[0]!;
    expect(request.endpoint).toBe('edits');
    const mask = request.files.find((f) => f.field === 'mask')!;
    expect(mask).toMatchObject({ width: 1024, height: 1024, hasAlpha: true, type: 'image/png' });
    expect(await alphaAt(mask.data, 50, 50)).toBe(0);
    expect(await alphaAt(mask.data, 800, 800)).toBe(255);
    expect(String(request.fields.prompt)).toMatch(/a hat/);
  });

  it('a region mask that selects nothing fails before any call', async () => {
    const parent = await upscaledParent();
    const black = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const failure = await failureOf(engineFor(), {
      kind: 'region',
      parent,
      prompt: 'a hat',
      seed: 5,
      mask: { data: black, mime: 'image/png', width: 1024, height: 1024 },
    });
    expect(failure.failure.code).toBe(TaskFailureCode.EmptyMask);
    expect(fake.requests).toHaveLength(0);
  });

  it('blend sends every image as image[] in one edit per tile', async () => {
    const images = await Promise.all([
      upscaledParent(),
      upscaledParent(800, 600),
      upscaledParent(600, 800),
    ]).then((ps) => ps.map((p) => p.image));
    const { result } = await run(engineFor(), { kind: 'blend', images, dimensions: 'LANDSCAPE', seed: 1 });
    expect(fake.requests).toHaveLength(4);
    expect(fileFields(fake.requests[0]!)).toEqual(['image[]', 'image[]', 'image[]']);
    expect(fake.requests[0]!.fields.size).toBe('1536x1024');
    expect(result.image).toMatchObject({ width: 3072, height: 2048 });
  });
});

describe('openai-images engine: what it does not offer', () => {
  it('offers no describe, shorten, clips or seed, and fails such a job clearly', async () => {
    const engine = engineFor();
    expect(engine.offers(EngineFeature.Describe)).toBe(false);
    expect(engine.offers(EngineFeature.Shorten)).toBe(false);
    expect(engine.offers(EngineFeature.Video)).toBe(false);
    expect(engine.offers(EngineFeature.Cancel)).toBe(true);
    const failure = await failureOf(engine, { kind: 'shorten', prompt: 'a cat' });
    expect(failure.failure).toEqual({
      code: TaskFailureCode.EngineNotOffered,
      params: { feature: '/shorten' },
    });
  });
});

describe('openai-images engine: failures become our codes', () => {
  it('a prompt the safety system refuses → engine.refusedBySafety', async () => {
    const failure = await failureOf(engineFor(), imagine('something forbidden'));
    expect(failure.failure.code).toBe(TaskFailureCode.EngineRefusedBySafety);
  });

  it('a refusal in the middle of a stream → engine.refusedBySafety', async () => {
    fake.fail({
      kind: 'streamError',
      code: 'moderation_blocked',
      message: 'Your request was rejected by the safety system.',
    });
    const failure = await failureOf(engineFor(), imagine('a fox'));
    expect(failure.failure.code).toBe(TaskFailureCode.EngineRefusedBySafety);
  });

  it('a wrong key → engine.unauthorized, and the key is in no message', async () => {
    const failure = await failureOf(engineFor({ apiKey: 'sk-wrong-key-abcd' }), imagine('a fox'));
    expect(failure.failure.code).toBe(TaskFailureCode.EngineUnauthorized);
    expect(JSON.stringify(failure.failure) + failure.message).not.toMatch(/sk-|abcd/);
  });

  it('429 with retry-after is waited out, a bounded number of times', async () => {
    const engine = engineFor({ maxRateLimitRetries: 2 });
    fake.fail({
      kind: 'status',
      status: 429,
      code: 'rate_limit_exceeded',
      type: 'requests',
      retryAfter: '0',
    });
    const { result } = await run(engine, {
      kind: 'upscale',
      parent: await upscaledParent(),
      index: 1,
      mode: 'creative',
    });
    expect(result.image).toBeDefined();
    expect(fake.requests).toHaveLength(2);

    fake.requests.length = 0;
    const limited = {
      kind: 'status',
      status: 429,
      code: 'rate_limit_exceeded',
      type: 'requests',
      retryAfter: '0',
    } as const;
    fake.fail(limited, limited, limited);
    const failure = await failureOf(engine, {
      kind: 'upscale',
      parent: await upscaledParent(),
      index: 1,
      mode: 'creative',
    });
    expect(failure.failure.code).toBe(TaskFailureCode.EngineRateLimited);
    expect(fake.requests).toHaveLength(3);
  });

  it('a retry-after longer than we wait fails at once', async () => {
    fake.fail({ kind: 'status', status: 429, code: 'rate_limit_exceeded', retryAfter: '3600' });
    const failure = await failureOf(engineFor(), {
      kind: 'upscale',
      parent: await upscaledParent(),
      index: 1,
      mode: 'creative',
    });
    expect(failure.failure.code).toBe(TaskFailureCode.EngineRateLimited);
    expect(fake.requests).toHaveLength(1);
  });

  it('no quota left → engine.quota, not retried', async () => {
    fake.fail({
      kind: 'status',
      status: 429,
      code: 'insufficient_quota',
      type: 'insufficient_quota',
      message: 'You exceeded your current quota',
    });
    const failure = await failureOf(engineFor(), {
      kind: 'upscale',
      parent: await upscaledParent(),
      index: 1,
      mode: 'creative',
    });
    expect(failure.failure.code).toBe(TaskFailureCode.EngineQuota);
    expect(fake.requests).toHaveLength(1);
  });

  it('a 500 → engine.unavailable; the other calls of the grid are stopped', async () => {
    fake.fail({
      kind: 'status',
      status: 500,
      code: 'server_error',
      message: 'The server had an error while processing your request.',
    });
    const failure = await failureOf(engineFor(), imagine('a fox'));
    expect(failure.failure.code).toBe(TaskFailureCode.EngineUnavailable);
    expect(String(failure.failure.params.detail)).toMatch(/HTTP 500/);
  });

  it('no answer within the timeout → engine.unavailable', async () => {
    fake.fail({ kind: 'hang' });
    const failure = await failureOf(engineFor({ timeoutMs: 300 }), {
      kind: 'upscale',
      parent: await upscaledParent(),
      index: 1,
      mode: 'creative',
    });
    expect(failure.failure).toEqual({
      code: TaskFailureCode.EngineUnavailable,
      params: { detail: 'no answer within 0 s' },
    });
  });

  it('a refusal in the API’s words (a size the model does not draw) → engine.refused with them', async () => {
    // gpt-image-1-mini has the standard sizes only; ask the fake directly for a free size.
    const failure = await new OpenAIImagesEngine({
      baseUrl: fake.url,
      apiKey: FAKE_KEY,
      model: 'gpt-image-1-mini',
    }).client
      .create(
        { endpoint: 'generations', fields: { model: 'gpt-image-1-mini', prompt: 'a fox', size: '512x512' } },
        { signal: new AbortController().signal },
      )
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(EngineFailure);
    expect((failure as EngineFailure).failure).toEqual({
      code: TaskFailureCode.EngineRefused,
      params: {
        detail:
          "Invalid value: '512x512'. Supported values are: '1024x1024', '1024x1536', '1536x1024', and 'auto'.",
      },
    });
  });
});

describe('openai-images configuration', () => {
  const env = { IMAGE_ENGINE: 'openai-images', OPENAI_IMAGES_KEY: 'sk-x' };
  it('defaults to the OpenAI base URL and gpt-image-1.5, and builds the engine', () => {
    const config = loadConfig(env);
    expect(config.OPENAI_IMAGES_URL).toBe('https://api.openai.com/v1');
    expect(config.OPENAI_IMAGES_MODEL).toBe('gpt-image-1.5');
    const engine = createEngine(config);
    expect(engine).toBeInstanceOf(OpenAIImagesEngine);
    expect(engine.name).toBe('openai-images');
  });

  it('stops the start on a wrong URL, a retired model or a missing key, naming the variable', () => {
    expect(() => loadConfig({ ...env, OPENAI_IMAGES_URL: 'api.openai.com' })).toThrow(/OPENAI_IMAGES_URL/);
    expect(() => loadConfig({ ...env, OPENAI_IMAGES_MODEL: 'dall-e-3' })).toThrow(
      /OPENAI_IMAGES_MODEL=dall-e-3 is retired/,
    );
    expect(() => loadConfig({ IMAGE_ENGINE: 'openai-images' })).toThrow(/OPENAI_IMAGES_KEY/);
    // A compatible server on the team's own machine may need no key.
    expect(
      loadConfig({ IMAGE_ENGINE: 'openai-images', OPENAI_IMAGES_URL: 'http://localai:8080/v1' })
        .OPENAI_IMAGES_KEY,
    ).toBe('');
  });
});

describe('openai-images engine: health', () => {
  it('is available when GET /models takes the key; a wrong key or a closed port is not', async () => {
    const probe = () => AbortSignal.timeout(2_000);
    expect(await engineFor().health(probe())).toBe(true);
    expect(await engineFor({ apiKey: 'sk-wrong-key-000000' }).health(probe())).toBe(false);
    expect(
      await new OpenAIImagesEngine({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: FAKE_KEY }).health(probe()),
    ).toBe(false);
  });
});
