import { Schema } from 'mongoose';
import type { Message } from '@draw/shared';
import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema } from '../../storage/schema';
import { repositoryOf } from '../queries';

export interface MessageDoc extends BaseDoc, Omit<Message, 'id' | 'author'> {
  authorId: string;
  deletedAt?: number;
}

const schema = documentSchema({
  channelId: { type: String, required: true },
  authorId: { type: String, required: true },
  kind: { type: String, required: true, enum: ['text', 'task'] },
  content: { type: String, default: '' },
  taskId: { type: Schema.Types.Mixed, default: null },
  createdAt: { type: Number, required: true },
  deletedAt: Number,
});
schema.index({ channelId: 1, createdAt: -1 });

export const Messages = defineCollection<MessageDoc>('messages', schema);
export function messagesRepository(storage: Storage) {
  const messages = storage.collection(Messages);
  return repositoryOf(messages, {
    /** A message by id, or null. */
    byId: (id: string) => messages.findOne({ _id: id }),
    create: (doc: MessageDoc) => messages.insertOne(doc),
    /**
     * A channel's newest `limit` messages not deleted, posted before `before` when given, newest
     * first: the live feed's order (createdAt, then id, for messages of the same millisecond).
     */
    page: (channelId: string, before: number | undefined, limit: number) =>
      messages.find(
        {
          channelId,
          deletedAt: { $exists: false },
          ...(before === undefined ? {} : { createdAt: { $lt: before } }),
        },
        { sort: { createdAt: -1, _id: -1 }, limit },
      ),
    /** Messages posted since `since`, oldest first. */
    postedSince: (since: number) => messages.find({ createdAt: { $gte: since } }, { sort: { createdAt: 1 } }),
    /** Messages deleted since `since`, in the order they were. */
    deletedSince: (since: number) =>
      messages.find({ deletedAt: { $gte: since } }, { sort: { deletedAt: 1 } }),
    markDeleted: (id: string, at: number) => messages.updateOne({ _id: id }, { $set: { deletedAt: at } }),
  });
}
export type MessagesRepository = ReturnType<typeof messagesRepository>;
