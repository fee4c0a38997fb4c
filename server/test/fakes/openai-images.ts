import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

/**
 * A fake OpenAI Images API over real HTTP on loopback, written from openai/openai-openapi
 * (`/images/generations`, `/images/edits`, `CreateImageRequest`, `CreateImageEditRequest`,
 * `ImagesResponse`, `ImageGenStreamEvent`, `ImageEditStreamEvent`) and the API's documented
 * refusals. It checks what the real API checks and answers as it answers:
 *
 * - `Authorization: Bearer <key>`: none → 401 `code: null` "You didn't provide an API key…"; a wrong
 *   one → 401 `invalid_api_key` "Incorrect API key provided: sk-…".
 * - generations: JSON; edits: multipart with `image` or `image[]` (≤ 16, png/jpeg/webp with a
 *   Content-Type, else 400 "unsupported mimetype"), `mask` (PNG with alpha, the first image's size,
 *   else 400 `invalid_mask_image_format`), fields as strings.
 * - `model`: the GPT image models; an unknown one → 404 `model_not_found`.
 * - `n` 1–10 (`integer_below_min_value` / `integer_above_max_value`); `size` per model: the three
 *   standard sizes or `auto` for gpt-image-1.5/-1-mini/chatgpt-image-latest, free W×H for gpt-image-2
 *   (multiples of 16, ≤ 3840, ratio ≤ 3:1, 655,360–8,294,400 px), else 400 `invalid_value`.
 * - `input_fidelity` on edits only (generations: `unknown_parameter`); gpt-image-2 and -1-mini
 *   refuse it (`invalid_input_fidelity_model`). `response_format` → `unknown_parameter` (GPT models
 *   always answer base64). `partial_images` 0–3.
 * - A prompt containing a blocked word → 400 `moderation_blocked`, type `image_generation_user_error`.
 * - `stream: true` → `text/event-stream`: per image, `partial_images` `*.partial_image` events
 *   (`partial_image_index` 0…), then one `*.completed` with `usage`. Else `ImagesResponse` JSON.
 * - `GET /models` (`ListModelsResponse`) behind the same key check.
 * - Every answer carries `x-request-id`.
 *
 * Results are real PNGs of the requested size (sharp), each call's in its own colour. Tests queue
 * faults (`fail`), read what was received (`requests`), and may hold answers back (timeouts).
 */

export const FAKE_KEY = 'sk-fake-openai-images-key-0123456789';

const STANDARD = ['1024x1024', '1536x1024', '1024x1536'];
const MODELS: Record<string, { free: boolean; fidelity: boolean }> = {
  'gpt-image-1.5': { free: false, fidelity: true },
  'gpt-image-1-mini': { free: false, fidelity: false },
  'chatgpt-image-latest': { free: false, fidelity: false },
  'gpt-image-2': { free: true, fidelity: false },
  'gpt-image-2-2026-04-21': { free: true, fidelity: false },
};

export interface ReceivedFile {
  field: string;
  filename: string;
  type: string;
  width: number;
  height: number;
  hasAlpha: boolean;
  data: Buffer;
}

export interface ReceivedRequest {
  endpoint: 'generations' | 'edits';
  authorization: string | null;
  contentType: string;
  /** Fields as sent (multipart fields are strings; JSON keeps its types). */
  fields: Record<string, unknown>;
  files: ReceivedFile[];
}

export type Fault =
  | {
      kind: 'status';
      status: number;
      code?: string | null;
      type?: string;
      message?: string;
      retryAfter?: string;
    }
  /** Never answers: the client's timeout must end it. */
  | { kind: 'hang' }
  /** A 200 stream that turns into an `error` event after its first partial image. */
  | { kind: 'streamError'; code: string; message: string };

export interface FakeOpenAIImages {
  /** Base URL ending in `/v1`. */
  url: string;
  requests: ReceivedRequest[];
  /** Faults answered, in order, to the next requests (before any check). */
  fail(...faults: Fault[]): void;
  /** Words the safety system refuses. */
  blockedWords: string[];
  /** Waits this long before each streamed event, as the real API takes seconds (previews a person can watch). */
  streamDelayMs: number;
  /** While true, every stream waits after its partial images (previews stay on screen until set false). */
  holdAfterPartials: boolean;
  close(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
    readonly param: string | null,
    readonly code: string | null,
  ) {
    super(message);
  }
}

