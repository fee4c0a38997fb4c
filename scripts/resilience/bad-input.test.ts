import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { io } from 'socket.io-client';
import { API_ROUTES, AnswerKind, routeKey } from '@draw/shared/routes';
import {
  PROTOCOL_VERSION,
  SOCKET_PATH,
  isErrorReason,
  type Message,
  type MessagePage,
  type SubscribeAck,
  type Task,
} from '@draw/shared';
import { listen, startTestApp, type TestApp } from '../../server/test/support/harness';
import { connectSocket, type TestSocket } from '../../server/test/support/socket';
import { roomOf } from '../../server/src/realtime/hub';
import {
  anyString,
  anyValue,
  badAuthorization,
  INJECTION_STRINGS,
  injectionString,
  nastySegment,
  notJsonText,
  poisonValue,
} from './support/fuzz-inputs';
import {
  Area,
  ROUTES,
  describeRequest,
  requestArbitrary,
  type FixtureIds,
  type FuzzRequest,
  type RouteRow,
} from './support/fuzz-routes';
import {
  expectEnvelope,
  expectNoHostileKeysStored,
  expectNoPrototypePollution,
  runnerIdle,
  storeFingerprint,
  type InjectedAnswer,
} from './support/fuzz-checks';

/**
 * Bad input, fuzzed: every route and socket event gets malformed, oversized, wrong-typed and
 * injection-shaped input. Whatever arrives, the server answers below 500 with the spec's envelope,
 * stores nothing for what it refuses, keeps accepted text verbatim, and keeps running.
 *
 * FUZZ_SEED picks the run (fast-check prints the seed and the shrunk input of a failure);
 * FUZZ_RUNS scales the runs per property.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 30));
const fuzzOptions = (numRuns = RUNS) => ({ numRuns, seed: SEED, endOnFailure: false });

type Session = Awaited<ReturnType<TestApp['signIn']>>;
let app: TestApp;
let origin: string;
let owner: Session;
let members: Session[];
let outsider: Session;
let ids: FixtureIds;
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let addressCounter = 0;
/** A made-up client address per request, so per-IP rate limits do not eat the inputs. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function send(
  request: Omit<FuzzRequest, 'label' | 'payload'> & { payload?: string | Buffer },
): Promise<InjectedAnswer> {
  const res = await app.http.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    remoteAddress: nextAddress(),
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  return { statusCode: res.statusCode, headers: res.headers, body: res.body };
}

async function call<T>(
  session: Session,
  method: FuzzRequest['method'],
  url: string,
  payload?: unknown,
): Promise<T> {
  const res = await send({
    method,
    url,
    headers: { ...session.auth, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  const body = expectEnvelope(res, `${method} ${url}`);
  if (!body.success) throw new Error(`${method} ${url} refused: ${res.body}`);
  return body.data as T;
}

function multipart(
  parts: { name: string; filename: string; type: string; data: Buffer }[],
  boundary = 'fuzz-boundary-7d3',
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        'latin1',
      ),
    );
    chunks.push(part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

async function waitForTask(session: Session, taskId: string): Promise<Task> {
  for (let i = 0; i < 400; i++) {
    const task = await call<Task>(session, 'GET', `/api/mj/task/${taskId}/fetch`);
    if (task.status === 'SUCCESS' || task.status === 'FAILURE') return task;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`task ${taskId} did not finish`);
}

/**
 * Accepted submits start real renders; cancelling them at once keeps the engine from eating the
 * CPU the fuzzing needs (and exercises cancel on fresh tasks).
 */
async function cancelIfTask(data: unknown, authorization: string | undefined): Promise<void> {
  const taskId = (data as { taskId?: unknown } | null)?.taskId;
  if (typeof taskId !== 'string' || authorization === undefined) return;
  const res = await send({
    method: 'POST',
    url: `/api/mj/task/${taskId}/cancel`,
    headers: { authorization },
  });
  expect(res.statusCode, `cancel ${taskId}`).toBeLessThan(500);
}

