import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_CURSOR,
  FeedOutcome,
  anchorFeed,
  hasFeedGap,
  missingRange,
  receiveFeedEvent,
  type FeedCursor,
} from './feed';
import { messageEvent, seqsOf } from './fixtures';

const at = (lastSeq: number): FeedCursor => ({ lastSeq, pending: [] });

describe('receiveFeedEvent', () => {
  it('applies the next event in order', () => {
    const step = receiveFeedEvent(at(4), messageEvent(5));
    expect(step.outcome).toBe(FeedOutcome.Applied);
    expect(seqsOf(step.apply)).toEqual([5]);
    expect(step.cursor).toEqual(at(5));
  });

  it('drops what was already applied', () => {
    for (const seq of [1, 3, 4]) {
      const step = receiveFeedEvent(at(4), messageEvent(seq));
      expect(step).toEqual({ outcome: FeedOutcome.Duplicate, cursor: at(4), apply: [] });
    }
  });

  it('buffers an event past a gap and reports what is missing', () => {
    const step = receiveFeedEvent(at(4), messageEvent(8));
    expect(step.outcome).toBe(FeedOutcome.Gap);
    expect(step.apply).toEqual([]);
    expect(step.missing).toEqual({ from: 5, to: 7 });
    expect(seqsOf(step.cursor.pending)).toEqual([8]);
    expect(hasFeedGap(step.cursor)).toBe(true);
    // the same buffered event again is a duplicate
    expect(receiveFeedEvent(step.cursor, messageEvent(8)).outcome).toBe(FeedOutcome.Duplicate);
  });

  it('drains buffered successors once the gap is filled, in order', () => {
    let cursor = at(4);
    for (const seq of [7, 6, 9]) cursor = receiveFeedEvent(cursor, messageEvent(seq)).cursor;
    expect(seqsOf(cursor.pending)).toEqual([6, 7, 9]);
    const step = receiveFeedEvent(cursor, messageEvent(5));
    expect(step.outcome).toBe(FeedOutcome.Applied);
    expect(seqsOf(step.apply)).toEqual([5, 6, 7]);
    expect(step.cursor.lastSeq).toBe(7);
    expect(missingRange(step.cursor)).toEqual({ from: 8, to: 8 });
  });

  it('holds everything until anchored', () => {
    const step = receiveFeedEvent(EMPTY_CURSOR, messageEvent(3));
    expect(step.outcome).toBe(FeedOutcome.Held);
    expect(hasFeedGap(step.cursor)).toBe(false);
    expect(missingRange(step.cursor)).toBeNull();
  });
});

describe('anchorFeed', () => {
  it('drops held events the anchor covers and applies the ones that follow on', () => {
    let cursor = EMPTY_CURSOR;
    for (const seq of [9, 11, 10, 13]) cursor = receiveFeedEvent(cursor, messageEvent(seq)).cursor;
    const { cursor: anchored, apply } = anchorFeed(cursor, 9);
    expect(seqsOf(apply)).toEqual([10, 11]);
    expect(anchored.lastSeq).toBe(11);
    expect(seqsOf(anchored.pending)).toEqual([13]);
  });
});

describe('feed ordering, whatever the delivery', () => {
  it('applies 1..n exactly once and in order for any arrival order with repeats', () => {
    const n = 12;
    const delivery = fc.array(fc.integer({ min: 1, max: n }), { maxLength: 40 }).chain((extra) =>
      fc.shuffledSubarray([...Array.from({ length: n }, (_, i) => i + 1), ...extra], {
        minLength: n + extra.length,
      }),
    );
    fc.assert(
      fc.property(delivery, (seqs) => {
        let cursor = at(0);
        const applied: number[] = [];
        for (const seq of seqs) {
          const step = receiveFeedEvent(cursor, messageEvent(seq));
          applied.push(...seqsOf(step.apply));
          cursor = step.cursor;
        }
        expect(applied).toEqual(Array.from({ length: n }, (_, i) => i + 1));
        expect(cursor).toEqual(at(n));
      }),
    );
  });
});