const invalid = (message: string, param: string | null, code: string | null = 'invalid_value') =>
  new ApiError(400, message, 'invalid_request_error', param, code);

function sendError(res: http.ServerResponse, error: ApiError, headers: Record<string, string> = {}): void {
  res.writeHead(error.status, { 'content-type': 'application/json', ...headers });
  res.end(
    JSON.stringify({
      error: { message: error.message, type: error.type, param: error.param, code: error.code },
    }),
  );
}

async function readBody(req: http.IncomingMessage, max = 200 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new ApiError(413, 'Request too large', 'invalid_request_error', null, null);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const bool = (value: unknown) => value === true || value === 'true';
const int = (value: unknown, fallback: number) => (value === undefined ? fallback : Number(value));

function checkSize(model: string, free: boolean, size: string): { width: number; height: number } {
  if (size === 'auto') return { width: 1024, height: 1024 };
  const match = /^(\d+)x(\d+)$/.exec(size);
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  if (!free) {
    if (!STANDARD.includes(size))
      throw invalid(
        `Invalid value: '${size}'. Supported values are: '1024x1024', '1024x1536', '1536x1024', and 'auto'.`,
        'size',
      );
    return { width, height };
  }
  const pixels = width * height;
  const ok =
    match &&
    width % 16 === 0 &&
    height % 16 === 0 &&
    Math.max(width, height) <= 3840 &&
    Math.max(width / height, height / width) <= 3 &&
    pixels >= 655_360 &&
    pixels <= 8_294_400;
  if (!ok)
    throw invalid(
      `Invalid size '${size}' for ${model}: width and height must be multiples of 16, the long edge at most 3840, the ratio at most 3:1 and 655360–8294400 pixels.`,
      'size',
    );
  return { width, height };
}

/** A real PNG in the call's own colours; a partial image is a paler draft of it. */
async function picture(width: number, height: number, seed: number, partial = false): Promise<Buffer> {
  const hue = (seed * 67) % 360;
  const light = partial ? 80 : 45;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue},60%,${light}%)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="hsl(${(hue + 180) % 360},70%,${light + 10}%)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A compatible server's own model: `ImagesResponse` JSON with `b64_json` when asked, never a stream. */
async function answerCompatible(
  res: http.ServerResponse,
  fields: Record<string, unknown>,
  call: number,
): Promise<void> {
  if (fields.response_format !== 'b64_json')
    throw invalid('This fake serves b64_json only.', 'response_format');
  const match = /^(\d+)x(\d+)$/.exec(String(fields.size ?? '1024x1024'));
  if (!match) throw invalid(`Invalid size '${String(fields.size)}'.`, 'size');
  const n = int(fields.n, 1);
  const data = await Promise.all(
    Array.from({ length: n }, async (_, i) => ({
      b64_json: (await picture(Number(match[1]), Number(match[2]), call * 10 + i)).toString('base64'),
    })),
  );
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ created: Math.floor(Date.now() / 1000), data }));
}

async function readFiles(form: FormData): Promise<ReceivedFile[]> {
  const files: ReceivedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') continue;
    const data = Buffer.from(await value.arrayBuffer());
    const meta = await sharp(data)
      .metadata()
      .catch(() => null);
    files.push({
      field,
      filename: value.name,
      type: value.type,
      width: meta?.width ?? 0,
      height: meta?.height ?? 0,
      hasAlpha: meta?.hasAlpha ?? false,
      data,
    });
  }
  return files;
}

export interface FakeOptions {
  key?: string;
  blockedWords?: string[];
  /**
   * Models of a compatible server (LocalAI, a relay) that answer as the DALL·E-era API did: any
   * `WxH`, `response_format: b64_json` taken, no streaming.
   */
  compatibleModels?: string[];
}

