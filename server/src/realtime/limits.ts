import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export interface EventLimit {
  /** Events a user may send in each window (all their sockets together). */
  points: number;
  windowSeconds: number;
}

/**
 * `channel:subscribe` per user: enough for switching channels and for several tabs reconnecting
 * at once after a blip, each paging through its catch-up (every page is a subscribe; at 20 the
 * resilience suite's reconnecting tabs were refused and fell back to a REST reload). Each one is
 * bounded work (a page, or a resync), so this stays far below what would keep the process busy.
 */
export const SUBSCRIBE_LIMIT: EventLimit = { points: 60, windowSeconds: 10 };

/**
 * Every event on one socket: a connection that sends far more than any client of ours would is
 * closed instead of answered, so a flood costs the server one batch, not one answer per event (a
 * new connection needs a new ticket, themselves limited per user).
 */
export const SOCKET_FLOOD_LIMIT: EventLimit = { points: 60, windowSeconds: 10 };

/**
 * Sockets one user may hold connected to one server process (tabs, devices): beyond it the
 * handshake is refused (`too_many_sockets`). Counted per process: with WORKERS > 1 each member
 * keeps its own count, so a user may hold this many on each.
 */
export const SOCKETS_PER_USER_MAX = 20;

/**
 * A budget of socket events per key (a user, a socket), counted in this process's memory (like
 * the per-route REST limits): refusing costs a map lookup, whatever the event would have cost.
 */
export function eventLimit(limit: EventLimit) {
  const limiter = new RateLimiterMemory({ points: limit.points, duration: limit.windowSeconds });
  return {
    /** Counts one event; 0 when it may go ahead, otherwise the milliseconds until it may. */
    async wait(key: string): Promise<number> {
      try {
        await limiter.consume(key);
        return 0;
      } catch (refused) {
        if (refused instanceof RateLimiterRes) return Math.max(1, refused.msBeforeNext);
        throw refused;
      }
    },
  };
}
