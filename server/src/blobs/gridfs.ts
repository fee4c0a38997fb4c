import type { Connection } from 'mongoose';
import { mongo } from 'mongoose';
import type { Readable } from 'node:stream';
import { BLOB_KEY, type BlobStore } from './port';

/** With MongoDB, images live in GridFS so every server process sees the same files. */
export function gridFsBlobStore(connection: Connection): BlobStore {
  const bucket = new mongo.GridFSBucket(connection.db!, { bucketName: 'blobs' });
  async function find(key: string) {
    if (!BLOB_KEY.test(key)) return null;
    const [file] = await bucket.find({ filename: key }).limit(1).toArray();
    return file ?? null;
  }
  return {
    kind: 'gridfs',
    async put(key, data) {
      if (await find(key)) return;
      await new Promise<void>((resolve, reject) => {
        const upload = bucket.openUploadStream(key);
        upload.once('finish', () => resolve());
        upload.once('error', reject);
        upload.end(data);
      });
    },
    async open(key) {
      const file = await find(key);
      if (!file) return null;
      return { stream: bucket.openDownloadStream(file._id) as unknown as Readable, size: file.length };
    },
    async read(key) {
      const opened = await this.open(key);
      if (!opened) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async delete(key) {
      const file = await find(key);
      if (file) await bucket.delete(file._id);
    },
  };
}
