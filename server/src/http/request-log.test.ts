import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { loggerOptions } from '../logger';
import { OneLinePerRequest } from './request-log';

async function serverLogging() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger = { ...(loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'test' } as Config) as object), stream };
  const app = Fastify({ logger, logController: new OneLinePerRequest() });
  app.get('/api/draw/join-channel/:code', async () => ({ ok: true }));
  return { app, lines };
}

describe('the request log', () => {
  it('writes one line per request, with its method, masked URL, status and time, and never the token', async () => {
    const { app, lines } = await serverLogging();
    const res = await app.inject({
      url: '/api/draw/join-channel/SECRETCODE',
      headers: { authorization: 'Bearer tok-123' },
    });
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      reqId: expect.any(String),
      req: { method: 'GET', url: '/api/draw/join-channel/[redacted]' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(JSON.stringify(lines)).not.toMatch(/SECRETCODE|tok-123/);
    await app.close();
  });
});
