import http from 'node:http';
import type { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeWithSockets, startListening, type TestApp } from '../../../test/support/harness';

let app: TestApp;
let origin: string;
beforeAll(async () => ({ app, origin } = await startListening()));
afterAll(() => closeWithSockets(app, []));
afterEach(() => vi.restoreAllMocks());

const key = '0123456789abcdef.png';
/** Larger than the sockets' buffers: a reader that leaves finds the file still being sent. */
const image = Buffer.alloc(8 * 1024 * 1024, 5);

/** The streams the blob store hands out from now on. */
function recordOpens(): Readable[] {
  const opened: Readable[] = [];
  const open = app.services.blobs.open.bind(app.services.blobs);
  vi.spyOn(app.services.blobs, 'open').mockImplementation(async (wanted) => {
    const blob = await open(wanted);
    if (blob) opened.push(blob.stream);
    return blob;
  });
  return opened;
}

/**
 * The whole answer, on a connection of its own that closes after it: a kept-alive one may still be
 * busy (the server ends its reply a moment after the last byte left) when the suite closes the
 * server, which then waits out the keep-alive.
 */
function getWhole(url: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** Asks for the file and leaves once the first bytes came. */
function leaveAfterFirstBytes(): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}/files/${key}`, { agent: false }, (res) => {
      res.once('data', () => {
        request.destroy();
        resolve();
      });
      res.on('end', () => reject(new Error('the whole file came before the client left')));
    });
    request.on('error', () => undefined);
  });
}

describe('/files/:key', () => {
  it('closes the file when the reader leaves after the first bytes', async () => {
    await app.services.blobs.put(key, image);
    const opened = recordOpens();
    for (let i = 0; i < 5; i++) await leaveAfterFirstBytes();
    for (let tries = 0; !(opened.length === 5 && opened.every((stream) => stream.destroyed)); tries++) {
      if (tries > 400)
        throw new Error(
          `${opened.filter((stream) => !stream.destroyed).length} of ${opened.length} files still open`,
        );
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  it('answers an error when the file cannot be opened (no descriptor left), and serves the next request', async () => {
    await app.services.blobs.put(key, image);
    vi.spyOn(app.services.blobs, 'open').mockRejectedValueOnce(
      Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' }),
    );
    const refused = await getWhole(`${origin}/files/${key}`);
    expect(refused.status).toBe(500);
    expect(JSON.parse(refused.body.toString('utf8'))).toMatchObject({ success: false, reason: 'internal' });
    const served = await getWhole(`${origin}/files/${key}`);
    expect(served.status).toBe(200);
    expect(served.body.equals(image)).toBe(true);
  });
});
