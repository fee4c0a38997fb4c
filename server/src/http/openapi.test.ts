import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/harness';

/** Every call the spec (section 7) names, as method + path with its parameters. */
const SPEC_CALLS = [
  'GET /api/draw/settings/{}', 'PUT /api/draw/settings', 'PUT /api/draw/settings/version/{}', 'PUT /api/draw/settings/suffix',
  'PUT /api/draw/settings/option', 'GET /api/draw/settings/options', 'GET /api/draw/info/{}', 'GET /api/draw/channels',
  'POST /api/draw/channel', 'PUT /api/draw/channel/{}', 'GET /api/draw/channel/{}', 'DELETE /api/draw/channel/{}',
  'POST /api/draw/invite-code/{}', 'POST /api/draw/remove-user/{}/{}', 'POST /api/draw/quit-channel/{}', 'POST /api/draw/join-channel/{}',
  'POST /api/draw/tasks/{}', 'GET /api/draw/chat/{}', 'DELETE /api/draw/chat/{}', 'POST /api/draw/chat/{}',
  'GET /api/home/index', 'GET /api/home/company-info', 'PUT /api/home/info', 'GET /api/home/products', 'POST /api/home/order',
  'POST /api/home/cancel-order/{}', 'POST /api/home/pay/{}', 'GET /api/home/qrcode', 'POST /api/home/redeem/{}',
  'POST /api/login/login', 'POST /api/login/logout', 'GET /api/login/send-login-code', 'POST /api/login/forget-reset-pwd',
  'GET /api/login/channel/{}', 'POST /api/open/notify/{}/{}', 'POST /api/open/wechat/callback',
  'POST /api/mj/submit/imagine/{}', 'POST /api/mj/submit/describe/{}', 'POST /api/mj/submit/blend/{}', 'POST /api/mj/submit/action/{}',
  'POST /api/mj/submit/modal/{}', 'POST /api/mj/submit/shorten/{}', 'GET /api/mj/task/{}/fetch', 'POST /api/mj/task/{}/cancel',
  'GET /api/mj/task/{}/image-seed', 'POST /api/upload', 'GET /api/ws/pre-connect',
];

interface Operation {
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
}

let app: TestApp;
let operations: Map<string, Operation>;

beforeAll(async () => {
  app = await startTestApp();
  const paths = (await app.http.inject('/docs/json')).json().paths as Record<string, Record<string, Operation>>;
  operations = new Map();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) operations.set(`${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`, operation);
  }
});
afterAll(() => app.close());

describe('OpenAPI documentation at /docs', () => {
  it('lists every call of the spec', () => {
    expect(SPEC_CALLS.filter((call) => !operations.has(call))).toEqual([]);
  });

  it('documents the envelope of every /api answer, success and refusal, under the feature as a tag', () => {
    for (const [call, operation] of operations) {
      if (!call.includes(' /api/')) continue;
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
  });

  it('lists the operator routes too', () => {
    for (const call of ['GET /healthz', 'GET /metrics', 'GET /files/{}']) expect(operations.has(call), call).toBe(true);
  });

  it('changes nothing about what the routes answer', async () => {
    const res = await app.http.inject('/api/home/company-info');
    expect(res.json()).toMatchObject({ success: true, data: { name: expect.any(String) } });
  });
});
