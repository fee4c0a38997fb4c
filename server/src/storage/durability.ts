import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';

const relaxed = new AsyncLocalStorage<true>();

/**
 * Runs `work` with its embedded-store writes committed without waiting for the disk (SQLite
 * `synchronous = NORMAL` for those transactions, in WAL mode): a process crash loses nothing, a
 * machine crash may lose them, and the next full commit makes them durable in order. For writes no
 * one is promised, such as a running task's progress steps; scoped to this async flow only, so a
 * submit answered meanwhile is still fsynced before its answer.
 */
export function withoutWaitingForDisk<R>(work: () => Promise<R>): Promise<R> {
  return relaxed.run(true, work);
}

/** Whether the current async flow asked for `withoutWaitingForDisk`. */
export function diskWaitRelaxed(): boolean {
  return relaxed.getStore() === true;
}

/**
 * A connection's commits, full as configured except in a `withoutWaitingForDisk` flow. `exec`, not
 * prepared statements: SQLite applies this pragma when it compiles it, so a kept statement run
 * again would not set it again.
 */
export interface CommitDurability {
  around<R>(transaction: () => R): R;
}

export function commitDurability(db: Database.Database, configuredFull: boolean): CommitDurability {
  if (!configuredFull) return { around: (transaction) => transaction() };
  return {
    around(transaction) {
      if (!diskWaitRelaxed()) return transaction();
      db.exec('PRAGMA synchronous = NORMAL');
      try {
        return transaction();
      } finally {
        db.exec('PRAGMA synchronous = FULL');
      }
    },
  };
}
