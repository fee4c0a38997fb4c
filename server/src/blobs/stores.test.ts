import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { folderBlobStore } from './folder';
import { gridFsBlobStoreOn, type Bucket } from './gridfs';
import type { BlobStore } from './port';

/** GridFS held in memory, with the driver's error for deleting a file that is gone. */
function fakeBucket(): Bucket {
  const files = new Map<string, { _id: string; filename: string; data: Buffer }>();
  let nextId = 0;
  return {
    find: ((filter: { filename: string }) => ({
      limit: () => ({ toArray: async () => [...files.values()].filter((f) => f.filename === filter.filename).map((f) => ({ ...f, length: f.data.length })) }),
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
      return stream;
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
    expect((await blobs.open(key))?.size).toBe(6);
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
