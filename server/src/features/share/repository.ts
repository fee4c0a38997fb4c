import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema, type StoredFields } from '../../storage/schema';

/** A public link to one result. `_id` is the task's id: a result has at most one link at a time. */
export interface ShareDoc extends BaseDoc {
  /** The link's secret (base64url of 16 random bytes or more): who holds it sees the page. */
  token: string;
  channelId: string;
  /** Who made the link (the author, or a member when the channel allows it). */
  createdBy: string;
  createdAt: number;
}

const shareSchema = documentSchema({
  token: { type: String, required: true },
  channelId: { type: String, required: true },
  createdBy: { type: String, required: true },
  createdAt: { type: Number, required: true },
} satisfies StoredFields<ShareDoc>);
shareSchema.index({ token: 1 }, { unique: true });

export const Shares = defineCollection<ShareDoc>('shares', shareSchema);

export function sharesRepository(storage: Storage) {
  const shares = storage.collection(Shares);
  return {
    /** The link of a result, if it has one. */
    ofTask: (taskId: string) => shares.findOne({ _id: taskId }),
    /** The link a public page's token names (a revoked one is gone). */
    byToken: (token: string) => shares.findOne({ token }),
    /**
     * Makes the result's link unless it has one already; either way answers the link that stands
     * (two people sharing at once get the same one).
     */
    open: (doc: ShareDoc) =>
      shares.findOneAndUpdate(
        { _id: doc._id },
        {
          $setOnInsert: {
            token: doc.token,
            channelId: doc.channelId,
            createdBy: doc.createdBy,
            createdAt: doc.createdAt,
          },
        },
        { upsert: true },
      ),
    /** Ends the result's link: its page and image answer 404 from now on. */
    revoke: (taskId: string) => shares.deleteOne({ _id: taskId }),
  };
}
export type SharesRepository = ReturnType<typeof sharesRepository>;
