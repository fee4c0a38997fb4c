import { createHash, randomUUID } from 'node:crypto';
import { ErrorReason, Limits, type UploadedFile } from '@draw/shared';
import { AppError } from '../../errors';
import { EXTENSION_BY_MIME, type BlobStore } from '../../blobs/port';
import { inspectImage } from './inspect';
import type { UploadDoc, UploadsRepository } from './repository';

export type { UploadedFile } from '@draw/shared';

export const fileUrl = (key: string) => `/files/${key}`;

const DAY_MS = 24 * 3600_000;
const MIB = 1024 * 1024;

/** What one person may still upload, read once per request before any of its bytes are kept. */
export interface UploadBudget {
  readonly userId: string;
  /** Bytes the person may still store now (their daily budget less the last 24 hours' uploads). */
  readonly allowance: number;
}

const overBudget = () =>
  new AppError(ErrorReason.RateLimited, 'upload.dailyQuota', {
    max: Math.floor(Limits.uploadBytesPerDay / MIB),
  });

/** Refuses when `bytes` (a request's files so far) would go past what the person may still upload. */
export function assertWithinBudget(budget: UploadBudget, bytes: number): void {
  if (bytes > budget.allowance) throw overBudget();
}

export function uploadsService(deps: { repo: UploadsRepository; blobs: BlobStore; now: () => number }) {
  const { repo, blobs, now } = deps;
  return {
    /**
     * The person's budget for one upload request; refuses at once when nothing is left, so the
     * request's bytes are not even read.
     */
    async budgetOf(userId: string): Promise<UploadBudget> {
      const budget = {
        userId,
        allowance: Limits.uploadBytesPerDay - (await repo.bytesSince(userId, now() - DAY_MS)),
      };
      if (budget.allowance <= 0) throw overBudget();
      return budget;
    },

    /** Checks every file first (sizes against the budget, then each image), so a batch with one bad file stores nothing. */
    async store(budget: UploadBudget, files: Buffer[]): Promise<UploadedFile[]> {
      const { userId } = budget;
      if (files.length === 0) throw new AppError(ErrorReason.BadRequest, 'upload.none');
      if (files.length > Limits.uploadMaxFiles) {
        throw new AppError(ErrorReason.BadRequest, 'upload.tooMany', { max: Limits.uploadMaxFiles });
      }
      assertWithinBudget(
        budget,
        files.reduce((sum, data) => sum + data.length, 0),
      );
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
        await repo.create(doc);
        stored.push({
          id: key,
          url: fileUrl(key),
          mime: info.mime,
          width: info.width,
          height: info.height,
          size: data.length,
        });
      }
      return stored;
    },
    /** An upload's bytes, for the engines; only the uploader may use their uploads in tasks. */
    async readOwned(userId: string, id: string): Promise<{ data: Buffer; doc: UploadDoc }> {
      const doc = await repo.byId(id);
      if (!doc || doc.userId !== userId) throw new AppError(ErrorReason.NotFound, 'upload.notFound');
      const data = await blobs.read(id);
      if (!data) throw new AppError(ErrorReason.NotFound, 'upload.notFound');
      return { data, doc };
    },
  };
}
export type UploadsService = ReturnType<typeof uploadsService>;
