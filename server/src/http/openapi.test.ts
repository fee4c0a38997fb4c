import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, AnswerKind, Caller, routeKey } from '@draw/shared/routes';
import { startTestApp, type TestApp } from '../../test/support/harness';

/** Every call the spec (section 7) names, as method + path with its parameters. */
const SPEC_CALLS = [
  'GET /api/draw/settings/{}',
  'PUT /api/draw/settings',
  'PUT /api/draw/settings/version/{}',
  'PUT /api/draw/settings/suffix',
  'PUT /api/draw/settings/option',
  'GET /api/draw/settings/options',
  'GET /api/draw/info/{}',
  'GET /api/draw/channels',
  'POST /api/draw/channel',
  'PUT /api/draw/channel/{}',
  'GET /api/draw/channel/{}',
  'DELETE /api/draw/channel/{}',
  'POST /api/draw/invite-code/{}',
  'POST /api/draw/remove-user/{}/{}',
  'POST /api/draw/quit-channel/{}',
  'POST /api/draw/join-channel/{}',
  'POST /api/draw/tasks/{}',
  'GET /api/draw/chat/{}',
  'DELETE /api/draw/chat/{}',
  'POST /api/draw/chat/{}',
  'GET /api/home/index',
  'GET /api/home/company-info',
  'PUT /api/home/info',
  'GET /api/home/products',
  'POST /api/home/order',
  'POST /api/home/cancel-order/{}',
  'POST /api/home/pay/{}',
  'GET /api/home/qrcode',
  'POST /api/home/redeem/{}',
  'POST /api/login/login',
  'POST /api/login/logout',
  'GET /api/login/send-login-code',
  'POST /api/login/forget-reset-pwd',
  'GET /api/login/channel/{}',
  'POST /api/open/notify/{}/{}',
  'POST /api/open/wechat/callback',
  'POST /api/mj/submit/imagine/{}',
  'POST /api/mj/submit/describe/{}',
  'POST /api/mj/submit/blend/{}',
  'POST /api/mj/submit/action/{}',
  'POST /api/mj/submit/modal/{}',
  'POST /api/mj/submit/shorten/{}',
  'GET /api/mj/task/{}/fetch',
  'POST /api/mj/task/{}/cancel',
  'GET /api/mj/task/{}/image-seed',
  'POST /api/upload',
  'GET /api/ws/pre-connect',
];

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  items?: Schema;
}
interface Operation {
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

/** `/api/draw/channel/:id` → `/api/draw/channel/{}`, as the documented paths are keyed here. */
const documented = (path: string) => path.replace(/:[A-Za-z0-9_]+/g, '{}');

let app: TestApp;
let operations: Map<string, Operation>;

beforeAll(async () => {
  app = await startTestApp();
  const paths = (await app.http.inject('/docs/json')).json().paths as Record<
    string,
    Record<string, Operation>
  >;
  operations = new Map();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods))
      operations.set(`${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`, operation);
  }
});
afterAll(() => app.close());

describe('OpenAPI documentation at /docs', () => {
  it('lists every call of the spec', () => {
    expect(SPEC_CALLS.filter((call) => !operations.has(call))).toEqual([]);
  });

  it('lists every route of the table with its answer: the envelope around the answer schema, or the file', () => {
    for (const route of API_ROUTES) {
      const call = routeKey(route.method, documented(route.path));
      const success = operations.get(call)?.responses['200']?.content;
      expect(success, call).toBeDefined();
      if (route.kind === AnswerKind.File) {
        expect(Object.keys(success ?? {}), call).toEqual([route.contentType]);
        continue;
      }
      const schema = success?.['application/json']?.schema;
      const answer = route.kind === AnswerKind.Envelope ? schema?.properties?.data : schema;
      // A real schema, not the empty one: a type, or a choice of them.
      expect(answer?.type ?? answer?.anyOf, call).toBeTruthy();
    }
  });

  it('answers exactly what the table says, down to the fields, for a signed-in user', async () => {
    const user = await app.signIn();
    const res = await app.http.inject({ url: '/api/draw/channels', headers: user.auth });
    expect(res.statusCode).toBe(200);
    const docs =
      operations.get('GET /api/draw/channels')?.responses['200']?.content?.['application/json']?.schema
        .properties?.data;
    expect(docs?.type).toBe('array');
    expect(Object.keys(docs?.items?.properties ?? {}).sort()).toEqual([
      'createdAt',
      'creatorId',
      'engine',
      'id',
      'isBan',
      'isCreator',
      'memberCount',
      'title',
    ]);
  });

  it('registers no /api route outside the table, and every route of the table', () => {
    const table = new Set(API_ROUTES.map((route) => routeKey(route.method, route.path)));
    const registered = app.routes.filter((route) => route.split(' ')[1]?.startsWith('/api/'));
    expect(registered.filter((route) => !table.has(route))).toEqual([]);
    expect([...table].filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('documents the envelope of every /api answer, success and refusal, under the feature as a tag', () => {
    for (const [call, operation] of operations) {
      if (!call.includes(' /api/')) continue;
      const route = API_ROUTES.find((r) => routeKey(r.method, documented(r.path)) === call);
      if (route?.kind !== AnswerKind.Envelope) continue;
      const ok = operation.responses['200']?.content?.['application/json']?.schema.properties;
      const refused = operation.responses['4XX']?.content?.['application/json']?.schema.properties;
      expect(Object.keys(ok ?? {}), call).toEqual(['code', 'message', 'data', 'success']);
      expect(Object.keys(refused ?? {}), call).toContain('reason');
      expect(operation.tags?.length, call).toBeGreaterThan(0);
    }
  });

  it('asks for the bearer token on signed-in routes only', () => {
    expect(operations.get('GET /api/draw/channels')?.security).toEqual([{ bearer: [] }]);
    expect(operations.get('POST /api/login/login')?.security).toBeUndefined();
    for (const route of API_ROUTES) {
      const call = routeKey(route.method, documented(route.path));
      expect(operations.get(call)?.security, call).toEqual(
        route.caller === Caller.User ? [{ bearer: [] }] : undefined,
      );
    }
  });

  // Routes with a body are validated before the sign-in check (Fastify's order), so they answer 400 first.
  it('refuses a signed-in route to an anonymous caller, as the table says', async () => {
    for (const route of API_ROUTES.filter(
      (r) => r.caller === Caller.User && !r.path.includes(':') && !r.body && !r.multipart,
    )) {
      const res = await app.http.inject({ method: route.method, url: route.path });
      expect(res.statusCode, routeKey(route.method, route.path)).toBe(401);
    }
  });

  it('lists the operator routes too', () => {
    for (const call of ['GET /healthz', 'GET /metrics', 'GET /files/{}'])
      expect(operations.has(call), call).toBe(true);
  });

  it('changes nothing about what the routes answer', async () => {
    const res = await app.http.inject('/api/home/company-info');
    expect(res.json()).toMatchObject({ success: true, data: { name: expect.any(String) } });
  });
});