/** Fuzzes one route row: hostile input in, envelope out, and the store unchanged when refused. */
async function fuzzRoute(row: RouteRow): Promise<void> {
  const context = { ids, tokens: [owner.token, ...members.map((m) => m.token)] };
  await fc.assert(
    fc.asyncProperty(requestArbitrary(row, context), async (request) => {
      await runnerIdle(app);
      const before = await storeFingerprint(app);
      const res = await send(request);
      const label = describeRequest(request);
      if (row.kind === AnswerKind.File && res.statusCode === 200) {
        expect(res.headers['content-type'], label).toBe(row.contentType);
        return;
      }
      // A provider's own protocol (WeChat Pay's) once the route reads the request; what the bounds
      // refuse before (size, rate) is the envelope.
      if (row.kind === AnswerKind.Raw && !('success' in (JSON.parse(res.body) as object))) {
        expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
        expect(JSON.parse(res.body), label).toMatchObject({ code: expect.any(String) });
        if (res.statusCode >= 400)
          expect(await storeFingerprint(app), `refused ${label} changed the store`).toEqual(before);
        return;
      }
      const body = expectEnvelope(res, label);
      await cancelIfTask(body.data, request.headers.authorization);
      if (res.statusCode >= 400) {
        await runnerIdle(app);
        expect(await storeFingerprint(app), `refused ${label} changed the store`).toEqual(before);
      }
    }),
    fuzzOptions(),
  );
}

