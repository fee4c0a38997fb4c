import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Access,
  API_ROUTES,
  DefaultBounds,
  RatePer,
  boundsOf,
  route,
  routeKey,
  schemaDepth,
} from '@draw/shared/routes';
import { startTestApp, type TestApp } from '../../test/support/harness';
import { admissionPlugin } from './admission';
import { authenticationPlugin } from './auth';
import { envelopePlugin } from './envelope';
import { serve } from './routes';

/** Sends raw bytes and resolves with the first answer's status line, or null if the server closed first. */
function rawRequest(
  port: number,
  head: string,
  body: string,
): Promise<{ status: number | null; text: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      socket.write(body);
    });
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.includes('\r\n\r\n')) {
        socket.destroy();
        resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? NaN), text });
      }
    });
    socket.on('close', () => resolve({ status: null, text }));
    socket.on('error', () => undefined);
  });
}

describe('bounds on every route of the table', () => {
  it('every route has a bounded body, a bounded JSON depth and a bounded number in flight; every write has a rate', () => {
    for (const entry of API_ROUTES) {
      const bounds = boundsOf(entry);
      const name = routeKey(entry.method, entry.path);
      expect(bounds.bodyBytes, name).toBeLessThanOrEqual(6 * 1024 * 1024);
      expect(bounds.jsonDepth, name).toBeLessThanOrEqual(16);
      expect(bounds.concurrent, name).toBeLessThanOrEqual(64);
      // Callbacks from a provider or an upstream (one address, every step of every task) are bounded by their body and token.
      const callback = entry.path.startsWith('/api/open/');
      if (entry.method !== 'GET' && !callback) expect(bounds.rate, name).not.toBeNull();
    }
  });

  it('derives the depth a JSON body may have from its schema', () => {
    expect(schemaDepth(Type.Object({ a: Type.String() }, { additionalProperties: false }))).toBe(1);
    expect(
      schemaDepth(
        Type.Object(
          { a: Type.Array(Type.Object({ b: Type.Number() }, { additionalProperties: false })) },
          { additionalProperties: false },
        ),
      ),
    ).toBe(3);
    // An open object's extras, or an unknown value, may nest without end: the open default applies.
    expect(schemaDepth(Type.Object({ a: Type.String() }))).toBeNull();
    expect(
      boundsOf(
        route({
          method: 'POST',
          path: '/api/x',
          access: Access.SignedIn,
          tag: 't',
          body: Type.Unknown(),
          answer: Type.Null(),
        }),
      ).jsonDepth,
    ).toBe(DefaultBounds.openJsonDepth);
  });
});

describe('admission, before the body is read', () => {
  let app: TestApp;
  let port: number;
  let token = '';
  beforeAll(async () => {
    app = await startTestApp();
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    port = (app.http.server.address() as net.AddressInfo).port;
    token = (await app.signIn()).token;
  });
  afterAll(() => app.close());

  it('refuses an anonymous 8 MB body on a signed-in route at its headers, without waiting for the body', async () => {
    // The headers promise 8 MB; only a few bytes follow. A server that read the body first would wait.
    const head = `POST /api/mj/submit/modal/c1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${8 * 1024 * 1024}\r\n\r\n`;
    const answer = await rawRequest(port, head, '[[[[[[');
    expect(answer.status).toBe(401);
  });

  it('refuses a signed-in body over its route’s limit as too large, at its headers', async () => {
    const limit = boundsOf(
      API_ROUTES.find((r) => r.path === '/api/draw/channel' && r.method === 'POST')!,
    ).bodyBytes;
    const head = `POST /api/draw/channel HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${limit + 1}\r\n\r\n`;
    const answer = await rawRequest(port, head, '{');
    expect(answer.status).toBe(413);
  });

  it('refuses JSON deeper than its route allows as a clear error, and creates nothing', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const before = (await app.http.inject({ url: '/api/draw/channels', headers: auth })).json().data.length;
    const deep = `{"title":"x","isBan":false,"extra":${'['.repeat(500)}${']'.repeat(500)}}`;
    const res = await app.http.inject({
      method: 'POST',
      url: '/api/draw/channel',
      headers: { ...auth, 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: deep,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      reason: 'bad_request',
      message: 'The request body nests too deeply (at most 1 levels)',
    });
    expect((await app.http.inject({ url: '/api/draw/channels', headers: auth })).json().data.length).toBe(
      before,
    );
  });
});

describe('requests in flight and rates, per caller', () => {
  let app: FastifyInstance;
  let release = () => undefined as void;
  let gate = Promise.resolve();
  /** Requests to the slow route wait until `release()`. */
  const closeGate = () => {
    gate = new Promise<void>((resolve) => (release = resolve));
  };
  const slow = route({
    method: 'GET',
    path: '/api/test/slow',
    access: Access.Anyone,
    tag: 't',
    bounds: { concurrent: 2, rate: null },
    answer: Type.Boolean(),
  });
  const counted = route({
    method: 'POST',
    path: '/api/test/counted',
    access: Access.Anyone,
    tag: 't',
    bounds: { rate: { max: 3, windowMs: 60_000, per: RatePer.Ip, bucket: 'shared' } },
    answer: Type.Boolean(),
  });
  const countedToo = route({ ...counted, path: '/api/test/counted-too' });
  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(envelopePlugin);
    await app.register(authenticationPlugin, { resolver: { userForToken: async () => null } });
    await app.register(admissionPlugin, { counts: { kind: 'memory' } });
    serve(app, slow, async () => {
      await gate;
      return true;
    });
    serve(app, counted, () => true);
    serve(app, countedToo, () => true);
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('answers a third request at once while two of one caller are in flight, and frees the slots when they end', async () => {
    closeGate();
    const first = app.inject({ url: '/api/test/slow' });
    const second = app.inject({ url: '/api/test/slow' });
    await new Promise((r) => setTimeout(r, 50));
    const third = await app.inject({ url: '/api/test/slow', headers: { 'accept-language': 'en-US' } });
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(
      'Too many of these at once (at most 2). Wait for the others to finish.',
    );
    // Another caller is not affected.
    const other = app.inject({ url: '/api/test/slow', remoteAddress: '10.1.2.3' });
    release();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect((await other).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/test/slow' })).statusCode).toBe(200);
  });

  it('frees a slot when the client goes away before the answer', async () => {
    const { port } = app.server.address() as net.AddressInfo;
    const hang = () =>
      new Promise<void>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () =>
          socket.write('GET /api/test/slow HTTP/1.1\r\nHost: x\r\n\r\n'),
        );
        socket.on('error', () => undefined);
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
    // Each request waits until its client leaves.
    closeGate();
    for (let i = 0; i < 5; i++) await hang();
    await new Promise((r) => setTimeout(r, 50));
    const waiting = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect((await waiting).status).toBe(200);
  });

  it('counts routes of one bucket together and tells how long to wait', async () => {
    const post = (url: string) => app.inject({ method: 'POST', url, remoteAddress: '10.7.7.7' });
    for (const url of ['/api/test/counted', '/api/test/counted-too', '/api/test/counted'])
      expect((await post(url)).statusCode).toBe(200);
    const refused = await post('/api/test/counted-too');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
