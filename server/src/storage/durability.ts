import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';
import { whenUnlocked } from './sqlite/lock-wait';

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
  /** As the current async flow asked (`withoutWaitingForDisk`). */
  around<R>(transaction: () => R): R;
  /** Relaxed or full as told: a batch of several flows' writes is relaxed only when all of them are. */
  as<R>(relaxed: boolean, transaction: () => R): R;
}

export function commitDurability(db: Database.Database, configuredFull: boolean): CommitDurability {
  const as = <R>(relaxed: boolean, transaction: () => R): R => {
    if (!configuredFull || !relaxed) return transaction();
    db.exec('PRAGMA synchronous = NORMAL');
    try {
      return transaction();
    } finally {
      db.exec('PRAGMA synchronous = FULL');
    }
  };
  return { as, around: (transaction) => as(diskWaitRelaxed(), transaction) };
}

/**
 * A flush for a connection that commits in full: one small full commit (a counter in its own
 * table) syncs the write-ahead log, and with it every relaxed commit before it, in order. Flushes
 * asked for in the same turn of the event loop share that one commit.
 */
export function groupCommit(db: Database.Database): () => Promise<void> {
  let next: Promise<void> | null = null;
  let barrier: Database.Statement | null = null;
  const commit = () => {
    if (!barrier) {
      db.exec('CREATE TABLE IF NOT EXISTS _durability (id INTEGER PRIMARY KEY, commits INTEGER NOT NULL)');
      barrier = db.prepare(
        'INSERT INTO _durability (id, commits) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET commits = commits + 1',
      );
    }
    const write = barrier;
    db.transaction(() => write.run()).immediate();
  };
  return () => {
    next ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        next = null;
        whenUnlocked(commit).then(resolve, reject);
      });
    });
    return next;
  };
}
