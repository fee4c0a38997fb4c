import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { TaskFailureCode } from '@draw/shared';
import { EngineFailure } from '../port';
import { pause } from '../midjourney-proxy/images';

/**
 * A small client of the OpenAI Images API (`POST /images/generations`, `POST /images/edits`),
 * written from openai/openai-openapi. It speaks to any compatible server: the base URL is
 * configured, nothing is tied to api.openai.com. The key goes only in the Authorization header and
 * never into an error, a log line or a URL.
 *
 * Why not the official `openai` package: its current line (7.x) needs Node 22 while we run on 20,
 * it reads answers without a size bound (a relay could send us gigabytes), and its retry policy
 * would retry a timed-out two-minute image call. Two routes, multipart and SSE are little code
 * here; SSE framing comes from `eventsource-parser`.
 */

export type ImageEndpoint = 'generations' | 'edits';
export type InputMime = 'image/png' | 'image/jpeg' | 'image/webp';

export interface InputImage {
  data: Buffer;
  mime: InputMime;
  name: string;
}

export interface ImageCall {
  endpoint: ImageEndpoint;
  /** The form fields (JSON body for generations, multipart fields for edits). */
  fields: Record<string, string | number | boolean>;
  /** Edits: one image goes as `image`, several as `image[]` (the spec's curl example). */
  images?: InputImage[];
  /** Edits: PNG whose fully transparent pixels mark what to repaint, the first image's size. */
  mask?: InputImage;
}

export interface CallHooks {
  signal: AbortSignal;
  /** A streamed partial image (`*.partial_image`), decoded from base64. */
  onPartial?(image: Buffer, index: number): Promise<void> | void;
}

export interface OpenAIImagesClientOptions {
  /** `OPENAI_IMAGES_URL`: the base URL ending in `/v1`. */
  baseUrl: string;
  /** `OPENAI_IMAGES_KEY`: sent as a Bearer token; empty = none (a local server without auth). */
  apiKey: string;
  /** One call (its whole answer, streamed or not) gives up after this long. */
  timeoutMs: number;
  /** 429s retried after their `retry-after` before the call fails. */
  maxRateLimitRetries?: number;
  /** A `retry-after` longer than this is not waited for: the call fails at once. */
  maxRetryWaitMs?: number;
  /** Pause after a 429 without `retry-after` (doubles each time). */
  rateLimitBackoffMs?: number;
  /** Largest answer read, streamed partials included. */
  maxAnswerBytes?: number;
  fetch?: typeof fetch;
}

export const CLIENT_DEFAULTS = {
  maxRateLimitRetries: 3,
  maxRetryWaitMs: 60_000,
  rateLimitBackoffMs: 2_000,
  maxAnswerBytes: 160 * 1024 * 1024,
} as const;

/** The API's error body: `{ error: { message, type, param, code } }`. */
interface ApiError {
  message: string;
  type: string;
  code: string;
}

