import { createHash, randomUUID } from 'node:crypto';
import { ErrorReason, Limits, type UploadedFile } from '@draw/shared';
import { AppError } from '../../errors';
import { EXTENSION_BY_MIME, type BlobStore } from '../../blobs/port';
import { inspectImage } from './inspect';
import type { UploadDoc, UploadsRepository } from './repository';

export type { UploadedFile } from '@draw/shared';

export const fileUrl = (key: string) => `/files/${key}`;

export function uploadsService(deps: { repo: UploadsRepository; blobs: BlobStore; now: () => number }) {
  const { repo, blobs, now } = deps;
  return {
    /** Checks every file first, so a batch with one bad file stores nothing. */
    async store(userId: string, files: Buffer[]): Promise<UploadedFile[]> {
      if (files.length === 0) throw new AppError(ErrorReason.BadRequest, 'upload.none');
      if (files.length > Limits.uploadMaxFiles) {
        throw new AppError(ErrorReason.BadRequest, 'upload.tooMany', { max: Limits.uploadMaxFiles });
      }
      const inspected = await Promise.all(files.map((data) => inspectImage(data)));
      const stored: UploadedFile[] = [];
      for (const [i, info] of inspected.entries()) {
        const data = files[i]!;
        const key = `${randomUUID()}.${EXTENSION_BY_MIME[info.mime]}`;
        await blobs.put(key, data);
        const doc: UploadDoc = {
          _id: key,
          userId,
          mime: info.mime,
          size: data.length,
          width: info.width,
          height: info.height,
          sha256: createHash('sha256').update(data).digest('hex'),
          createdAt: now(),
        };
        await repo.insertOne(doc);
        stored.push({ id: key, url: fileUrl(key), mime: info.mime, width: info.width, height: info.height, size: data.length });
      }
      return stored;
    },
    /** An upload's bytes, for the engines; only the uploader may use their uploads in tasks. */
    async readOwned(userId: string, id: string): Promise<{ data: Buffer; doc: UploadDoc }> {
      const doc = await repo.findOne({ _id: id });
      if (!doc || doc.userId !== userId) throw new AppError(ErrorReason.NotFound, 'upload.notFound');
      const data = await blobs.read(id);
      if (!data) throw new AppError(ErrorReason.NotFound, 'upload.notFound');
      return { data, doc };
    },
  };
}
export type UploadsService = ReturnType<typeof uploadsService>;
