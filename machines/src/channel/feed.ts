import type { ChannelEvent } from '@draw/shared';

/**
 * Gap-free ordering of one channel's live feed, as pure functions. The server numbers every
 * event of a channel (`seq`, consecutive); the client applies them strictly in that order,
 * exactly once, whatever the transport does (duplicates on re-subscribe, reordering, gaps).
 */

/** Where one channel's feed stands. */
export interface FeedCursor {
  /** The last seq applied; `null` until the subscribe ack anchors it, and meanwhile all is held. */
  readonly lastSeq: number | null;
  /** Events that cannot be applied yet (past a gap, or before the anchor), by seq, no repeats. */
  readonly pending: readonly ChannelEvent[];
}

export const EMPTY_CURSOR: FeedCursor = { lastSeq: null, pending: [] };

export const FeedOutcome = {
  /** In order: applied, with any buffered successors it unblocked. */
  Applied: 'applied',
  /** Already applied or already buffered: dropped. */
  Duplicate: 'duplicate',
  /** Ahead of the next expected seq: buffered until the missing ones arrive. */
  Gap: 'gap',
  /** No anchor yet: buffered until the subscribe ack says where we are. */
  Held: 'held',
} as const;
export type FeedOutcome = (typeof FeedOutcome)[keyof typeof FeedOutcome];

export interface FeedDrain {
  cursor: FeedCursor;
  /** What to apply now, in seq order. */
  apply: readonly ChannelEvent[];
}

export interface FeedStep extends FeedDrain {
  outcome: FeedOutcome;
  /** The seqs still missing before the first buffered event (only with a gap). */
  missing?: { from: number; to: number };
}

export function receiveFeedEvent(cursor: FeedCursor, event: ChannelEvent): FeedStep {
  const { lastSeq } = cursor;
  const alreadyPending = cursor.pending.some((held) => held.seq === event.seq);
  if ((lastSeq !== null && event.seq <= lastSeq) || alreadyPending) {
    return { outcome: FeedOutcome.Duplicate, cursor, apply: [] };
  }
  const buffered: FeedCursor = { lastSeq, pending: insertBySeq(cursor.pending, event) };
  if (lastSeq === null) return { outcome: FeedOutcome.Held, cursor: buffered, apply: [] };
  if (event.seq > lastSeq + 1) {
    return {
      outcome: FeedOutcome.Gap,
      cursor: buffered,
      apply: [],
      missing: missingRange(buffered) ?? undefined,
    };
  }
  return { outcome: FeedOutcome.Applied, ...drain(buffered) };
}

/**
 * Sets where the feed stands (from a subscribe ack) and applies whatever was held that follows
 * on directly; held events at or before the anchor are already covered and are dropped.
 */
export function anchorFeed(cursor: FeedCursor, lastSeq: number): FeedDrain {
  return drain({ lastSeq, pending: cursor.pending.filter((held) => held.seq > lastSeq) });
}

/** True when buffered events wait behind missing ones. */
export function hasFeedGap(cursor: FeedCursor): boolean {
  return cursor.lastSeq !== null && cursor.pending.length > 0;
}

export function missingRange(cursor: FeedCursor): { from: number; to: number } | null {
  const next = cursor.pending[0];
  if (cursor.lastSeq === null || !next) return null;
  return { from: cursor.lastSeq + 1, to: next.seq - 1 };
}

function drain(cursor: FeedCursor): FeedDrain {
  if (cursor.lastSeq === null) return { cursor, apply: [] };
  let lastSeq = cursor.lastSeq;
  const apply: ChannelEvent[] = [];
  for (const event of cursor.pending) {
    if (event.seq !== lastSeq + 1) break;
    apply.push(event);
    lastSeq = event.seq;
  }
  return { cursor: { lastSeq, pending: cursor.pending.slice(apply.length) }, apply };
}

function insertBySeq(pending: readonly ChannelEvent[], event: ChannelEvent): ChannelEvent[] {
  const at = pending.findIndex((held) => held.seq > event.seq);
  return at === -1 ? [...pending, event] : [...pending.slice(0, at), event, ...pending.slice(at)];
}
