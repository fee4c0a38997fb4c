import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable, Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { folderBlobStore } from './folder';
import { gridFsBlobStoreOn, type Bucket } from './gridfs';
import type { BlobStore } from './port';

/** Download streams the fake bucket handed out whose cursor was closed by `abort()`, as the driver's is. */
const aborted = new Set<Readable>();

/** GridFS held in memory, with the driver's error for deleting a file that is gone. */
function fakeBucket(): Bucket {
  const files = new Map<string, { _id: string; filename: string; data: Buffer }>();
  let nextId = 0;
  return {
    find: ((filter: { filename: string }) => ({
      limit: () => ({
        toArray: async () =>
          [...files.values()]
            .filter((f) => f.filename === filter.filename)
            .map((f) => ({ ...f, length: f.data.length })),
      }),
    })) as never,
    openUploadStream: ((filename: string) => {
      const chunks: Buffer[] = [];
      return new Writable({
        write(chunk, _encoding, done) {
          chunks.push(chunk as Buffer);
          done();
        },
        final(done) {
          const _id = `f${nextId++}`;
          files.set(_id, { _id, filename, data: Buffer.concat(chunks) });
          done();
        },
      });
    }) as never,
    openDownloadStream: ((id: string) => {
      const stream = new PassThrough();
      stream.end(files.get(id)!.data);
      return Object.assign(stream, {
        abort: async () => {
          aborted.add(stream);
          stream.destroy();
        },
      });
    }) as never,
    delete: async (id: unknown) => {
      if (!files.delete(id as string)) throw new Error(`File not found for id ${String(id)}`);
    },
  };
}

const stores: { name: string; make: () => BlobStore }[] = [
  { name: 'folder', make: () => folderBlobStore(fs.mkdtempSync(path.join(os.tmpdir(), 'blobs-'))) },
  { name: 'gridfs', make: () => gridFsBlobStoreOn(fakeBucket()) },
];

describe.each(stores)('blob store: $name', ({ make }) => {
  const key = '0123456789abcdef.png';

  it('stores, reads and deletes by key', async () => {
    const blobs = make();
    await blobs.put(key, Buffer.from('pixels'));
    expect((await blobs.read(key))?.toString()).toBe('pixels');
    const opened = await blobs.open(key);
    expect(opened?.size).toBe(6);
    opened?.stream.destroy();
    await blobs.delete(key);
    expect(await blobs.read(key)).toBeNull();
  });

  it('refuses to write or delete under a key that is not ours', async () => {
    const blobs = make();
    await expect(blobs.put('../escape.png', Buffer.from('x'))).rejects.toThrow(/bad blob key/);
    await expect(blobs.delete('not a key')).rejects.toThrow(/bad blob key/);
    expect(await blobs.read('../escape.png')).toBeNull();
  });

  it('deletes a missing key as nothing to do', async () => {
    const blobs = make();
    await expect(blobs.delete('fedcba9876543210.jpg')).resolves.toBeUndefined();
  });
});

describe('a blob stream left before its end', () => {
  const key = '0123456789abcdef.png';
  const big = Buffer.alloc(1024 * 1024, 3);

  it('closes its file in the folder store', async () => {
    const blobs = stores[0]!.make();
    await blobs.put(key, big);
    const { stream } = (await blobs.open(key))!;
    stream.once('data', () => stream.destroy());
    await new Promise((resolve) => stream.once('close', resolve));
    expect((stream as Readable & { closed: boolean }).closed).toBe(true);
  });

  it('closes its chunk cursor in GridFS', async () => {
    const blobs = stores[1]!.make();
    await blobs.put(key, big);
    const { stream } = (await blobs.open(key))!;
    stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(aborted.has(stream)).toBe(true);
  });

  it('in GridFS, one read to its end needs no abort', async () => {
    const blobs = stores[1]!.make();
    await blobs.put(key, big);
    const { stream } = (await blobs.open(key))!;
    for await (const chunk of stream) expect(chunk).toBeInstanceOf(Buffer);
    expect(aborted.has(stream)).toBe(false);
  });
});

describe('the folder store when a file cannot be opened', () => {
  afterEach(() => vi.restoreAllMocks());
  const key = '0123456789abcdef.png';

  it('answers a missing key as none, and refuses when no descriptor is left instead of calling it missing', async () => {
    const blobs = stores[0]!.make();
    await blobs.put(key, Buffer.from('pixels'));
    expect(await blobs.open('fedcba9876543210.png')).toBeNull();
    // The stream opens its file through fs.open: refused as the system refuses it at the limit.
    const open = fs.open;
    const refused = vi.spyOn(fs, 'open').mockImplementation(((file: fs.PathLike, ...rest: unknown[]) => {
      if (!String(file).endsWith(key)) return (open as (...args: unknown[]) => void)(file, ...rest);
      const done = rest.at(-1) as (error: NodeJS.ErrnoException) => void;
      process.nextTick(() =>
        done(Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' })),
      );
    }) as typeof fs.open);
    await expect(blobs.open(key)).rejects.toThrow(/EMFILE/);
    expect(refused).toHaveBeenCalled();
    refused.mockRestore();
    const opened = await blobs.open(key);
    expect(opened?.size).toBe(6);
    opened?.stream.destroy();
  });
});
