import { describe, expect, it } from 'vitest';
import {
  distanceFromBottom,
  isNearBottom,
  isNearTop,
  keepPositionAfterPrepend,
  listChange,
  wasNearBottom,
} from './scroll';

describe('scroll rules', () => {
  it('judges being at the bottom against the height before the content grew', () => {
    // At the bottom of 1500 px, then a 400 px image loads below: still following.
    expect(wasNearBottom({ scrollTop: 700, clientHeight: 800 }, 1500)).toBe(true);
    // Scrolled to the top in the same frame as the growth: not pulled back down.
    expect(wasNearBottom({ scrollTop: 0, clientHeight: 800 }, 1500)).toBe(false);
    // The first render (nothing before) always follows.
    expect(wasNearBottom({ scrollTop: 0, clientHeight: 800 }, 0)).toBe(true);
  });

  it('measures the distance from the bottom', () => {
    expect(distanceFromBottom({ scrollTop: 500, scrollHeight: 1500, clientHeight: 800 })).toBe(200);
    expect(isNearBottom({ scrollTop: 600, scrollHeight: 1500, clientHeight: 800 })).toBe(true);
    expect(isNearBottom({ scrollTop: 100, scrollHeight: 1500, clientHeight: 800 })).toBe(false);
    expect(isNearTop({ scrollTop: 100, scrollHeight: 1500, clientHeight: 800 })).toBe(true);
  });

  it('keeps what the reader sees when older messages come in above', () => {
    expect(keepPositionAfterPrepend(40, 2000, 3200)).toBe(1240);
    expect(keepPositionAfterPrepend(40, 2000, 1900)).toBe(40);
  });

  it('tells prepends, appends and the first load apart', () => {
    const ids = (...list: string[]) => new Set(list);
    expect(
      listChange(
        { first: null, last: null, count: 0 },
        { first: 'a', last: 'c', count: 3 },
        ids('a', 'b', 'c'),
      ),
    ).toEqual({ initial: true, prepended: false, appended: false });
    expect(
      listChange(
        { first: 'b', last: 'c', count: 2 },
        { first: 'a', last: 'c', count: 3 },
        ids('a', 'b', 'c'),
      ),
    ).toEqual({ initial: false, prepended: true, appended: false });
    expect(
      listChange(
        { first: 'a', last: 'b', count: 2 },
        { first: 'a', last: 'c', count: 3 },
        ids('a', 'b', 'c'),
      ),
    ).toEqual({ initial: false, prepended: false, appended: true });
    // the last message was deleted: nothing was appended
    expect(
      listChange({ first: 'a', last: 'c', count: 3 }, { first: 'a', last: 'b', count: 2 }, ids('a', 'b')),
    ).toEqual({ initial: false, prepended: false, appended: false });
  });
});
