import { Schema } from 'mongoose';
import type { Message } from '@draw/shared';
import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema } from '../../storage/schema';

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
export const messagesRepository = (storage: Storage) => storage.collection(Messages);
export type MessagesRepository = ReturnType<typeof messagesRepository>;
