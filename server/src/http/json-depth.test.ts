import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth';

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings or escaped quotes', () => {
    expect(nestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":1}]}', 2)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[{{{{', quote: 'say \\"[[[[\\"' }), 1)).toBe(false);
    expect(nestsDeeperThan('[[],[],[],[]]', 2)).toBe(false);
  });

  it('finds a deep tree in a large body without parsing it', () => {
    const deep = '['.repeat(500_000) + ']'.repeat(500_000);
    expect(nestsDeeperThan(deep, 32)).toBe(true);
    expect(nestsDeeperThan(`{"id":"1","pad":"${'x'.repeat(500_000)}"}`, 32)).toBe(false);
  });
});
