import { describe, expect, it } from 'vitest';
import { createRng, hashString } from './random';

const draws = (seed: number, n = 8): number[] => {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => rng.next());
};

describe('random', () => {
  it('repeats for a seed and differs between seeds', () => {
    expect(draws(42)).toEqual(draws(42));
    expect(draws(42)).not.toEqual(draws(43));
    expect(draws(0)).not.toEqual(draws(1));
  });

  it('stays in range', () => {
    const rng = createRng(7);
    for (let i = 0; i < 2000; i++) {
      const x = rng.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      const n = rng.int(2, 5);
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(5);
    }
  });

  it('spreads values instead of clumping', () => {
    const rng = createRng(99);
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 10_000; i++) buckets[Math.floor(rng.next() * 10)]! += 1;
    for (const b of buckets) expect(b).toBeGreaterThan(850);
  });

  it('forks independent, reproducible streams', () => {
    const a = createRng(5).fork('tile-1');
    const b = createRng(5).fork('tile-1');
    const c = createRng(5).fork('tile-2');
    const sa = [a.next(), a.next()];
    expect([b.next(), b.next()]).toEqual(sa);
    expect([c.next(), c.next()]).not.toEqual(sa);
  });

  it('shuffles to a permutation', () => {
    const out = createRng(3).shuffle([1, 2, 3, 4, 5, 6]);
    expect([...out].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('hashes strings stably and spreads near-identical ones', () => {
    expect(hashString('ocean')).toBe(hashString('ocean'));
    expect(hashString('ocean')).not.toBe(hashString('oceans'));
    expect(hashString('a') >>> 0).toBe(hashString('a'));
  });
});
