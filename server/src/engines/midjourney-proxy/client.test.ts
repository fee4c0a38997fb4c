import type { IncomingMessage, Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MjProxyClient } from './client';
import { startFakeMjProxy, type FakeMjProxy } from '../../../test/fakes/midjourney-proxy/server';

let fake: FakeMjProxy;
let cdn: FakeMjProxy;
beforeAll(async () => {
  fake = await startFakeMjProxy({ secret: 's3cret' });
  cdn = await startFakeMjProxy();
});
afterAll(async () => {
  await fake.stop();
  await cdn.stop();
});

const client = (secret = 's3cret') =>
  new MjProxyClient({ baseUrl: `${fake.origin}/`, secret, timeoutMs: 1000 });

describe('MjProxyClient', () => {
  it('authenticates with mj-api-secret and explains a refused secret', async () => {
    await expect(client('wrong').submit('imagine', { prompt: 'x' }, null)).rejects.toThrow(
      /refused this site's secret/,
    );
    const accepted = await client().submit('imagine', { prompt: 'x' }, 'fast');
    expect(accepted).toEqual({ kind: 'accepted', id: expect.any(String) });
    expect(fake.requests.at(-1)).toMatchObject({
      secret: 's3cret',
      speed: 'fast',
      path: '/mj/submit/imagine',
    });
  });

  it('answers the health probe: up with our secret, not with a refused one, nor once the proxy is down', async () => {
    expect(await client().answers()).toBe(true);
    expect(await client('wrong').answers()).toBe(false);
    await fake.down();
    try {
      expect(await client().answers()).toBe(false);
    } finally {
      await fake.up();
    }
  });

  it('reads fetch, image-seed and cancel answers', async () => {
    fake.set({ stepMs: 1, steps: [] });
    const { id } = await client().submit('imagine', { prompt: 'seeded' }, null);
    expect(await client().fetchTask('no-such-task')).toBeNull();
    await expect(client().imageSeed('no-such-task')).rejects.toThrow(/no longer has/);
    for (let i = 0; i < 100 && (await client().fetchTask(id))?.status !== 'SUCCESS'; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(await client().imageSeed(id)).toMatch(/^\d+$/);
    expect(await client().cancel(id)).toBe(true);
    fake.set({ secretRole: 'user' });
    await expect(client().cancel(id)).rejects.toThrow(
      /refused to stop the job \(HTTP 400 "演示模式，禁止操作"/,
    );
    expect(await client().probe()).toBe('csharp');
    fake.set({ line: 'java' });
    expect(await client().cancel(id)).toBe(false);
    expect(await client().probe()).toBe('java');
    // The Java line answers an unknown id with an empty 200, the C# line with 204: both "not known".
    expect(await client().fetchTask('no-such-task')).toBeNull();
    fake.reset('csharp');
  });

  it('sends the secret to the proxy itself only, never to another host', async () => {
    const c = client();
    const own = await c.download('/cdn/own-image.png');
    expect(own.data.subarray(1, 4).toString()).toBe('PNG');
    const ownHeaders = await headersSeenBy(fake, () => c.download('/cdn/own-again.png'));
    expect(ownHeaders['mj-api-secret']).toBe('s3cret');
    const elsewhere = await headersSeenBy(cdn, () => c.download(`${cdn.origin}/cdn/elsewhere.png`));
    expect(elsewhere['mj-api-secret']).toBeUndefined();
    await expect(c.download(`${cdn.origin}/cdn/../nope`)).rejects.toThrow(/HTTP 404/);
  });
});

/** The headers of the next image request a fake receives (images are not in its request log). */
async function headersSeenBy(
  server: FakeMjProxy,
  run: () => Promise<unknown>,
): Promise<Record<string, string | string[] | undefined>> {
  const http = (server as unknown as { server: Server }).server;
  let seen: Record<string, string | string[] | undefined> = {};
  const listener = (req: IncomingMessage) => {
    seen = req.headers;
  };
  http.on('request', listener);
  try {
    await run();
  } finally {
    http.off('request', listener);
  }
  return seen;
}
