import { AsyncLocalStorage } from 'node:async_hooks';
import fs, { type FileHandle } from 'node:fs/promises';
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
 * Makes the store's file durable up to now: `fdatasync` of its write-ahead log, which holds every
 * commit not yet copied into the database file (copies are synced by the checkpoint that makes
 * them). Run in libuv's thread pool, so neither the event loop nor SQLite's write lock waits for
 * the disk. The log is opened once, at the first sync after it exists, and kept: SQLite removes it
 * only when the last connection closes, and this store's stays open until `close()`. Before the log
 * exists, the database file itself is synced.
 */
export function writeAheadLogSync(databaseFile: string) {
  let log: Promise<FileHandle> | null = null;
  const syncOnce = async (file: string) => {
    const handle = await fs.open(file, 'r');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  };
  return {
    async sync(): Promise<void> {
      log ??= fs.open(`${databaseFile}-wal`, 'r');
      try {
        await (await log).datasync();
      } catch (error) {
        log = null;
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await syncOnce(databaseFile);
      }
    },
    async close(): Promise<void> {
      const kept = log;
      log = null;
      await kept?.then((handle) => handle.close()).catch(() => undefined);
    },
  };
}

/**
 * A flush for a connection whose relaxed commits (`withoutWaitingForDisk`) must be made durable
 * before an answer: one `sync` of the log makes every commit before it durable, in order. Flushes
 * asked for in the same turn of the event loop share one sync; one asked while a sync runs gets
 * the next, which starts after its writes.
 *
 * It was a small full commit (a counter in a table of its own): SQLite held the write lock, and the
 * event loop, through the disk's sync (0.4 ms here). With two processes on the file, the other
 * one's writes found it locked and were tried again: in the REST bench each member met the lock
 * about 5,000 times (7 s of waiting); with the sync outside the lock, about 2,300 (2.5 s)
 * (docs/PERFORMANCE.md, seventh pass).
 */
export function groupCommit(sync: () => Promise<void>): () => Promise<void> {
  let next: Promise<void> | null = null;
  return () => {
    next ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        next = null;
        sync().then(resolve, reject);
      });
    });
    return next;
  };
}
