import { Schema } from 'mongoose';
import type { Mentions, MessageKind } from '@draw/shared';
import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema, type StoredFields } from '../../storage/schema';
import { isDuplicateKey } from '../../realtime/sequence';
import { memberId, Members } from '../channels/repository';

/** One emoji on a message as stored with it: its count and the first who reacted (the answer adds `me`). */
export interface StoredReaction {
  emoji: string;
  count: number;
  userIds: string[];
}

export interface MessageDoc extends BaseDoc {
  channelId: string;
  authorId: string;
  kind: MessageKind;
  content: string;
  taskId: string | null;
  createdAt: number;
  deletedAt?: number;
  /** The message this one answers (absent: not a reply). */
  replyToId?: string;
  /** The last edit (absent: never edited). */
  editedAt?: number;
  /** Whom a text message pings, read from its content when posted or edited (absent: nobody). */
  mentions?: Mentions;
  /**
   * The emoji summary every reader sees, rewritten with each reaction under the message's lock;
   * `message_reactions` holds who reacted with what (absent: none).
   */
  reactions?: StoredReaction[];
}

const schema = documentSchema({
  channelId: { type: String, required: true },
  authorId: { type: String, required: true },
  kind: { type: String, required: true, enum: ['text', 'task'] },
  content: { type: String, default: '' },
  taskId: { type: Schema.Types.Mixed, default: null },
  createdAt: { type: Number, required: true },
  deletedAt: { type: Number },
  replyToId: { type: String },
  editedAt: { type: Number },
  mentions: { type: Schema.Types.Mixed },
  reactions: { type: Schema.Types.Mixed },
} satisfies StoredFields<MessageDoc>);
schema.index({ channelId: 1, createdAt: -1 });

export const Messages = defineCollection<MessageDoc>('messages', schema);

/** One person's reaction with one emoji to one message. */
export interface ReactionDoc extends BaseDoc {
  /** `_id` is `<messageId>:<userId>:<emoji>`: a person reacts with an emoji once. */
  messageId: string;
  channelId: string;
  userId: string;
  emoji: string;
  at: number;
}

const reactionSchema = documentSchema({
  messageId: { type: String, required: true },
  channelId: { type: String, required: true },
  userId: { type: String, required: true },
  emoji: { type: String, required: true },
  at: { type: Number, required: true },
} satisfies StoredFields<ReactionDoc>);
reactionSchema.index({ messageId: 1, emoji: 1, at: 1 });
reactionSchema.index({ userId: 1, messageId: 1 });

export const MessageReactions = defineCollection<ReactionDoc>('message_reactions', reactionSchema);
export const reactionId = (messageId: string, userId: string, emoji: string) =>
  `${messageId}:${userId}:${emoji}`;

export function messagesRepository(storage: Storage) {
  const messages = storage.collection(Messages);
  const reactions = storage.collection(MessageReactions);
  const members = storage.collection(Members);
  return {
    ...{
      /** A message by id, or null. */
      byId: (id: string) => messages.findOne({ _id: id }),
      /** Messages by id (deleted ones included: a reply still says its original is gone). */
      byIds: (ids: readonly string[]) =>
        ids.length ? messages.find({ _id: { $in: [...ids] } }) : Promise.resolve([]),
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
      postedSince: (since: number) =>
        messages.find({ createdAt: { $gte: since } }, { sort: { createdAt: 1 } }),
      /** Messages edited since `since`, in the order they were. */
      editedSince: (since: number) => messages.find({ editedAt: { $gte: since } }, { sort: { editedAt: 1 } }),
      /** Messages deleted since `since`, in the order they were. */
      deletedSince: (since: number) =>
        messages.find({ deletedAt: { $gte: since } }, { sort: { deletedAt: 1 } }),
      markDeleted: (id: string, at: number) => messages.updateOne({ _id: id }, { $set: { deletedAt: at } }),
    },
    reactions: {
      /** Adds one reaction; false when the person had already reacted with that emoji. */
      async add(doc: ReactionDoc): Promise<boolean> {
        try {
          await reactions.insertOne(doc);
          return true;
        } catch (error) {
          if (isDuplicateKey(error)) return false;
          throw error;
        }
      },
      /** Takes one reaction back; false when there was none. */
      remove: async (messageId: string, userId: string, emoji: string) =>
        (await reactions.deleteOne({ _id: reactionId(messageId, userId, emoji) })).deleted > 0,
      /** How many reacted to the message with the emoji, and the first `shown` of them. */
      async tally(messageId: string, emoji: string, shown: number) {
        const [count, first] = await Promise.all([
          reactions.count({ messageId, emoji }),
          reactions.valuesOf({ messageId, emoji }, 'userId', { sort: { at: 1 }, limit: shown }),
        ]);
        return { count, userIds: first.filter((id): id is string => id !== null) };
      },
      /** The `messageId:emoji` pairs this person reacted with among these messages. */
      async mineAmong(userId: string, messageIds: readonly string[]): Promise<Set<string>> {
        if (!messageIds.length) return new Set();
        const mine = await reactions.fieldsOf({ userId, messageId: { $in: [...messageIds] } }, [
          'messageId',
          'emoji',
        ]);
        return new Set(mine.map((r) => `${r.messageId}:${r.emoji}`));
      },
    },
    /** Those of `userIds` who are members of the channel now, read by primary key. */
    async membersAmong(channelId: string, userIds: readonly string[]): Promise<string[]> {
      if (!userIds.length) return [];
      const found = await members.valuesOf(
        { _id: { $in: userIds.map((userId) => memberId(channelId, userId)) } },
        'userId',
      );
      return found.filter((id): id is string => id !== null);
    },
  };
}
export type MessagesRepository = ReturnType<typeof messagesRepository>;
