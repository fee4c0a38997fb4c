import { UNREAD_CAP, type ChannelUnread, type ReadMark, type UnreadActivity } from '@draw/shared';
import { proxy } from 'valtio';

/** One channel's unread state as the server counts it (GET /api/reads), moved on by live notices. */
export interface UnreadEntry {
  unread: number;
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
  (unreadStore.byChannel[channelId] ??= { unread: 0, lastReadSeq: 0, seq: 0, counted: 0 });

/**
 * The server's answer replaces what this tab counted, except for a channel where this tab already
 * heard of a newer message than the answer knew (it came while the answer was on its way).
 */
export function setUnread(list: readonly ChannelUnread[]): void {
  const before = unreadStore.byChannel;
  unreadStore.byChannel = Object.fromEntries(
    list.map(({ channelId, unread, lastReadSeq, seq }) => {
      const known = before[channelId];
      return [
        channelId,
        known && known.counted > seq
          ? { ...known }
          : { unread, lastReadSeq, seq: Math.max(seq, known?.seq ?? 0), counted: seq },
      ];
    }),
  );
}

/** One channel's state as the mark route answered it. */
export function setChannelUnread({ channelId, unread, lastReadSeq, seq }: ChannelUnread): void {
  const entry = entryOf(channelId);
  entry.lastReadSeq = Math.max(entry.lastReadSeq, lastReadSeq);
  entry.seq = Math.max(entry.seq, seq);
  // A message may have arrived while the mark was on its way: keep the count it raised.
  if (entry.counted <= seq) {
    entry.unread = unread;
    entry.counted = seq;
  }
}

/** Someone else posted: one more unread, once per event, none for what is already read. */
export function applyActivity({ channelId, seq }: UnreadActivity): void {
  const entry = entryOf(channelId);
  if (seq <= entry.counted || seq <= entry.lastReadSeq) return;
  entry.counted = seq;
  entry.seq = Math.max(entry.seq, seq);
  entry.unread = Math.min(UNREAD_CAP, entry.unread + 1);
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
    return true;
  }
  return entry.unread === 0;
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

/** What a badge shows: the count, or "99+" past 99. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export function resetUnread(): void {
  unreadStore.byChannel = {};
}
