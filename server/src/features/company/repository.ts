import type { CompanyInfo } from '@draw/shared';
import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema, type StoredFields } from '../../storage/schema';

/** Company info edited by the ops CLI overrides the configured defaults field by field. */
export interface CompanyDoc extends BaseDoc, Partial<CompanyInfo> {
  updatedAt: number;
}

export const CompanyCollection = defineCollection<CompanyDoc>(
  'company',
  documentSchema({
    name: { type: String },
    description: { type: String },
    keywords: { type: String },
    isShowChatGPT: { type: Boolean },
    isShowDiscord: { type: Boolean },
    updatedAt: { type: Number, required: true },
  } satisfies StoredFields<CompanyDoc>),
);

const SINGLETON = 'company';

export function companyRepository(storage: Storage) {
  const col = storage.collection(CompanyCollection);
  return {
    get: () => col.findOne({ _id: SINGLETON }),
    async set(changes: Partial<CompanyInfo>, now: number) {
      return col.findOneAndUpdate(
        { _id: SINGLETON },
        { $set: { ...changes, updatedAt: now } },
        { upsert: true },
      );
    },
  };
}
export type CompanyRepository = ReturnType<typeof companyRepository>;
