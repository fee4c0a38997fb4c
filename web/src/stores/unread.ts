import {
  ActivityKind,
  DEFAULT_NOTIFY_LEVEL,
  UNREAD_CAP,
  type ChannelUnread,
  type NotifyChange,
  type NotifyLevel,
  type ReadMark,
  type UnreadActivity,
} from '@draw/shared';
import { proxy } from 'valtio';

/** One channel's unread state as the server counts it (GET /api/reads), moved on by live notices. */
export interface UnreadEntry {
  unread: number;
  /** Of those, the ones that ping the person (and their own results that ended): the red count. */
  mentions: number;
  /** What the person hears from the channel. */
  notify: NotifyLevel;
  lastReadSeq: number;
  /** The newest seq this tab knows of in the channel (what reading it marks). */
  seq: number;
  /**
   * The newest message already in `unread` (or read): a notice at or below it is not counted
   * again. Apart from `seq`, which the open channel's own events move on first.
   */
  counted: number;
}

export interface UnreadState {
  byChannel: Record<string, UnreadEntry>;
}

/** Written only here and by `useUnreadSync` (the drawing screen); read with `useSnapshot`. */
export const unreadStore = proxy<UnreadState>({ byChannel: {} });

const entryOf = (channelId: string): UnreadEntry =>
  (unreadStore.byChannel[channelId] ??= {
    unread: 0,
    mentions: 0,
    notify: DEFAULT_NOTIFY_LEVEL,
    lastReadSeq: 0,
    seq: 0,
    counted: 0,
  });

/**
 * The server's answer replaces what this tab counted, except for a channel where this tab already
 * heard of a newer message than the answer knew (it came while the answer was on its way).
 */
export function setUnread(list: readonly ChannelUnread[]): void {
  const before = unreadStore.byChannel;
  unreadStore.byChannel = Object.fromEntries(
    list.map(({ channelId, unread, mentions, notify, lastReadSeq, seq }) => {
      const known = before[channelId];
      return [
        channelId,
        known && known.counted > seq
          ? { ...known, notify }
          : { unread, mentions, notify, lastReadSeq, seq: Math.max(seq, known?.seq ?? 0), counted: seq },
      ];
    }),
  );
}

/** One channel's state as the mark route answered it. */
export function setChannelUnread({
  channelId,
  unread,
  mentions,
  notify,
  lastReadSeq,
  seq,
}: ChannelUnread): void {
  const entry = entryOf(channelId);
  entry.notify = notify;
  entry.lastReadSeq = Math.max(entry.lastReadSeq, lastReadSeq);
  entry.seq = Math.max(entry.seq, seq);
  // A message may have arrived while the mark was on its way: keep the count it raised.
  if (entry.counted <= seq) {
    entry.unread = unread;
    entry.mentions = mentions;
    entry.counted = seq;
  }
}

/**
 * Someone else posted: one more unread (and one more mention when it pings the person); one of
 * their own tasks ended: one more mention only. Once per event, none for what is already read.
 */
export function applyActivity({ channelId, seq, kind, mentionsMe }: UnreadActivity): void {
  const entry = entryOf(channelId);
  if (seq <= entry.counted || seq <= entry.lastReadSeq) return;
  entry.counted = seq;
  entry.seq = Math.max(entry.seq, seq);
  if (kind !== ActivityKind.Result) entry.unread = Math.min(UNREAD_CAP, entry.unread + 1);
  if (mentionsMe) entry.mentions = Math.min(UNREAD_CAP, entry.mentions + 1);
}

/** The person set a channel's level (here or on another device). */
export function applyNotify({ channelId, notify }: NotifyChange): void {
  entryOf(channelId).notify = notify;
}

/**
 * The person read a channel (here or on another device). Returns false when messages came after
 * that mark, whose number only the server knows: the caller reloads.
 */
export function applyRead({ channelId, lastReadSeq }: ReadMark): boolean {
  const entry = entryOf(channelId);
  if (lastReadSeq < entry.lastReadSeq) return true;
  entry.lastReadSeq = lastReadSeq;
  if (lastReadSeq >= entry.counted) {
    entry.seq = Math.max(entry.seq, lastReadSeq);
    entry.counted = lastReadSeq;
    entry.unread = 0;
    entry.mentions = 0;
    return true;
  }
  return entry.unread === 0 && entry.mentions === 0;
}

/** An event seen in the open channel (the person's own posts included). */
export function noteSeq(channelId: string, seq: number): void {
  const entry = entryOf(channelId);
  entry.seq = Math.max(entry.seq, seq);
}

/** Unread messages over these channels (the ones in the list), each at most `UNREAD_CAP`. */
export function totalUnread(byChannel: UnreadState['byChannel'], channelIds: readonly string[]): number {
  return channelIds.reduce((sum, id) => sum + (byChannel[id]?.unread ?? 0), 0);
}

/** Mentions over these channels: the red count on the sidebar toggle. */
export function totalMentions(byChannel: UnreadState['byChannel'], channelIds: readonly string[]): number {
  return channelIds.reduce((sum, id) => sum + (byChannel[id]?.mentions ?? 0), 0);
}

/** What a badge shows: the count, or "99+" past 99. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export function resetUnread(): void {
  unreadStore.byChannel = {};
}
