import type { Connection } from 'mongoose';
import { mongo } from 'mongoose';
import type { Readable } from 'node:stream';
import { BLOB_KEY, type BlobStore } from './port';

/** The part of a GridFS bucket the store uses (a fake stands in for it in tests). */
export type Bucket = Pick<mongo.GridFSBucket, 'find' | 'openUploadStream' | 'openDownloadStream' | 'delete'>;

/** The same refusal as the folder store's: keys come from us, so a bad one is a bug, never written. */
function checkedKey(key: string): string {
  if (!BLOB_KEY.test(key)) throw new Error(`bad blob key ${key}`);
  return key;
}

/** With MongoDB, images live in GridFS so every server process sees the same files. */
export function gridFsBlobStore(connection: Connection): BlobStore {
  return gridFsBlobStoreOn(new mongo.GridFSBucket(connection.db!, { bucketName: 'blobs' }));
}

/** Behaves as the folder store does: bad keys are refused on writes, a missing key reads as null and deletes as nothing. */
export function gridFsBlobStoreOn(bucket: Bucket): BlobStore {
  async function find(key: string) {
    const [file] = await bucket.find({ filename: key }).limit(1).toArray();
    return file ?? null;
  }
  return {
    kind: 'gridfs',
    async put(key, data) {
      if (await find(checkedKey(key))) return;
      await new Promise<void>((resolve, reject) => {
        const upload = bucket.openUploadStream(key);
        upload.once('finish', () => resolve());
        upload.once('error', reject);
        upload.end(data);
      });
    },
    async open(key) {
      if (!BLOB_KEY.test(key)) return null;
      const file = await find(key);
      if (!file) return null;
      const download = bucket.openDownloadStream(file._id);
      // Destroyed before its end (the reader went away): the chunks' cursor is closed now, not
      // when the database times it out ten minutes later.
      download.once('close', () => {
        if (!download.readableEnded) download.abort().catch(() => undefined);
      });
      return { stream: download as unknown as Readable, size: file.length };
    },
    async read(key) {
      const opened = await this.open(key);
      if (!opened) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async delete(key) {
      const file = await find(checkedKey(key));
      if (!file) return;
      // Deleted by another process since the lookup: gone either way, as a missing file is in the folder store.
      await bucket.delete(file._id).catch((error: unknown) => {
        if (!String((error as Error)?.message).includes('File not found')) throw error;
      });
    },
  };
}
