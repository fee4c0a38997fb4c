/** Seeded randomness for the resilience suites: one printed seed replays a whole run. */

export interface Random {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** mulberry32: tiny, fast and good enough to spread delays and choices. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    seed,
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    chance: (probability) => next() < probability,
  };
}

/** RESILIENCE_SEED when given (to replay a failure), otherwise a fresh one; printed either way. */
export function suiteSeed(suite: string): number {
  const given = process.env.RESILIENCE_SEED;
  const seed = given ? Number(given) >>> 0 : Math.floor(Math.random() * 2 ** 31);
  console.log(`[${suite}] seed=${seed} (replay with RESILIENCE_SEED=${seed})`);
  return seed;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
