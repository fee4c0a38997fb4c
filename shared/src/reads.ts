import type { Static } from 'typebox';
import type { ChannelUnreadSchema } from './routes/reads';

/**
 * Unread marks: per person and channel, kept on the server so they follow the person across
 * devices. A mark is the seq of the last channel event the person has seen (the channel's event
 * log, docs/PROTOCOL.md). Routes: `api.reads` (shared/src/routes/reads.ts).
 *
 *   GET /api/reads             → ChannelUnread[]: one per channel the asker is a member of
 *   PUT /api/reads/{channelId}  ({ seq? }) → ChannelUnread: read up to `seq` (default: everything)
 *
 * Mentions do not exist in the product, so there is no mention count.
 */

/** Counts stop here: the sidebar shows "99+" past `UNREAD_CAP - 1`. */
export const UNREAD_CAP = 100;

/**
 * One channel's unread state (`ChannelUnreadSchema`): `lastReadSeq` is the seq the person has read
 * up to (0: never opened the channel), `seq` the channel's newest event seq, `unread` the messages
 * (chat and task cards) by others after the mark, at most `UNREAD_CAP`.
 */
export type ChannelUnread = Static<typeof ChannelUnreadSchema>;

/** Socket `unread:activity` (protocol v1 addition): a member posted in one of the receiver's channels. */
export interface UnreadActivity {
  channelId: string;
  /** The seq of the `message.created` event. */
  seq: number;
  authorId: string;
}

/** Socket `unread:read` (protocol v1 addition): the receiver read a channel, here or on another device. */
export type ReadMark = Pick<ChannelUnread, 'channelId' | 'lastReadSeq'>;
