import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema } from '../../storage/schema';

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

export const Uploads = defineCollection<UploadDoc>(
  'uploads',
  documentSchema({
    userId: { type: String, required: true, index: true },
    mime: { type: String, required: true },
    size: { type: Number, required: true },
    width: { type: Number, required: true },
    height: { type: Number, required: true },
    sha256: { type: String, required: true },
    createdAt: { type: Number, required: true },
  }),
);

export const uploadsRepository = (storage: Storage) => storage.collection(Uploads);
export type UploadsRepository = ReturnType<typeof uploadsRepository>;
