import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DefaultBounds, api, boundsOf } from '@draw/shared/routes';
import { admissionPlugin } from '../../http/admission';
import { envelopePlugin } from '../../http/envelope';
import { upstreamPlugin } from './plugin';
import { upstreamHooks } from './service';

const TOKEN = 'hook-token-0123456789';
const { bodyBytes: HOOK_BODY_LIMIT, jsonDepth: HOOK_MAX_DEPTH } = boundsOf(api.upstream.notify);
const notified: unknown[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false, ajv: { customOptions: { allowUnionTypes: true } } });
  await app.register(envelopePlugin);
  await app.register(admissionPlugin, { counts: { kind: 'memory' } });
  const hooks = upstreamHooks({
    tasks: {
      byId: async () =>
        ({
          _id: 't1',
          status: 'IN_PROGRESS',
          hookToken: TOKEN,
          upstreamId: 'u1',
          engine: 'midjourney-proxy',
        }) as never,
    },
    engines: {
      forTask: (name) =>
        name === 'midjourney-proxy' ? { notify: (_taskId, payload) => void notified.push(payload) } : null,
    },
  });
  await app.register(upstreamPlugin, { hooks });
  // A route outside the table: parsed within the open depth.
  app.post('/api/elsewhere', async (request) => ({ success: true, data: request.body }));
});
afterAll(() => app.close());

/** What the fake upstream and the contract's Task look like, extras included. */
const task = {
  id: 'u1',
  action: 'IMAGINE',
  status: 'IN_PROGRESS',
  prompt: '一只狐狸 --v 6',
  promptEn: 'a fox --v 6',
  description: '/imagine a fox',
  state: 't1',
  submitTime: 1_700_000_000_000,
  startTime: 1_700_000_000_100,
  finishTime: null,
  imageUrl: 'https://cdn.discordapp.com/attachments/1/2/preview.png',
  progress: '45%',
  failReason: null,
  buttons: [{ customId: 'MJ::JOB::upsample::1::abc', emoji: '', label: 'U1', type: 2, style: 2 }],
  properties: { finalPrompt: 'a fox --v 6', messageId: '1', nonce: '2', discordInstanceId: '3' },
  botType: 'MID_JOURNEY',
  width: 1024,
  height: 1024,
};

const hook = (body: string, token = TOKEN) =>
  app.inject({
    method: 'POST',
    url: `/api/open/notify/t1/${token}`,
    headers: { 'content-type': 'application/json; charset=utf-8', 'accept-language': 'en-US' },
    payload: body,
  });

describe('the notify hook', () => {
  it('passes on a Task of the contract, with the fields the upstream lines add', async () => {
    notified.length = 0;
    const res = await hook(JSON.stringify(task));
    expect(res.json()).toMatchObject({ success: true, data: { accepted: true } });
    expect(notified).toEqual([task]);
  });

  it('refuses a body past its limit with 413, passing nothing on', async () => {
    notified.length = 0;
    const res = await hook(JSON.stringify({ ...task, description: 'x'.repeat(HOOK_BODY_LIMIT) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, reason: 'payload_too_large' });
    expect(notified).toEqual([]);
  });

  it('refuses deep nesting before parsing it, whatever the token', async () => {
    notified.length = 0;
    const deep = `{"id":"u1","status":"SUCCESS","properties":{"x":${'['.repeat(60_000)}${']'.repeat(60_000)}}}`;
    for (const token of [TOKEN, 'not-the-token']) {
      const res = await hook(deep, token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        reason: 'bad_request',
        message: `The request body nests too deeply (at most ${HOOK_MAX_DEPTH} levels)`,
      });
    }
    expect(notified).toEqual([]);
  });

  it.each([
    ['no status', { id: 'u1' }],
    ['an id that is an object', { ...task, id: { $ne: null } }],
    ['buttons that are not a list', { ...task, buttons: 'U1' }],
    ['a button without customId', { ...task, buttons: [{ label: 'U1' }] }],
    ['properties that are a list', { ...task, properties: [1, 2] }],
    ['null', null],
  ])('refuses a body with %s as invalid, passing nothing on', async (_case, body) => {
    notified.length = 0;
    const res = await hook(JSON.stringify(body));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, reason: 'bad_request' });
    expect(notified).toEqual([]);
  });

  it('gives its deeper room to itself: a route outside the table parses within the open depth', async () => {
    const nesting = (levels: number) => JSON.parse(`${'['.repeat(levels)}1${']'.repeat(levels)}`) as unknown;
    const post = (nested: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/elsewhere',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ nested }),
      });
    const shallow = nesting(DefaultBounds.openJsonDepth - 1);
    expect((await post(shallow)).json()).toEqual({ success: true, data: { nested: shallow } });
    expect(HOOK_MAX_DEPTH).toBeGreaterThan(DefaultBounds.openJsonDepth);
    const refused = await post(nesting(HOOK_MAX_DEPTH - 1));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, reason: 'bad_request' });
  });
});
