import type { Static } from 'typebox';
import type { ChannelUnreadSchema } from './routes/reads';

/**
 * Unread marks: per person and channel, kept on the server so they follow the person across
 * devices. A mark is the seq of the last channel event the person has seen (the channel's event
 * log, docs/PROTOCOL.md). Routes: `api.reads` (shared/src/routes/reads.ts).
 *
 *   GET /api/reads             → ChannelUnread[]: one per channel the asker is a member of
 *   PUT /api/reads/{channelId}  ({ seq? }) → ChannelUnread: read up to `seq` (default: everything)
 *   PUT /api/draw/channels/{channelId}/notifications ({ level }) → ChannelUnread
 *
 * Discord's badge: `mentions` is the red count (messages that ping the person, and their own
 * tasks that ended: a result mentions its author, as Midjourney's bot does), `unread` the grey dot.
 * `notify` is the person's level for the channel (chat.ts `NotifyLevel`); the counts do not depend
 * on it, the web decides what to show.
 */

/** Counts stop here: the sidebar shows "99+" past `UNREAD_CAP - 1`. */
export const UNREAD_CAP = 100;

/**
 * One channel's unread state (`ChannelUnreadSchema`): `lastReadSeq` is the seq the person has read
 * up to (0: never opened the channel), `seq` the channel's newest event seq, `unread` the messages
 * (chat and task cards) by others after the mark, at most `UNREAD_CAP`.
 */
export type ChannelUnread = Static<typeof ChannelUnreadSchema>;

/** What an `unread:activity` is about. */
export const ActivityKind = {
  /** Someone else posted (a message or a task's card): `unread` + 1, `mentions` + 1 when it pings. */
  Message: 'message',
  /** One of the receiver's own tasks ended (success or failure): `mentions` + 1 only. */
  Result: 'result',
} as const;
export type ActivityKind = (typeof ActivityKind)[keyof typeof ActivityKind];

/**
 * Socket `unread:activity`: a member posted in one of the receiver's channels (sent to every
 * other member, subscribed or not), or (v2) the receiver's own task ended there.
 */
export interface UnreadActivity {
  channelId: string;
  /** The seq of the `message.created` (or, for a result, the `task.updated`) event. */
  seq: number;
  /** Who posted; for a result, the task's author (the receiver). */
  authorId: string;
  /** v2. */
  kind: ActivityKind;
  /** v2: it pings the receiver (named, `@everyone` by the creator, or their own result). */
  mentionsMe: boolean;
  /** v2, results only: the task that ended. */
  taskId?: string;
}

/** Socket `unread:notify` (v2): the receiver set a channel's level, here or on another device. */
export type NotifyChange = Pick<ChannelUnread, 'channelId' | 'notify'>;

/** Socket `unread:read` (protocol v1 addition): the receiver read a channel, here or on another device. */
export type ReadMark = Pick<ChannelUnread, 'channelId' | 'lastReadSeq'>;