beforeAll(async () => {
  console.info(`bad-input fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
  app = await startTestApp({ FREE_DAILY_CREDITS: '1000000' });
  owner = await app.signIn();
  members = [await app.signIn(), await app.signIn()];
  outsider = await app.signIn();
  const channel = await call<{ id: string }>(owner, 'POST', '/api/draw/channel', {
    title: 'fuzz room',
    isBan: false,
  });
  const { inviteCode } = await call<{ inviteCode: string }>(
    owner,
    'POST',
    `/api/draw/invite-code/${channel.id}`,
    {},
  );
  for (const member of members) await call(member, 'POST', `/api/draw/join-channel/${inviteCode}`);
  const others = await call<{ id: string }>(outsider, 'POST', '/api/draw/channel', {
    title: 'not yours',
    isBan: false,
  });
  const message = await call<Message>(owner, 'POST', `/api/draw/chat/${channel.id}`, { content: 'hello' });
  const upload = await send({
    method: 'POST',
    url: '/api/upload',
    headers: { ...owner.auth, 'content-type': 'multipart/form-data; boundary=fuzz-boundary-7d3' },
    payload: multipart([{ name: 'file', filename: 'dot.png', type: 'image/png', data: ONE_PIXEL_PNG }]),
  });
  const uploadId = (expectEnvelope(upload, 'fixture upload').data as { files: { id: string }[] }).files[0]!
    .id;
  const { taskId } = await call<{ taskId: string }>(owner, 'POST', `/api/mj/submit/imagine/${channel.id}`, {
    prompt: 'paper boats',
  });
  await waitForTask(owner, taskId);
  const products = await call<{ id: string }[]>(owner, 'GET', '/api/home/products');
  const order = await call<{ id: string }>(owner, 'POST', '/api/home/order', { productId: products[0]!.id });
  ids = {
    channelId: channel.id,
    othersChannelId: others.id,
    taskId,
    messageId: message.id,
    orderId: order.id,
    inviteCode,
    memberUserId: members[0]!.user.id,
    productId: products[0]!.id,
    uploadId,
    phone: owner.user.phone ?? '13900000000',
  };
  origin = await listen(app);
});

afterAll(async () => {
  await app?.close();
  if (app) fs.rmSync(app.dataDir, { recursive: true, force: true });
});

/** The areas a describe block below fuzzes: a row of any other area would be left out. */
const fuzzedAreas = new Set<Area>();
const rowsOf = (area: Area) => {
  fuzzedAreas.add(area);
  return ROUTES.filter((row) => row.area === area);
};
const routeName = (row: RouteRow) => `${row.method} ${row.path}: hostile params, query, body and headers`;

describe('bad input: the route table', () => {
  it('every route of the table has a fuzz row, generated from its entry, and every row is fuzzed', () => {
    const keyOf = (entry: { method: string; path: string }) => routeKey(entry.method, entry.path);
    expect(ROUTES.map(keyOf).sort()).toEqual(API_ROUTES.map(keyOf).sort());
    expect(
      ROUTES.filter((row) => !fuzzedAreas.has(row.area)).map(keyOf),
      'rows of an area no block fuzzes',
    ).toEqual([]);
    console.info(`bad-input: ${ROUTES.length} routes of the table fuzzed, ${RUNS} runs each`);
  });
});

describe('bad input: auth', () => {
  for (const row of rowsOf(Area.Auth)) it(routeName(row), () => fuzzRoute(row));

  it('bad Authorization headers on signed-in routes are refused with the envelope (never served)', async () => {
    const guarded = ROUTES.filter((row) => row.signedIn && row.path !== '/api/home/index');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...guarded), badAuthorization, async (row, authorization) => {
        const url = row.path.replace(/:(\w+)/g, (_, name: string) => {
          const source = row.params?.[name];
          return encodeURIComponent(source ? ids[source] : 'unknown');
        });
        const res = await send({ method: row.method, url, headers: { authorization } });
        const label = `${row.method} ${url} with Authorization ${authorization.slice(0, 60)}`;
        const body = expectEnvelope(res, label);
        expect(body.success, label).toBe(false);
      }),
      fuzzOptions(RUNS * 2),
    );
    // The route guard's probe never answers 401: a bad token is simply `auth: false`.
    for (const authorization of [
      'Bearer',
      `Bearer ${'A'.repeat(8_000)}`,
      'Bearer {"$gt":""}',
      'Basic dXNlcjpwYXNz',
    ]) {
      const body = expectEnvelope(
        await send({ method: 'GET', url: '/api/home/index', headers: { authorization } }),
        authorization.slice(0, 40),
      );
      expect(body.data).toEqual({ auth: false });
    }
  });

  it('names and descriptions with markup or operators are stored verbatim, or refused by the name rule', async () => {
    const text = fc.oneof(
      injectionString,
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      injectionString.map((s) => ` <b>${s}</b> `),
    );
    await fc.assert(
      fc.asyncProperty(text, async (name) => {
        const trimmed = name.trim();
        const valid =
          trimmed.length >= 1 && trimmed.length <= 32 && !/\p{Cc}/u.test(trimmed) && [...name].length <= 64;
        const before = await storeFingerprint(app);
        const res = await send({
          method: 'PUT',
          url: '/api/home/info',
          headers: { ...members[1]!.auth, 'content-type': 'application/json' },
          payload: JSON.stringify({ name }),
        });
        const body = expectEnvelope(res, `name ${JSON.stringify(name)}`);
        expect(
          body.success,
          `name ${JSON.stringify(name)}: contract says ${valid ? 'accept' : 'refuse'}`,
        ).toBe(valid);
        if (!valid) return void expect(await storeFingerprint(app)).toEqual(before);
        const index = await call<{ name: string }>(members[1]!, 'GET', '/api/home/index');
        expect(index.name).toBe(trimmed);
      }),
      fuzzOptions(),
    );
  });
});

describe('bad input: channels', () => {
  for (const row of rowsOf(Area.Channels)) it(routeName(row), () => fuzzRoute(row));

  it('titles with HTML, script and operators are stored and returned verbatim, or refused by the title rule', async () => {
    const title = fc.oneof(
      injectionString,
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.tuple(injectionString, injectionString).map(([a, b]) => `<i>${a}</i>${b}`),
    );
    // Creating is limited per person (10 a minute): creators of their own take turns.
    const creators = await Promise.all(Array.from({ length: Math.ceil(RUNS / 8) + 1 }, () => app.signIn()));
    let turn = 0;
    await fc.assert(
      fc.asyncProperty(title, async (raw) => {
        const creator = creators[turn++ % creators.length]!;
        const trimmed = raw.trim();
        const valid =
          trimmed.length >= 1 &&
          [...trimmed].length <= 32 &&
          !/\p{Cc}/u.test(trimmed) &&
          [...raw].length <= 200;
        const before = await storeFingerprint(app);
        const res = await send({
          method: 'POST',
          url: '/api/draw/channel',
          headers: { ...creator.auth, 'content-type': 'application/json' },
          payload: JSON.stringify({ title: raw, isBan: false }),
        });
        const label = `title ${JSON.stringify(raw)}: contract says ${valid ? 'accept' : 'refuse'}`;
        const body = expectEnvelope(res, label);
        expect(body.success, label).toBe(valid);
        if (!valid) return void expect(await storeFingerprint(app), label).toEqual(before);
        const created = body.data as { id: string; title: string };
        expect(created.title, label).toBe(trimmed);
        const detail = await call<{ title: string }>(creator, 'GET', `/api/draw/channel/${created.id}`);
        expect(detail.title, label).toBe(trimmed);
        await call(creator, 'DELETE', `/api/draw/channel/${created.id}`);
      }),
      fuzzOptions(),
    );
  });
});

describe('bad input: chat', () => {
  for (const row of rowsOf(Area.Chat)) it(routeName(row), () => fuzzRoute(row));

  it('messages with markup and operators are stored and listed verbatim, or refused by the length rule', async () => {
    const content = fc.oneof(
      injectionString,
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc.constantFrom('x'.repeat(2_000), 'x'.repeat(2_001), ` ${INJECTION_STRINGS.join(' ')} `),
    );
    // Chat posts are limited per user (20 per 10 s): writers of their own, joined now, take turns.
    const { inviteCode } = await call<{ inviteCode: string }>(
      owner,
      'POST',
      `/api/draw/invite-code/${ids.channelId}`,
      {},
    );
    const writers = await Promise.all(Array.from({ length: Math.ceil(RUNS / 10) + 1 }, () => app.signIn()));
    for (const writer of writers) await call(writer, 'POST', `/api/draw/join-channel/${inviteCode}`);
    let turn = 0;
    await fc.assert(
      fc.asyncProperty(content, async (raw) => {
        const writer = writers[turn++ % writers.length]!;
        const trimmed = raw.trim();
        const valid = trimmed.length >= 1 && trimmed.length <= 2_000;
        const before = await storeFingerprint(app);
        const res = await send({
          method: 'POST',
          url: `/api/draw/chat/${ids.channelId}`,
          headers: { ...writer.auth, 'content-type': 'application/json' },
          payload: JSON.stringify({ content: raw }),
        });
        const label = `content ${JSON.stringify(raw.slice(0, 80))}: contract says ${valid ? 'accept' : 'refuse'}`;
        const body = expectEnvelope(res, label);
        expect(body.success, label).toBe(valid);
        if (!valid) return void expect(await storeFingerprint(app), label).toEqual(before);
        const posted = body.data as Message;
        expect(posted.content, label).toBe(trimmed);
        const page = await call<MessagePage>(owner, 'GET', `/api/draw/chat/${ids.channelId}?limit=5`);
        expect(page.messages.find((m) => m.id === posted.id)?.content, label).toBe(trimmed);
      }),
      fuzzOptions(),
    );
  });
});

describe('bad input: tasks', () => {
  for (const row of rowsOf(Area.Tasks)) it(routeName(row), () => fuzzRoute(row));

  it('prompts with markup and operators are kept verbatim on the task, and bad prompts store nothing', async () => {
    const prompt = fc.oneof(
      injectionString,
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc.constant('y'.repeat(4_001)),
    );
    let turn = 0;
    await fc.assert(
      fc.asyncProperty(prompt, async (raw) => {
        // Submits are limited per user: take turns.
        const session = [owner, ...members][turn++ % 3]!;
        const trimmed = raw.trim();
        const fine = trimmed.length >= 1 && trimmed.length <= 4_000 && !/[^\P{Cc}\n\r\t]/u.test(trimmed);
        const before = await storeFingerprint(app, { whileTasksRun: true });
        const res = await send({
          method: 'POST',
          url: `/api/mj/submit/imagine/${ids.channelId}`,
          headers: { ...session.auth, 'content-type': 'application/json' },
          payload: JSON.stringify({ prompt: raw }),
        });
        const label = `prompt ${JSON.stringify(raw.slice(0, 80))}`;
        const body = expectEnvelope(res, label);
        if (!fine) expect(body.success, `${label} breaks the prompt rule`).toBe(false);
        if (!body.success)
          return void expect(await storeFingerprint(app, { whileTasksRun: true }), label).toEqual(before);
        // The prompt is on the task from its creation: no need to wait for the engine.
        const task = await call<Task>(
          session,
          'GET',
          `/api/mj/task/${(body.data as { taskId: string }).taskId}/fetch`,
        );
        expect(task.prompt, label).toBe(trimmed);
        await cancelIfTask(body.data, session.auth.authorization);
      }),
      fuzzOptions(),
    );
  });
});

describe('bad input: settings', () => {
  for (const row of rowsOf(Area.Settings)) it(routeName(row), () => fuzzRoute(row));
});

describe("bad input: the operator's console (as people who are not admins)", () => {
  for (const row of rowsOf(Area.Admin)) it(routeName(row), () => fuzzRoute(row));
});

describe('bad input: billing', () => {
  for (const row of rowsOf(Area.Billing)) it(routeName(row), () => fuzzRoute(row));
});

describe('bad input: uploads', () => {
  for (const row of rowsOf(Area.Uploads)) it(routeName(row), () => fuzzRoute(row));

  const part = fc.record({
    name: fc.oneof(fc.constantFrom('file', 'files', 'image'), injectionString),
    filename: fc.oneof(
      fc.constantFrom('a.png', '../../etc/passwd', '..\\..\\x.png', 'a%00.png', 'x.png.exe', ''),
      injectionString,
    ),
    type: fc.constantFrom(
      'image/png',
      'image/gif',
      'text/html',
      'application/json',
      'application/octet-stream',
      '',
    ),
    data: fc.oneof(
      fc.constant(ONE_PIXEL_PNG),
      fc.constant(ONE_PIXEL_PNG.subarray(0, 40)),
      // Header intact, pixel data cut off: not an image, whatever its header says.
      fc.constant(ONE_PIXEL_PNG.subarray(0, 50)),
      fc.constant(Buffer.from('<script>alert(1)</script>')),
      fc.constant(Buffer.from('{"$gt": ""}')),
      fc.constant(Buffer.alloc(0)),
      fc.constant(Buffer.concat([ONE_PIXEL_PNG, Buffer.alloc(1_100_000, 7)])),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
    ),
  });
  const framing = fc.constantFrom(
    'good',
    'wrong boundary',
    'truncated',
    'no boundary',
    'not multipart',
    'garbage',
  );

  it('POST /api/upload: multipart garbage, fake images, hostile names, too many or too big files', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(part, { maxLength: 7 }),
        framing,
        fc.constantFrom(0, 1, 2),
        async (parts, frame, who) => {
          const session = [owner, ...members][who]!;
          const body = multipart(parts.map((p) => ({ ...p, filename: p.filename.replace(/["\r\n]/g, '_') })));
          const payload =
            frame === 'truncated'
              ? body.subarray(0, Math.floor(body.length / 2))
              : frame === 'garbage'
                ? Buffer.from('--x\r\n\r\n\r\n--')
                : body;
          const contentType =
            frame === 'wrong boundary'
              ? 'multipart/form-data; boundary=other'
              : frame === 'no boundary'
                ? 'multipart/form-data'
                : frame === 'not multipart'
                  ? 'application/json'
                  : 'multipart/form-data; boundary=fuzz-boundary-7d3';
          const before = await storeFingerprint(app);
          const res = await send({
            method: 'POST',
            url: '/api/upload',
            headers: { ...session.auth, 'content-type': contentType },
            payload,
          });
          const label = `upload ${frame} of ${parts.map((p) => `${p.type}:${p.data.length}`).join(',')}`;
          const answer = expectEnvelope(res, label);
          const onlyImages =
            parts.length >= 1 && parts.length <= 5 && parts.every((p) => p.data === ONE_PIXEL_PNG);
          if (!answer.success) return void expect(await storeFingerprint(app), label).toEqual(before);
          // Accepted: only whole, recognised images, stored under server-made names.
          expect(frame === 'good' && onlyImages, `${label} was accepted`).toBe(true);
          for (const file of (answer.data as { files: { id: string; url: string }[] }).files) {
            expect(file.id).toMatch(/^[0-9a-f-]{36}\.png$/);
            const served = await app.http.inject({ method: 'GET', url: file.url });
            expect(served.rawPayload.equals(ONE_PIXEL_PNG)).toBe(true);
          }
        },
      ),
      fuzzOptions(),
    );
  });

  it('GET /files/{key}: traversal and hostile keys never reach outside the blob folder', async () => {
    await fc.assert(
      fc.asyncProperty(nastySegment, async (key) => {
        const res = await app.http.inject({ method: 'GET', url: `/files/${key}` });
        expect(res.statusCode, key).toBeLessThan(500);
        // `/files/..` normalises to `/`, the web app's page; anything else served would be a leak.
        if (res.statusCode === 200) expect(String(res.headers['content-type']), key).toMatch(/^text\/html/);
        expect(res.body, key).not.toMatch(/root:|BEGIN [A-Z ]*PRIVATE KEY/);
      }),
      fuzzOptions(),
    );
  });
});

describe('bad input: archive', () => {
  for (const row of rowsOf(Area.Archive)) it(routeName(row), () => fuzzRoute(row));
});

describe('bad input: open hooks', () => {
  for (const row of rowsOf(Area.Open)) it(routeName(row), () => fuzzRoute(row));

  it('POST /api/open/wechat/callback: any text and headers get WeChat\u2019s own refusal shape, never a 5xx', async () => {
    const text = fc.oneof(
      notJsonText,
      anyValue.map((v) => JSON.stringify(v)),
      fc.constant(''),
    );
    const headers = fc.record(
      {
        'content-type': fc.constantFrom('application/json', 'text/xml', 'text/plain'),
        'wechatpay-signature': anyString.map((s) => s.replace(/[^\x20-\x7e]/g, '?').slice(0, 2_000)),
        'wechatpay-timestamp': fc.oneof(
          fc.constantFrom('0', '-1', '99999999999999', 'NaN'),
          anyString.map((s) => s.replace(/[^\x20-\x7e]/g, '?').slice(0, 100)),
        ),
        'wechatpay-serial': fc.constantFrom('x', '$where', '__proto__'),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(text, headers, async (payload, extra) => {
        const before = await storeFingerprint(app);
        const res = await app.http.inject({
          method: 'POST',
          url: '/api/open/wechat/callback',
          headers: extra,
          payload,
          remoteAddress: nextAddress(),
        });
        const label = `wechat callback ${payload.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
        // Over the route's 64 KB limit the body is never read: the shared error handler refuses it.
        if (res.statusCode === 413) return void expectEnvelope(res, label);
        const body = JSON.parse(res.body) as { code: string; message: string };
        expect(body.code, label).toBe('FAIL');
        expect(body.message.length, label).toBeGreaterThan(0);
        expect(await storeFingerprint(app), label).toEqual(before);
      }),
      fuzzOptions(),
    );
  });
});

