import {
  NotifyLevel,
  TaskStatus,
  UNREAD_CAP,
  type ChannelEvent,
  type Message,
  type Task,
} from '@draw/shared';
import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema, type StoredFields } from '../../storage/schema';
import { isDuplicateKey } from '../../realtime/sequence';
import { Events } from '../../realtime/repository';

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
} satisfies StoredFields<ReadMarkDoc>);
markSchema.index({ userId: 1, channelId: 1 }, { unique: true });

export const ReadMarks = defineCollection<ReadMarkDoc>('read_marks', markSchema);

/** What one person chose to hear from one channel (no document: the default, `all`). */
export interface NotifyLevelDoc extends BaseDoc {
  /** `_id` is `<userId>:<channelId>`, as a read mark's. */
  userId: string;
  channelId: string;
  level: NotifyLevel;
  updatedAt: number;
}

const levelSchema = documentSchema({
  userId: { type: String, required: true },
  channelId: { type: String, required: true },
  level: { type: String, required: true, enum: Object.values(NotifyLevel) },
  updatedAt: { type: Number, required: true },
} satisfies StoredFields<NotifyLevelDoc>);

export const NotifyLevels = defineCollection<NotifyLevelDoc>('notify_levels', levelSchema);

/**
 * How long after a task's end the `task.updated` that carried it is logged, at most: later updates
 * of a finished task (a ❤️, a hidden image) are not its result again.
 */
export const RESULT_EVENT_WINDOW_MS = 5 * 60 * 1000;

const ENDED: readonly string[] = [TaskStatus.Success, TaskStatus.Failure];

/** Whether a `task.updated` is the one that told of the task's end (not a later touch of a finished task). */
export function isResultEvent(event: Pick<ChannelEvent, 'type' | 'at' | 'data'>): event is {
  type: 'task.updated';
  at: number;
  data: Task;
} {
  if (event.type !== 'task.updated') return false;
  const task = event.data as Task;
  return (
    ENDED.includes(task.status) &&
    task.finishTime !== null &&
    event.at - task.finishTime <= RESULT_EVENT_WINDOW_MS
  );
}

/** Whether a message pings `userId`: named in it, or `@everyone` (as the server read it). */
export const pings = (message: Pick<Message, 'mentions'>, userId: string) =>
  Boolean(message.mentions?.everyone || message.mentions?.userIds.includes(userId));

/** Unread messages after the starting point and, among them, those that ping the person (and their results). */
export interface UnreadCount {
  unread: number;
  mentions: number;
}
export const readMarkId = (userId: string, channelId: string) => `${userId}:${channelId}`;

/** Where counting starts for one channel: after the mark, or (never read) after joining. */
export type CountFrom = { afterSeq: number } | { joinedAt: number };

export function readsRepository(storage: Storage) {
  const marks = storage.collection(ReadMarks);
  const events = storage.collection(Events);
  const levels = storage.collection(NotifyLevels);
  return {
    levels: {
      /** The person's levels in these channels, read by primary key (absent: the default). */
      among: (userId: string, channelIds: readonly string[]) =>
        channelIds.length
          ? levels.find({ _id: { $in: channelIds.map((channelId) => readMarkId(userId, channelId)) } })
          : Promise.resolve([]),
      of: (userId: string, channelId: string) => levels.findOne({ _id: readMarkId(userId, channelId) }),
      set: (userId: string, channelId: string, level: NotifyLevel, at: number) =>
        levels.findOneAndUpdate(
          { _id: readMarkId(userId, channelId) },
          { $set: { userId, channelId, level, updatedAt: at } },
          { upsert: true },
        ),
    },
    marks: {
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
    },
    /**
     * Messages by others after the starting point, counted up to `UNREAD_CAP`, and the mentions
     * among them plus the person's own tasks that ended since (their results), each read along the
     * log's (channelId, seq) index and stopped at the cap, so a long-unread channel costs no more.
     */
    async unreadIn(channelId: string, userId: string, from: CountFrom): Promise<UnreadCount> {
      const start =
        'afterSeq' in from
          ? { seq: { $gt: from.afterSeq } }
          : { seq: { $gt: 0 }, at: { $gte: from.joinedAt } };
      const [posted, ended] = await Promise.all([
        events.find(
          { channelId, ...start, type: 'message.created', 'data.author.id': { $ne: userId } },
          { sort: { seq: 1 }, limit: UNREAD_CAP },
        ),
        events.find(
          {
            channelId,
            ...start,
            type: 'task.updated',
            'data.userId': userId,
            'data.status': { $in: [...ENDED] },
          },
          { sort: { seq: 1 }, limit: UNREAD_CAP },
        ),
      ]);
      const pinged = posted.filter((event) => pings(event.data as Message, userId)).length;
      const results = new Set(ended.filter(isResultEvent).map((event) => (event.data as Task).id));
      return { unread: posted.length, mentions: Math.min(pinged + results.size, UNREAD_CAP) };
    },
  };
}
export type ReadsRepository = ReturnType<typeof readsRepository>;
