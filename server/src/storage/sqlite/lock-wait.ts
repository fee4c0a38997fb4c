import type { SqliteDatabase } from './driver';
import { pragma } from './driver';

/** How long a write waits for another process's transaction (a cluster member, an ops command) before it fails. */
export const LOCK_WAIT_MS = 5_000;

/**
 * SQLite's own wait for a lock (`busy_timeout`) sleeps inside the call: the event loop of the
 * process that waits stands still for as long as the other process holds the write lock, and its
 * sleeps grow (1, 2, 5, 10 … 100 ms) whether or not the lock is free sooner. With two server
 * processes on one file that held each member's loop behind the other's commits (progress
 * callbacks a second behind their timetable). So the server's connections never sleep in SQLite
 * (`busy_timeout = 0`): a write that finds the file locked is tried again from the event loop,
 * soon and then every few milliseconds, until LOCK_WAIT_MS.
 */
export const NO_LOCK_SLEEP = 'busy_timeout = 0';

export function isLocked(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** The pause before try n + 1: the next turn of the loop twice, then 1, 2, 4 ms, 4 ms after that. */
function pauseBefore(tries: number): Promise<void> {
  if (tries < 2) return new Promise((resolve) => setImmediate(resolve));
  const ms = Math.min(4, 2 ** (tries - 2));
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs `attempt` (a synchronous transaction) until it does not find the file locked, waiting between tries without holding the loop. */
export async function whenUnlocked<R>(attempt: () => R, waitMs = LOCK_WAIT_MS): Promise<R> {
  const deadline = Date.now() + waitMs;
  for (let tries = 0; ; tries++) {
    try {
      return attempt();
    } catch (error) {
      if (!isLocked(error) || Date.now() >= deadline) throw error;
    }
    await pauseBefore(tries);
  }
}

/**
 * The same for work that cannot wait asynchronously (creating a collection's table while the app
 * is built): SQLite's own sleeping wait, for this one call.
 */
export function blockingUntilUnlocked<R>(db: SqliteDatabase, work: () => R): R {
  pragma(db, `busy_timeout = ${LOCK_WAIT_MS}`);
  try {
    return work();
  } finally {
    pragma(db, NO_LOCK_SLEEP);
  }
}