describe('bad input: health and metrics', () => {
  it('GET /healthz and /metrics: hostile queries and headers never get a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/healthz', '/metrics'),
        nastySegment,
        badAuthorization,
        async (path, query, authorization) => {
          const res = await send({
            method: 'GET',
            url: `${path}?${query}=${query}`,
            headers: { authorization },
          });
          expect(
            res.statusCode,
            `${path}?${query.slice(0, 80)} auth=${authorization.slice(0, 40)}`,
          ).toBeLessThan(500);
        },
      ),
      fuzzOptions(),
    );
  });
});

describe('bad input: realtime', () => {
  for (const row of rowsOf(Area.Realtime)) it(routeName(row), () => fuzzRoute(row));

  /** What the server sees after the wire's JSON round trip (undefined keys dropped, NaN → null). */
  const overTheWire = (value: unknown): unknown =>
    value === undefined ? undefined : (JSON.parse(JSON.stringify(value) ?? 'null') as unknown);
  const isValidSubscribe = (value: unknown): value is { channelId: string; afterSeq?: number } => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const { channelId, afterSeq, paged } = value as Record<string, unknown>;
    const validAfter =
      afterSeq === undefined || (Number.isSafeInteger(afterSeq) && (afterSeq as number) >= 0);
    const validPaged = paged === undefined || typeof paged === 'boolean';
    return (
      typeof channelId === 'string' &&
      channelId.length > 0 &&
      channelId.length <= 64 &&
      validAfter &&
      validPaged
    );
  };
  /** Keeps a frame under the server's 64 KB socket buffer; oversized frames have their own test. */
  const fitsFrame = (value: unknown) => (JSON.stringify(value) ?? '').length < 60_000;

  let socket: TestSocket;
  /**
   * Subscribes are limited per user (20 per 10 s) and a socket sending more than 60 events in 10 s
   * is closed: the fuzz runs take turns over members of their own, each with a socket, sized so
   * no run meets a limit (a limit's refusal would hide what the payload itself gets).
   */
  let fuzzers: TestSocket[] = [];
  let turn = 0;
  const nextFuzzer = () => fuzzers[turn++ % fuzzers.length]!;
  beforeAll(async () => {
    socket = await connectSocket(origin, owner.token);
    const { inviteCode } = await call<{ inviteCode: string }>(
      owner,
      'POST',
      `/api/draw/invite-code/${ids.channelId}`,
      {},
    );
    const sessions = await Promise.all(
      Array.from({ length: Math.ceil((RUNS * 4) / 15) + 1 }, () => app.signIn()),
    );
    for (const session of sessions) await call(session, 'POST', `/api/draw/join-channel/${inviteCode}`);
    fuzzers = await Promise.all(sessions.map((session) => connectSocket(origin, session.token)));
  });
  afterAll(() => {
    socket?.disconnect();
    for (const fuzzer of fuzzers) fuzzer.disconnect();
  });

  const subscribePayload = fc.oneof(
    { weight: 2, arbitrary: anyValue.filter(fitsFrame) },
    {
      weight: 5,
      arbitrary: fc.record(
        {
          channelId: fc.oneof(
            fc.constant('own'),
            fc.constant('others'),
            poisonValue,
            injectionString,
            fc.constantFrom('x'.repeat(65), 'x'.repeat(50_000), ''),
            anyValue.filter(fitsFrame),
          ),
          afterSeq: fc.oneof(
            fc.integer({ min: -5, max: 5 }),
            fc.constantFrom(-1, Number.NaN, Infinity, 1e300, 2 ** 53, 0.5, '3', null, 2 ** 31),
            poisonValue,
          ),
        },
        { requiredKeys: [] },
      ),
    },
  );

  it('channel:subscribe: wrong types, operators, huge and negative values get a refusal ack; no room joined that should not be', async () => {
    await fc.assert(
      fc.asyncProperty(subscribePayload, fc.boolean(), async (generated, withAck) => {
        // `own` / `others` stand for the fixture channels (known only after setup).
        const payload =
          typeof generated === 'object' && generated !== null && 'channelId' in generated
            ? {
                ...generated,
                channelId:
                  generated.channelId === 'own'
                    ? ids.channelId
                    : generated.channelId === 'others'
                      ? ids.othersChannelId
                      : generated.channelId,
              }
            : generated;
        const label = `subscribe ${String(JSON.stringify(payload)).slice(0, 160)}`;
        const socket = nextFuzzer();
        if (!withAck) socket.emit('channel:subscribe', payload as never, undefined as never);
        // A follow-up with an ack proves the socket is alive (and answers the fuzzed payload too).
        const ack = (await socket
          .timeout(5_000)
          .emitWithAck('channel:subscribe', payload as never)) as SubscribeAck;
        const seen = overTheWire(payload);
        const shouldPass = isValidSubscribe(seen) && seen.channelId === ids.channelId;
        expect(ack.ok, `${label} → ${JSON.stringify(ack)}`).toBe(shouldPass);
        if (!ack.ok) {
          expect(isErrorReason(ack.reason) && ack.reason !== 'internal', label).toBe(true);
          expect(typeof ack.message === 'string' && ack.message.length > 0, label).toBe(true);
        }
        // Only channel rooms carry channel events; the server may keep its own per-user/session rooms.
        const rooms = [...(app.io.sockets.sockets.get(socket.id ?? '')?.rooms ?? [])];
        const channelRooms = rooms.filter((room) => room.startsWith(roomOf('')));
        expect(
          channelRooms.filter((room) => room !== roomOf(ids.channelId)),
          `${label} joined ${channelRooms.join(' ')}`,
        ).toEqual([]);
      }),
      fuzzOptions(RUNS * 2),
    );
    expect(fuzzers.every((fuzzer) => fuzzer.connected)).toBe(true);

    // No events leak from a channel the fuzzing could not join (while its own channel's do arrive).
    expect((await socket.subscribe(ids.channelId)).ok).toBe(true);
    await call(outsider, 'POST', `/api/draw/chat/${ids.othersChannelId}`, { content: 'private' });
    await call(owner, 'POST', `/api/draw/chat/${ids.channelId}`, { content: 'public' });
    await socket.waitFor(
      (events) => events.some((e) => e.channelId === ids.channelId && e.type === 'message.created'),
      5_000,
    );
    expect(socket.events.filter((e) => e.channelId !== ids.channelId)).toEqual([]);
  });

  it('channel:unsubscribe: any payload, with or without ack, leaves the socket connected', async () => {
    await fc.assert(
      fc.asyncProperty(anyValue.filter(fitsFrame), fc.boolean(), async (payload, withAck) => {
        const socket = nextFuzzer();
        if (!withAck) socket.emit('channel:unsubscribe', payload as never);
        const ack = (await socket.timeout(5_000).emitWithAck('channel:unsubscribe', payload as never)) as {
          ok: boolean;
        };
        expect(ack).toEqual({ ok: true });
      }),
      fuzzOptions(),
    );
    expect(fuzzers.every((fuzzer) => fuzzer.connected)).toBe(true);
  });

  it('an oversized frame closes only that socket; the server stays up', async () => {
    const victim = await connectSocket(origin, members[0]!.token);
    const closed = new Promise<string>((resolve) => victim.once('disconnect', (reason) => resolve(reason)));
    victim.emit('channel:subscribe', { channelId: 'x'.repeat(200_000) }, () => undefined);
    await expect(
      Promise.race([
        closed,
        new Promise((_, reject) => setTimeout(() => reject(new Error('not closed')), 5_000)),
      ]),
    ).resolves.toBeTypeOf('string');
    expect(socket.connected).toBe(true);
    const again = await connectSocket(origin, members[0]!.token);
    expect((await again.subscribe(ids.channelId)).ok).toBe(true);
    again.disconnect();
  });

  it('handshake auth garbage is refused with connect_error and never signs anyone in', async () => {
    const ticketLike = fc.oneof(
      anyValue.filter(fitsFrame),
      poisonValue,
      fc.constantFrom('', 'x'.repeat(101), 'x'.repeat(100)),
    );
    const auth = fc.oneof(
      fc.record(
        {
          ticket: ticketLike,
          v: fc.oneof(fc.constant(PROTOCOL_VERSION), fc.constantFrom(0, 2, '1', null, -1), poisonValue),
        },
        { requiredKeys: [] },
      ),
      fc.constantFrom(
        ...[
          '{"__proto__": {"v": 1, "ticket": "x"}}',
          '{"constructor": {"prototype": {"v": 1}}}',
          '{"$where": "1"}',
        ].map((t) => JSON.parse(t) as Record<string, unknown>),
      ),
    );
    const connectedBefore = app.io.engine.clientsCount;
    await fc.assert(
      fc.asyncProperty(auth, async (handshake) => {
        const client = io(origin, {
          path: SOCKET_PATH,
          auth: handshake as Record<string, unknown>,
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          timeout: 5_000,
        });
        try {
          const outcome = await new Promise<string>((resolve) => {
            const timer = setTimeout(() => resolve('timeout'), 6_000);
            client.once('connect', () => (clearTimeout(timer), resolve('connected')));
            client.once(
              'connect_error',
              (error) => (clearTimeout(timer), resolve(`refused: ${error.message}`)),
            );
          });
          expect(outcome, JSON.stringify(handshake).slice(0, 200)).toMatch(/^refused: \S/);
        } finally {
          client.disconnect();
        }
      }),
      fuzzOptions(),
    );
    // Refused handshakes leave no connection behind (bounded wait for the server to drop them).
    for (let i = 0; i < 100 && app.io.engine.clientsCount > connectedBefore; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(app.io.engine.clientsCount).toBeLessThanOrEqual(connectedBefore);
  });
});

describe('bad input: afterwards', () => {
  it('nothing was polluted and the server still answers health checks and normal requests', async () => {
    expectNoPrototypePollution();
    await expectNoHostileKeysStored(app);
    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
    const channels = await call<{ id: string }[]>(owner, 'GET', '/api/draw/channels');
    expect(channels.map((c) => c.id)).toContain(ids.channelId);
    const posted = await call<Message>(owner, 'POST', `/api/draw/chat/${ids.channelId}`, {
      content: 'still here',
    });
    expect(posted.content).toBe('still here');
    const fresh = await connectSocket(origin, owner.token);
    expect((await fresh.subscribe(ids.channelId)).ok).toBe(true);
    fresh.disconnect();
  });
});
