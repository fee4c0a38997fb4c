import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema, type StoredFields } from '../../storage/schema';

export interface UploadDoc extends BaseDoc {
  /** `_id` is the blob key (`<uuid>.<ext>`). */
  userId: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  sha256: string;
  createdAt: number;
}

const uploadSchema = documentSchema({
  userId: { type: String, required: true },
  mime: { type: String, required: true },
  size: { type: Number, required: true },
  width: { type: Number, required: true },
  height: { type: Number, required: true },
  sha256: { type: String, required: true },
  createdAt: { type: Number, required: true },
} satisfies StoredFields<UploadDoc>);
// A person's uploads by time: what they stored in the last day (their daily budget).
uploadSchema.index({ userId: 1, createdAt: 1 });

export const Uploads = defineCollection<UploadDoc>('uploads', uploadSchema);

export function uploadsRepository(storage: Storage) {
  const uploads = storage.collection(Uploads);
  return {
    /** An upload by its blob key, or null. */
    byId: (id: string) => uploads.findOne({ _id: id }),
    create: (doc: UploadDoc) => uploads.insertOne(doc),
    /**
     * The bytes the person stored since `since`, read along (userId, createdAt): one day's uploads,
     * which the upload route's rate limit keeps to a bounded number of rows.
     */
    async bytesSince(userId: string, since: number): Promise<number> {
      const sizes = await uploads.valuesOf({ userId, createdAt: { $gte: since } }, 'size');
      return sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0);
    },
  };
}
export type UploadsRepository = ReturnType<typeof uploadsRepository>;
