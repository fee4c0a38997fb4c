import { ErrorReason } from '@draw/shared';
import { AppError } from '../../errors';
import type { AuthRepository, CounterDoc } from './repository';

export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

const OPEN_WINDOW_TRIES = 3;

const isDuplicateKey = (error: unknown) => error instanceof AppError && error.key === 'error.duplicate';

/**
 * Fixed-window counters in the store, so every server process sees the same counts. An attempt is
 * counted before it is judged (`take`), in one atomic update: concurrent attempts cannot all slip
 * in under the limit the way a read-then-write would let them.
 */
export function throttle(counters: AuthRepository['counters'], now: () => number) {
  async function increment(key: string, rule: ThrottleRule): Promise<CounterDoc> {
    for (let tries = 1; ; tries++) {
      const live = await counters.countInWindow(key, now());
      if (live) return live;
      try {
        // No window yet, or an expired one: this attempt opens a new one.
        const at = now();
        const opened = await counters.openWindow(key, at, at + rule.windowMs);
        if (opened) return opened;
      } catch (error) {
        // A concurrent attempt opened the window first: count this one in it.
        if (!isDuplicateKey(error) || tries >= OPEN_WINDOW_TRIES) throw error;
      }
    }
  }

  return {
    /** Counts one attempt; refuses it, telling the user how long to wait, once the window is full. */
    async take(key: string, rule: ThrottleRule): Promise<void> {
      const doc = await increment(key, rule);
      if (doc.count > rule.limit) {
        throw new AppError(ErrorReason.RateLimited, 'error.rateLimited', {
          seconds: Math.max(1, Math.ceil((doc.windowEndsAt - now()) / 1000)),
        });
      }
    },
    /** Gives back an attempt that turned out not to count (a success under a shared limit). */
    async release(key: string): Promise<void> {
      await counters.giveBack(key);
    },
    async clear(key: string): Promise<void> {
      await counters.clear(key);
    },
  };
}
export type Throttle = ReturnType<typeof throttle>;
