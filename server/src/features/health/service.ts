import type { Storage } from '../../storage/port';

/** How long one answer of the store stands for: balancers polling every second cost one ping per window. */
export const HEALTH_CACHE_MS = 2_000;
/** A ping slower than this counts as down (the driver itself would wait for its server-selection timeout). */
export const HEALTH_PING_TIMEOUT_MS = 2_000;

/**
 * Whether the store answers now: a cheap round trip (SQLite `SELECT 1`, MongoDB `ping`), cached
 * briefly and shared by concurrent askers, so health checks never load the store.
 */
export function storeHealth(
  storage: Pick<Storage, 'ping'>,
  now: () => number = Date.now,
): () => Promise<boolean> {
  let last: { at: number; ok: boolean } | null = null;
  let pending: Promise<boolean> | null = null;
  const probe = async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('store ping timed out')), HEALTH_PING_TIMEOUT_MS);
      timer.unref();
    });
    try {
      await Promise.race([storage.ping(), timeout]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
  return () => {
    if (last && now() - last.at < HEALTH_CACHE_MS) return Promise.resolve(last.ok);
    pending ??= probe().then((ok) => {
      last = { at: now(), ok };
      pending = null;
      return ok;
    });
    return pending;
  };
}
