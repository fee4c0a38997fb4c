import { UNREAD_CAP } from '@draw/shared';
import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema } from '../../storage/schema';
import { isDuplicateKey } from '../../realtime/sequence';
import { Events } from '../../realtime/repository';
import { repositoryOf } from '../queries';

/** How far one person has read one channel: the seq of the last event they saw. */
export interface ReadMarkDoc extends BaseDoc {
  /** `_id` is `<userId>:<channelId>`: one mark per person and channel. */
  userId: string;
  channelId: string;
  seq: number;
  updatedAt: number;
}

const markSchema = documentSchema({
  userId: { type: String, required: true },
  channelId: { type: String, required: true },
  seq: { type: Number, required: true, min: 0 },
  updatedAt: { type: Number, required: true },
});
markSchema.index({ userId: 1, channelId: 1 }, { unique: true });

export const ReadMarks = defineCollection<ReadMarkDoc>('read_marks', markSchema);
export const readMarkId = (userId: string, channelId: string) => `${userId}:${channelId}`;

/** Where counting starts for one channel: after the mark, or (never read) after joining. */
export type CountFrom = { afterSeq: number } | { joinedAt: number };

export function readsRepository(storage: Storage) {
  const marks = storage.collection(ReadMarks);
  const events = storage.collection(Events);
  return {
    marks: repositoryOf(marks, {
      /**
       * The person's marks in these channels (those they are in now), read by primary key: their
       * marks in channels they left long ago are never read.
       */
      among: (userId: string, channelIds: readonly string[]) =>
        channelIds.length
          ? marks.find({ _id: { $in: channelIds.map((channelId) => readMarkId(userId, channelId)) } })
          : Promise.resolve([]),
      /** Moves the mark forward to `seq` (never back); the mark as it is afterwards. */
      async advance(userId: string, channelId: string, seq: number, at: number): Promise<ReadMarkDoc> {
        const _id = readMarkId(userId, channelId);
        const moved = await marks.findOneAndUpdate(
          { _id, seq: { $lt: seq } },
          { $set: { seq, updatedAt: at } },
        );
        if (moved) return moved;
        try {
          return await marks.insertOne({ _id, userId, channelId, seq, updatedAt: at });
        } catch (error) {
          // Already there with a seq at least as far (or a concurrent first mark): keep the furthest.
          if (!isDuplicateKey(error)) throw error;
          const current = await marks.findOne({ _id });
          if (current && current.seq >= seq) return current;
          return (
            (await marks.findOneAndUpdate({ _id, seq: { $lt: seq } }, { $set: { seq, updatedAt: at } })) ??
            (await marks.findOne({ _id }))!
          );
        }
      },
    }),
    /**
     * Messages by others after the starting point, counted up to `UNREAD_CAP`: read along the
     * log's (channelId, seq) index and stopped at the cap, so a long-unread channel costs no more.
     */
    async unreadIn(channelId: string, userId: string, from: CountFrom): Promise<number> {
      const start =
        'afterSeq' in from
          ? { seq: { $gt: from.afterSeq } }
          : { seq: { $gt: 0 }, at: { $gte: from.joinedAt } };
      const found = await events.find(
        { channelId, ...start, type: 'message.created', 'data.author.id': { $ne: userId } },
        { sort: { seq: 1 }, limit: UNREAD_CAP },
      );
      return found.length;
    },
  };
}
export type ReadsRepository = ReturnType<typeof readsRepository>;
