import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { baiduSign } from './baidu';

/** Test doubles of the two translation services, over real HTTP on loopback. */
export interface FakeTranslator {
  origin: string;
  /** Every request body as received (JSON for OpenAI, form fields for Baidu) with its headers. */
  requests: { body: Record<string, unknown>; headers: IncomingMessage['headers'] }[];
  /** `ok` answers; `fail` answers HTTP 500; `hang` never answers. */
  mode: 'ok' | 'fail' | 'hang';
  stop(): Promise<void>;
}

/** A small dictionary so tests can read real English; unknown text comes back as `EN[text]`. */
const DICTIONARY: Record<string, string> = {
  '一只在雪中的红狐狸': 'a red fox in the snow',
  '油画风格': 'oil painting style',
  '猫': 'cat',
  '狗': 'dog',
  '蓝色的海': 'blue sea',
  '蓝色的海，油画风格': 'the blue sea, oil painting style',
};
export const fakeEnglish = (text: string) => DICTIONARY[text] ?? `EN[${text}]`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function serve(handle: (body: string, req: IncomingMessage, fake: FakeTranslator) => { status: number; json: unknown }): Promise<FakeTranslator> {
  const hanging = new Set<ServerResponse>();
  const fake: FakeTranslator = { origin: '', requests: [], mode: 'ok', stop: async () => undefined };
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      if (fake.mode === 'hang') {
        hanging.add(res);
        return;
      }
      const { status, json } = fake.mode === 'fail' ? { status: 500, json: { error: 'down' } } : handle(body, req, fake);
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

/** An OpenAI-compatible `/v1/chat/completions` that wants `Bearer <key>`. */
export function startFakeOpenAi(key: string): Promise<FakeTranslator> {
  return serve((raw, req, fake) => {
    const body = JSON.parse(raw) as { model: string; messages: { role: string; content: string }[] };
    fake.requests.push({ body, headers: req.headers });
    if (req.url !== '/v1/chat/completions') return { status: 404, json: { error: 'no route' } };
    if (req.headers.authorization !== `Bearer ${key}`) return { status: 401, json: { error: { message: 'bad key' } } };
    const text = body.messages.find((m) => m.role === 'user')?.content ?? '';
    return { status: 200, json: { id: 'x', model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: `"${fakeEnglish(text)}"` } }] } };
  });
}

/** Baidu Translate's general API: checks the sign as Baidu does, answers `trans_result` per line. */
export function startFakeBaidu(appId: string, secret: string): Promise<FakeTranslator> {
  return serve((raw, req, fake) => {
    const form = Object.fromEntries(new URLSearchParams(raw));
    fake.requests.push({ body: form, headers: req.headers });
    if (form.appid !== appId) return { status: 200, json: { error_code: '52003', error_msg: 'UNAUTHORIZED USER' } };
    if (form.sign !== baiduSign(appId, form.q ?? '', form.salt ?? '', secret)) return { status: 200, json: { error_code: '54001', error_msg: 'Invalid Sign' } };
    const lines = (form.q ?? '').split('\n').map((src) => ({ src, dst: fakeEnglish(src) }));
    return { status: 200, json: { from: 'zh', to: 'en', trans_result: lines } };
  });
}
