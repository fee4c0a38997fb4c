import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('refusals made before routing', () => {
  // Found by the bad-input fuzz suite: Fastify answered these with its own body (414 / 400).
  it('answer a path param over the length limit with the envelope', async () => {
    const res = await app.http.inject({
      url: `/api/home/orders/${'a'.repeat(500)}`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 400,
      reason: 'bad_request',
      data: null,
      message: 'Invalid request: a path parameter is too long',
    });
  });

  it('answer a malformed percent-encoding in the path with the envelope', async () => {
    const res = await app.http.inject({ method: 'POST', url: '/api/draw/join-channel/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      reason: 'bad_request',
      message: expect.stringContaining('malformed'),
    });
  });
});
