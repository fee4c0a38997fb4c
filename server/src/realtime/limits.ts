import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export interface EventLimit {
  /** Events a user may send in each window (all their sockets together). */
  points: number;
  windowSeconds: number;
}

/**
 * `channel:subscribe` per user: enough for switching channels, reconnecting and paging through a
 * catch-up (a few pages), far below what would let one member keep the process busy for others.
 */
export const SUBSCRIBE_LIMIT: EventLimit = { points: 20, windowSeconds: 10 };

/**
 * A per-user budget of socket events, counted in this process's memory (like the per-route REST
 * limits): refusing costs a map lookup, whatever the event would have cost.
 */
export function perUserLimit(limit: EventLimit) {
  const limiter = new RateLimiterMemory({ points: limit.points, duration: limit.windowSeconds });
  return {
    /** Counts one event; 0 when it may go ahead, otherwise the milliseconds until it may. */
    async wait(userId: string): Promise<number> {
      try {
        await limiter.consume(userId);
        return 0;
      } catch (refused) {
        if (refused instanceof RateLimiterRes) return Math.max(1, refused.msBeforeNext);
        throw refused;
      }
    },
  };
}