function readApiError(json: unknown): ApiError | null {
  const error = (json as { error?: unknown } | null)?.error;
  if (!error || typeof error !== 'object') return null;
  const field = (name: string) => {
    const value = (error as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : '';
  };
  return { message: field('message'), type: field('type'), code: field('code') };
}

const SAFETY_CODES = new Set(['moderation_blocked', 'content_policy_violation']);

/** Cut to a sentence a person can read in a task card. */
const clip = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** What an HTTP error (or a streamed `error` event) means for the task. */
export function failureOf(status: number, error: ApiError | null): EngineFailure {
  if (error && SAFETY_CODES.has(error.code)) return new EngineFailure(TaskFailureCode.EngineRefusedBySafety);
  // 401 words the key ("Incorrect API key provided: sk-…"): never copied into the task.
  if (status === 401 || status === 403) return new EngineFailure(TaskFailureCode.EngineUnauthorized);
  if (error?.code === 'insufficient_quota' || error?.code === 'billing_hard_limit_reached')
    return new EngineFailure(TaskFailureCode.EngineQuota);
  if (status === 429) return new EngineFailure(TaskFailureCode.EngineRateLimited);
  if (status >= 500)
    return new EngineFailure(TaskFailureCode.EngineUnavailable, {
      detail: `HTTP ${status}${error?.message ? `: ${clip(error.message, 120)}` : ''}`,
    });
  const said = error?.message || error?.code || `HTTP ${status}`;
  return new EngineFailure(TaskFailureCode.EngineRefused, { detail: clip(said) });
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** `retry-after-ms` (OpenAI's own) or `retry-after` in seconds or as a date; null when absent. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (!value) return null;
  const secs = Number(value);
  if (Number.isFinite(secs) && secs >= 0) return secs * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

function networkDetail(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? clip(error.message, 120) : 'network error';
}

export class OpenAIImagesClient {
  private readonly doFetch: typeof fetch;
  private readonly base: string;
  private readonly limits: { -readonly [K in keyof typeof CLIENT_DEFAULTS]: number };

  constructor(private readonly options: OpenAIImagesClientOptions) {
    this.doFetch = options.fetch ?? fetch;
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.limits = {
      maxRateLimitRetries: options.maxRateLimitRetries ?? CLIENT_DEFAULTS.maxRateLimitRetries,
      maxRetryWaitMs: options.maxRetryWaitMs ?? CLIENT_DEFAULTS.maxRetryWaitMs,
      rateLimitBackoffMs: options.rateLimitBackoffMs ?? CLIENT_DEFAULTS.rateLimitBackoffMs,
      maxAnswerBytes: options.maxAnswerBytes ?? CLIENT_DEFAULTS.maxAnswerBytes,
    };
  }

  /** One API call: its images (base64-decoded, in order); 429s waited out a bounded number of times. */
  async create(call: ImageCall, hooks: CallHooks): Promise<Buffer[]> {
    const { maxRateLimitRetries, maxRetryWaitMs, rateLimitBackoffMs } = this.limits;
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.once(call, hooks);
      if (outcome.kind === 'images') return outcome.images;
      const failure = outcome.failure;
      if (failure.failure.code !== TaskFailureCode.EngineRateLimited || attempt >= maxRateLimitRetries)
        throw failure;
      const wait = outcome.retryAfterMs ?? rateLimitBackoffMs * 2 ** attempt;
      if (wait > maxRetryWaitMs) throw failure;
      await pause(wait, hooks.signal);
    }
  }

  /**
   * True when the server answers `GET /models` and takes the key: a 401/403 or a 5xx is not
   * available; a compatible server without that route (404) is, since it answered.
   */
  async answers(signal: AbortSignal): Promise<boolean> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const headers: Record<string, string> = this.options.apiKey
        ? { authorization: `Bearer ${this.options.apiKey}` }
        : {};
      const res = await this.doFetch(`${this.base}/models`, {
        method: 'GET',
        headers,
        redirect: 'manual',
        signal: AbortSignal.any([signal, timeout]),
      });
      await res.body?.cancel().catch(() => undefined);
      return res.status !== 401 && res.status !== 403 && res.status < 500;
    } catch {
      return false;
    }
  }

  private request(call: ImageCall): { body: string | FormData; headers: Record<string, string> } {
    const headers: Record<string, string> = { accept: 'application/json, text/event-stream' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    if (call.endpoint === 'generations') {
      headers['content-type'] = 'application/json';
      return { body: JSON.stringify(call.fields), headers };
    }
    // multipart/form-data: fetch sets the boundary. Every part carries its Content-Type (the API
    // refuses `application/octet-stream` images).
    const form = new FormData();
    for (const [name, value] of Object.entries(call.fields)) form.append(name, String(value));
    const images = call.images ?? [];
    const imageField = images.length > 1 ? 'image[]' : 'image';
    for (const image of images)
      form.append(imageField, new Blob([image.data], { type: image.mime }), image.name);
    if (call.mask) form.append('mask', new Blob([call.mask.data], { type: call.mask.mime }), call.mask.name);
    return { body: form, headers };
  }

  private async once(
    call: ImageCall,
    hooks: CallHooks,
  ): Promise<
    | { kind: 'images'; images: Buffer[] }
    | { kind: 'failed'; failure: EngineFailure; retryAfterMs: number | null }
  > {
    const { timeoutMs } = this.options;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([hooks.signal, timeout]);
    const unavailable = (detail: string) => new EngineFailure(TaskFailureCode.EngineUnavailable, { detail });
    const stopped = (error: unknown): never => {
      if (hooks.signal.aborted) throw hooks.signal.reason;
      if (timeout.aborted) throw unavailable(`no answer within ${seconds(timeoutMs)}`);
      if (error instanceof EngineFailure) throw error;
      throw unavailable(networkDetail(error));
    };
    let res: Response;
    try {
      const { body, headers } = this.request(call);
      res = await this.doFetch(`${this.base}/images/${call.endpoint}`, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal,
      });
    } catch (error) {
      return stopped(error);
    }
    try {
      if (res.status !== 200) {
        const text = await this.readAll(res);
        let json: unknown = null;
        try {
          json = JSON.parse(text);
        } catch {
          // a proxy's HTML page: the status says enough
        }
        return {
          kind: 'failed',
          failure: failureOf(res.status, readApiError(json)),
          retryAfterMs: retryAfterMs(res.headers),
        };
      }
      const type = res.headers.get('content-type') ?? '';
      const images = type.includes('text/event-stream')
        ? await this.readStream(res, hooks)
        : imagesOf(await this.readAll(res));
      if (images.length === 0)
        throw new EngineFailure(TaskFailureCode.EngineBadAnswer, { detail: 'no image in the answer' });
      return { kind: 'images', images };
    } catch (error) {
      await res.body?.cancel().catch(() => undefined);
      return stopped(error);
    }
  }

  private async *chunks(res: Response): AsyncGenerator<Uint8Array> {
    if (!res.body) return;
    const max = this.limits.maxAnswerBytes;
    let size = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > max)
        throw new EngineFailure(TaskFailureCode.EngineBadAnswer, {
          detail: `answer larger than ${Math.round(max / 1024 / 1024)} MB`,
        });
      yield chunk;
    }
  }

  private async readAll(res: Response): Promise<string> {
    const parts: Buffer[] = [];
    for await (const chunk of this.chunks(res)) parts.push(Buffer.from(chunk));
    return Buffer.concat(parts).toString('utf8');
  }

  /** `text/event-stream`: partial images go to the hook as they come; each `*.completed` is one image. */
  private async readStream(res: Response, hooks: CallHooks): Promise<Buffer[]> {
    const events: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (event) => events.push(event) });
    const decoder = new TextDecoder();
    const images: Buffer[] = [];
    for await (const chunk of this.chunks(res)) {
      parser.feed(decoder.decode(chunk, { stream: true }));
      for (const event of events.splice(0)) {
        const found = await this.handleEvent(event, hooks);
        if (found) images.push(found);
      }
    }
    return images;
  }

  private async handleEvent(event: EventSourceMessage, hooks: CallHooks): Promise<Buffer | null> {
    if (event.data === '[DONE]') return null;
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(event.data) as Record<string, unknown>;
    } catch {
      throw new EngineFailure(TaskFailureCode.EngineBadAnswer, {
        detail: `unreadable ${event.event ?? 'stream'} event`,
      });
    }
    // A refusal after the answer started (moderation of the output): `event: error`.
    const error = readApiError(json);
    if (error || event.event === 'error') throw failureOf(400, error);
    const type = typeof json.type === 'string' ? json.type : (event.event ?? '');
    const b64 = typeof json.b64_json === 'string' ? json.b64_json : '';
    if (type.endsWith('.partial_image')) {
      const index = typeof json.partial_image_index === 'number' ? json.partial_image_index : 0;
      if (b64) await hooks.onPartial?.(Buffer.from(b64, 'base64'), index);
      return null;
    }
    if (type.endsWith('.completed')) {
      if (!b64)
        throw new EngineFailure(TaskFailureCode.EngineBadAnswer, { detail: `${type} without an image` });
      return Buffer.from(b64, 'base64');
    }
    return null; // an event type newer than this client: not ours to read
  }
}

/** `ImagesResponse`: `data[].b64_json` (GPT models always; others because we ask `response_format: b64_json`). */
function imagesOf(text: string): Buffer[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new EngineFailure(TaskFailureCode.EngineBadAnswer, { detail: 'not JSON' });
  }
  const data = (json as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new EngineFailure(TaskFailureCode.EngineBadAnswer, { detail: 'no data' });
  return data.map((item: unknown) => {
    const b64 = (item as { b64_json?: unknown } | null)?.b64_json;
    if (typeof b64 !== 'string' || !b64)
      throw new EngineFailure(TaskFailureCode.EngineBadAnswer, { detail: 'an image without b64_json' });
    return Buffer.from(b64, 'base64');
  });
}
