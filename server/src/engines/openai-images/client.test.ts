import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskFailureCode } from '@draw/shared';
import { FAKE_KEY, startFakeOpenAIImages, type FakeOpenAIImages } from '../../../test/fakes/openai-images';
import type { EngineFailure, EngineJob } from '../port';
import { OpenAIImagesClient, retryAfterMs } from './client';
import { OpenAIImagesEngine } from './engine';

const signal = () => new AbortController().signal;

/** A fetch that answers one streamed body, cut into the given pieces (as a network would). */
function streamingFetch(pieces: string[], contentType = 'text/event-stream'): typeof fetch {
  return async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': contentType } });
  };
}

const png1x1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';

describe('openai-images client', () => {
  it('reads events cut anywhere across network chunks, partials first', async () => {
    const partial = `event: image_generation.partial_image\ndata: {"type":"image_generation.partial_image","b64_json":"${png1x1}","partial_image_index":0}\n\n`;
    const completed = `event: image_generation.completed\ndata: {"type":"image_generation.completed","b64_json":"${png1x1}","usage":{}}\n\n`;
    const text = partial + completed;
    const pieces = [
      text.slice(0, 17),
      text.slice(17, 90),
      text.slice(90, partial.length + 5),
      text.slice(partial.length + 5),
    ];
    const client = new OpenAIImagesClient({
      baseUrl: 'http://x/v1',
      apiKey: 'k',
      timeoutMs: 5000,
      fetch: streamingFetch(pieces),
    });
    const seen: number[] = [];
    const images = await client.create(
      { endpoint: 'generations', fields: { prompt: 'p' } },
      { signal: signal(), onPartial: (_image, index) => void seen.push(index) },
    );
    expect(seen).toEqual([0]);
    expect(images).toHaveLength(1);
    expect(images[0]!.toString('base64')).toBe(png1x1);
  });

  it('refuses an answer larger than its bound instead of reading on', async () => {
    const client = new OpenAIImagesClient({
      baseUrl: 'http://x/v1',
      apiKey: 'k',
      timeoutMs: 5000,
      maxAnswerBytes: 1000,
      fetch: streamingFetch(['x'.repeat(600), 'x'.repeat(600)], 'application/json'),
    });
    const error = await client
      .create({ endpoint: 'generations', fields: { prompt: 'p' } }, { signal: signal() })
      .catch((e: unknown) => e);
    expect((error as EngineFailure).failure.code).toBe(TaskFailureCode.EngineBadAnswer);
  });

  it('reads retry-after-ms, retry-after in seconds and as a date', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '1500', 'retry-after': '9' }))).toBe(1500);
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4_000)).toBe(6000);
    expect(retryAfterMs(new Headers())).toBeNull();
  });

  it('a cancel (our signal) stops the call and is not turned into a failure', async () => {
    const controller = new AbortController();
    const fetchNever: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
      );
    const client = new OpenAIImagesClient({
      baseUrl: 'http://x/v1',
      apiKey: 'k',
      timeoutMs: 60_000,
      fetch: fetchNever,
    });
    const pending = client
      .create({ endpoint: 'generations', fields: { prompt: 'p' } }, { signal: controller.signal })
      .catch((e: unknown) => e);
    const reason = new Error('cancelled by the user');
    controller.abort(reason);
    expect(await pending).toBe(reason);
  });
});

describe('a compatible server’s own model', () => {
  let fake: FakeOpenAIImages;
  beforeAll(async () => {
    fake = await startFakeOpenAIImages({ compatibleModels: ['stablediffusion'] });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('is asked once with n: 4 and response_format b64_json, without streaming', async () => {
    const engine = new OpenAIImagesEngine({ baseUrl: fake.url, apiKey: FAKE_KEY, model: 'stablediffusion' });
    const job: EngineJob = {
      kind: 'imagine',
      prompt: 'a lighthouse',
      seed: 1,
      botType: 'MID_JOURNEY',
      references: [],
    };
    const result = await engine.run(job, {
      taskId: 't',
      signal: signal(),
      onProgress: async () => undefined,
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.fields).toEqual({
      model: 'stablediffusion',
      prompt: 'a lighthouse',
      n: 4,
      size: '1024x1024',
      response_format: 'b64_json',
    });
    expect(result.image).toMatchObject({ width: 2048, height: 2048 });
  });
});
