import { describe, expect, it } from 'vitest';
import { distanceFromBottom, isNearBottom, isNearTop, keepPositionAfterPrepend, listChange } from './scroll';

describe('scroll rules', () => {
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
    expect(listChange({ first: null, last: null, count: 0 }, { first: 'a', last: 'c', count: 3 }, ids('a', 'b', 'c'))).toEqual({ initial: true, prepended: false, appended: false });
    expect(listChange({ first: 'b', last: 'c', count: 2 }, { first: 'a', last: 'c', count: 3 }, ids('a', 'b', 'c'))).toEqual({ initial: false, prepended: true, appended: false });
    expect(listChange({ first: 'a', last: 'b', count: 2 }, { first: 'a', last: 'c', count: 3 }, ids('a', 'b', 'c'))).toEqual({ initial: false, prepended: false, appended: true });
    // the last message was deleted: nothing was appended
    expect(listChange({ first: 'a', last: 'c', count: 3 }, { first: 'a', last: 'b', count: 2 }, ids('a', 'b'))).toEqual({ initial: false, prepended: false, appended: false });
  });
});