export async function startFakeOpenAIImages(options: FakeOptions = {}): Promise<FakeOpenAIImages> {
  const key = options.key ?? FAKE_KEY;
  const requests: ReceivedRequest[] = [];
  const faults: Fault[] = [];
  const hanging = new Set<http.ServerResponse>();
  let calls = 0;
  const fake = {
    blockedWords: options.blockedWords ?? ['forbidden'],
    streamDelayMs: 0,
    holdAfterPartials: false,
  };

  /** The API's two 401s: no key, or a wrong one. */
  function checkKey(auth: string | undefined): void {
    if (!auth)
      throw new ApiError(
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
        'invalid_request_error',
        null,
        null,
      );
    if (auth !== `Bearer ${key}`) {
      const given = auth.replace(/^Bearer\s+/, '');
      throw new ApiError(
        401,
        `Incorrect API key provided: ${given.slice(0, 3)}…${given.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        'invalid_request_error',
        null,
        'invalid_api_key',
      );
    }
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    res.setHeader('x-request-id', `req_${randomUUID().replace(/-/g, '')}`);
    if (req.method === 'GET' && req.url === '/v1/models') {
      // `ListModelsResponse`: the models the key may use (the health probe reads only the status).
      checkKey(req.headers.authorization);
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(
        JSON.stringify({
          object: 'list',
          data: Object.keys(MODELS).map((id) => ({
            id,
            object: 'model',
            created: 1_700_000_000,
            owned_by: 'system',
          })),
        }),
      );
    }
    const route = /^\/v1\/images\/(generations|edits)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !route)
      return sendError(
        res,
        new ApiError(404, `Invalid URL (${req.method} ${req.url})`, 'invalid_request_error', null, null),
      );
    const endpoint = route[1] as 'generations' | 'edits';
    const contentType = req.headers['content-type'] ?? '';
    const body = await readBody(req);
    let fields: Record<string, unknown> = {};
    let files: ReceivedFile[] = [];
    if (endpoint === 'generations') {
      fields = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
    } else {
      const form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(body),
      }).formData();
      for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
      files = await readFiles(form);
    }
    requests.push({ endpoint, authorization: req.headers.authorization ?? null, contentType, fields, files });

    const fault = faults.shift();
    if (fault?.kind === 'hang') {
      hanging.add(res);
      return;
    }
    if (fault?.kind === 'status') {
      const error = new ApiError(
        fault.status,
        fault.message ?? `fault ${fault.status}`,
        fault.type ?? (fault.status >= 500 ? 'server_error' : 'invalid_request_error'),
        null,
        fault.code ?? null,
      );
      return sendError(res, error, fault.retryAfter !== undefined ? { 'retry-after': fault.retryAfter } : {});
    }

    checkKey(req.headers.authorization);

    const model = String(fields.model ?? 'gpt-image-1.5');
    if (options.compatibleModels?.includes(model)) return answerCompatible(res, fields, ++calls);
    const profile = MODELS[model];
    if (!profile)
      throw new ApiError(
        404,
        `The model '${model}' does not exist or you do not have access to it.`,
        'invalid_request_error',
        'model',
        'model_not_found',
      );
    const prompt = typeof fields.prompt === 'string' ? fields.prompt : '';
    if (!prompt)
      throw invalid("Missing required parameter: 'prompt'.", 'prompt', 'missing_required_parameter');
    if (prompt.length > 32000)
      throw invalid(
        `Invalid 'prompt': string too long. Expected a string with maximum length 32000, but got a string with length ${prompt.length} instead.`,
        'prompt',
        'string_above_max_length',
      );
    if ('response_format' in fields)
      throw invalid("Unknown parameter: 'response_format'.", 'response_format', 'unknown_parameter');
    if ('input_fidelity' in fields) {
      if (endpoint === 'generations')
        throw invalid("Unknown parameter: 'input_fidelity'.", 'input_fidelity', 'unknown_parameter');
      if (!profile.fidelity)
        throw new ApiError(
          400,
          `The model '${model}' does not support the 'input_fidelity' parameter.`,
          'image_generation_user_error',
          'input_fidelity',
          'invalid_input_fidelity_model',
        );
      if (!['high', 'low'].includes(String(fields.input_fidelity)))
        throw invalid(
          `Invalid value: '${String(fields.input_fidelity)}'. Supported values are: 'high' and 'low'.`,
          'input_fidelity',
        );
    }
    const n = int(fields.n, 1);
    if (!Number.isInteger(n) || n < 1)
      throw invalid(
        `Invalid 'n': integer below minimum value. Expected a value >= 1, but got ${String(fields.n)} instead.`,
        'n',
        'integer_below_min_value',
      );
    if (n > 10)
      throw invalid(
        `Invalid 'n': integer above maximum value. Expected a value <= 10, but got ${n} instead.`,
        'n',
        'integer_above_max_value',
      );
    const partials = int(fields.partial_images, 0);
    if (!Number.isInteger(partials) || partials < 0 || partials > 3)
      throw invalid(`Invalid 'partial_images': expected an integer between 0 and 3.`, 'partial_images');
    const size = checkSize(model, profile.free, String(fields.size ?? 'auto'));

    if (endpoint === 'edits') {
      const images = files.filter((f) => f.field === 'image' || f.field === 'image[]');
      if (images.length === 0)
        throw invalid("Missing required parameter: 'image'.", 'image', 'missing_required_parameter');
      if (images.length > 16)
        throw invalid(
          `Invalid 'image': array too long. Expected an array with maximum length 16, but got an array with length ${images.length} instead.`,
          'image',
          'array_above_max_length',
        );
      for (const file of images) {
        if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.type)) {
          throw invalid(
            `Invalid file 'image': unsupported mimetype ('${file.type || 'application/octet-stream'}'). Supported file formats are 'image/jpeg', 'image/png', and 'image/webp'.`,
            'image',
            'unsupported_file_mimetype',
          );
        }
      }
      const mask = files.find((f) => f.field === 'mask');
      if (mask) {
        if (mask.type !== 'image/png' || !mask.hasAlpha)
          throw invalid(
            'Invalid mask image format - mask image missing alpha channel',
            'mask',
            'invalid_mask_image_format',
          );
        const [first] = images;
        if (first && (first.width !== mask.width || first.height !== mask.height))
          throw invalid(
            'Invalid mask image: the mask and the image must have the same dimensions.',
            'mask',
            'invalid_mask_image_size',
          );
      }
    }
    if (fake.blockedWords.some((word) => prompt.toLowerCase().includes(word))) {
      throw new ApiError(
        400,
        'Your request was rejected by the safety system. If you believe this is an error, contact us at help.openai.com and include the request ID. safety_violations=[sexual].',
        'image_generation_user_error',
        null,
        'moderation_blocked',
      );
    }

    const call = ++calls;
    const created = Math.floor(Date.now() / 1000);
    const usage = {
      total_tokens: 100,
      input_tokens: 50,
      output_tokens: 50,
      input_tokens_details: { text_tokens: 10, image_tokens: 40 },
    };
    const meta = {
      size: `${size.width}x${size.height}`,
      quality: 'medium',
      background: 'opaque',
      output_format: 'png',
    };
    if (!bool(fields.stream)) {
      const data = await Promise.all(
        Array.from({ length: n }, async (_, i) => ({
          b64_json: (await picture(size.width, size.height, call * 10 + i)).toString('base64'),
        })),
      );
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ created, data, usage, ...meta }));
      return;
    }
    const prefix = endpoint === 'generations' ? 'image_generation' : 'image_edit';
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    const send = async (event: string, data: unknown) => {
      if (fake.streamDelayMs > 0) await new Promise((r) => setTimeout(r, fake.streamDelayMs));
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    for (let i = 0; i < n; i++) {
      for (let p = 0; p < partials; p++) {
        await send(`${prefix}.partial_image`, {
          type: `${prefix}.partial_image`,
          b64_json: (await picture(size.width, size.height, call * 10 + i, true)).toString('base64'),
          created_at: created,
          partial_image_index: p,
          ...meta,
        });
        if (fault?.kind === 'streamError') {
          await send('error', {
            type: 'error',
            error: {
              message: fault.message,
              type: 'image_generation_user_error',
              param: null,
              code: fault.code,
            },
          });
          res.end();
          return;
        }
      }
      while (fake.holdAfterPartials && !res.destroyed) await new Promise((r) => setTimeout(r, 50));
      await send(`${prefix}.completed`, {
        type: `${prefix}.completed`,
        b64_json: (await picture(size.width, size.height, call * 10 + i)).toString('base64'),
        created_at: created,
        usage,
        ...meta,
      });
    }
    res.end();
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.end();
      sendError(
        res,
        error instanceof ApiError
          ? error
          : new ApiError(
              500,
              'The server had an error while processing your request.',
              'server_error',
              null,
              'server_error',
            ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    fail: (...more: Fault[]) => void faults.push(...more),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
