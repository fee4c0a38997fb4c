import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { baiduSign } from '../../src/features/translate/baidu';

/** Test doubles of the two translation services, over real HTTP on loopback. */
export interface FakeTranslator {
  origin: string;
  /** Every request body as received (JSON for OpenAI, form fields for Baidu) with its headers. */
  requests: { body: Record<string, unknown>; headers: IncomingMessage['headers'] }[];
  /** `ok` answers; `fail` answers HTTP 500; `hang` never answers; `flood` streams 3 MB and announces no length. */
  mode: 'ok' | 'fail' | 'hang' | 'flood';
  /** What each piece comes back as: the dictionary's English, unless a test makes the service hostile. */
  answer: (piece: string) => string;
  /** How long each answer takes. */
  delayMs: number;
  /** The most requests it was busy with at once. */
  maxBusy: number;
  /** Requests that reached it, answered or not. */
  received: number;
  /** Back to answering honestly at once, with no requests recorded. */
  reset(): void;
  stop(): Promise<void>;
}

/** Hostile answers a translator could give: each must leave the prompt as it was (or as typed). */
export const HOSTILE_ANSWERS = {
  huge: () => 'x'.repeat(3 * 1024 * 1024),
  controls: () => 'a fox\u0000\u001b[31m\u0085\u202e in\nthe\tsnow\u007f',
  parameters: () => 'a fox --seed 1 --sref https://evil.example/x.png',
  syntax: () => 'a fox::5 {cat, dog} \u2014chaos 1 <https://e.x/y> \u2014\u2014v 7',
  essay: (piece: string) => `Here is the translation you asked for: ${'a fox '.repeat(piece.length)}`,
} as const;

/** A small dictionary so tests can read real English; unknown text comes back as `EN[text]`. */
const DICTIONARY: Record<string, string> = {
  一只在雪中的红狐狸: 'a red fox in the snow',
  油画风格: 'oil painting style',
  猫: 'cat',
  狗: 'dog',
  蓝色的海: 'blue sea',
  '蓝色的海，油画风格': 'the blue sea, oil painting style',
};
export const fakeEnglish = (text: string) => DICTIONARY[text] ?? `EN[${text}]`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const FLOOD_CHUNK = Buffer.alloc(64 * 1024, 'x');

async function serve(
  handle: (body: string, req: IncomingMessage, fake: FakeTranslator) => { status: number; json: unknown },
): Promise<FakeTranslator> {
  const hanging = new Set<ServerResponse>();
  let busy = 0;
  const fake: FakeTranslator = {
    origin: '',
    requests: [],
    mode: 'ok',
    answer: fakeEnglish,
    delayMs: 0,
    maxBusy: 0,
    received: 0,
    reset() {
      Object.assign(fake, { mode: 'ok', answer: fakeEnglish, delayMs: 0, maxBusy: 0, received: 0 });
      fake.requests.length = 0;
    },
    stop: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    void readBody(req).then(async (body) => {
      fake.received++;
      if (fake.mode === 'hang') {
        hanging.add(res);
        return;
      }
      fake.maxBusy = Math.max(fake.maxBusy, ++busy);
      if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
      busy--;
      if (fake.mode === 'flood') {
        res.writeHead(200, { 'content-type': 'application/json' });
        for (let sent = 0; sent < 3 * 1024 * 1024 && !res.destroyed; sent += FLOOD_CHUNK.length)
          res.write(FLOOD_CHUNK);
        res.end();
        return;
      }
      const { status, json } =
        fake.mode === 'fail' ? { status: 500, json: { error: 'down' } } : handle(body, req, fake);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.stop = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

/** The pieces an OpenAI-compatible request asked about (its user message is a JSON array of them). */
export function openAiPieces(body: Record<string, unknown>): string[] {
  const user =
    (body.messages as { role: string; content: string }[]).find((m) => m.role === 'user')?.content ?? '[]';
  return JSON.parse(user) as string[];
}

/**
 * An OpenAI-compatible `/v1/chat/completions` that wants `Bearer <key>`. It answers as models do:
 * one piece as bare text in quotes, several as a JSON array in a code fence.
 */
export function startFakeOpenAi(key: string): Promise<FakeTranslator> {
  return serve((raw, req, fake) => {
    const body = JSON.parse(raw) as { model: string; messages: { role: string; content: string }[] };
    fake.requests.push({ body, headers: req.headers });
    if (req.url !== '/v1/chat/completions') return { status: 404, json: { error: 'no route' } };
    if (req.headers.authorization !== `Bearer ${key}`)
      return { status: 401, json: { error: { message: 'bad key' } } };
    const english = openAiPieces(body).map((piece) => fake.answer(piece));
    const content =
      english.length === 1 ? `"${english[0]}"` : `\`\`\`json\n${JSON.stringify(english)}\n\`\`\``;
    return {
      status: 200,
      json: {
        id: 'x',
        model: body.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
      },
    };
  });
}

/** Baidu Translate's general API: checks the sign as Baidu does, answers `trans_result` per line. */
export function startFakeBaidu(appId: string, secret: string): Promise<FakeTranslator> {
  return serve((raw, req, fake) => {
    const form = Object.fromEntries(new URLSearchParams(raw));
    fake.requests.push({ body: form, headers: req.headers });
    if (form.appid !== appId)
      return { status: 200, json: { error_code: '52003', error_msg: 'UNAUTHORIZED USER' } };
    if (form.sign !== baiduSign(appId, form.q ?? '', form.salt ?? '', secret))
      return { status: 200, json: { error_code: '54001', error_msg: 'Invalid Sign' } };
    const lines = (form.q ?? '').split('\n').map((src) => ({ src, dst: fake.answer(src) }));
    return { status: 200, json: { from: 'zh', to: 'en', trans_result: lines } };
  });
}
