import type { SqliteDatabase } from './driver';
import { whenUnlocked } from './lock-wait';

/** How a batch's commit is made durable: relaxed (no disk wait) only when every write in it asked for that. */
export type CommitAs = <R>(relaxed: boolean, transaction: () => R) => R;

interface Queued {
  work: () => unknown;
  relaxed: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Write transactions asked for in the same turn of the event loop, committed as one SQLite
 * transaction, each inside a savepoint of its own: one that throws is rolled back alone and
 * rejects alone, the others commit together, in the order they were asked for. A commit writes
 * every page it changed to the write-ahead log and takes the file's lock; a hundred tasks
 * stepping at the same moment, or the submits of the same moment, share one commit instead of
 * paying one each, and a page several of them change (an index's last leaf, the event log's) is
 * written once. Each write still resolves only once its commit is done.
 */
export interface TransactionBatcher {
  /** Runs `work` in this turn's transaction; resolves once it is committed. */
  write<R>(work: () => R, relaxed: boolean): Promise<R>;
  /** Resolves once every write asked for so far is committed or refused (before the connection closes). */
  drain(): Promise<void>;
}

export function transactionBatcher(db: SqliteDatabase, commitAs: CommitAs): TransactionBatcher {
  let queued: Queued[] = [];
  // Batches commit one after the other: one waiting for another process's lock is not overtaken.
  let tail: Promise<void> = Promise.resolve();

  const runOne = (item: Queued): Outcome => {
    try {
      // A transaction inside a transaction is a savepoint (better-sqlite3).
      return { ok: true, value: db.transaction(item.work)() };
    } catch (error) {
      // An error that ended the whole transaction (I/O, a full disk) fails the batch.
      if (!db.inTransaction) throw error;
      return { ok: false, error };
    }
  };

  const commit = async (batch: Queued[]) => {
    const relaxed = batch.every((item) => item.relaxed);
    try {
      const outcomes = await whenUnlocked(() =>
        commitAs(relaxed, () => db.transaction(() => batch.map(runOne)).immediate()),
      );
      outcomes.forEach((outcome, i) => {
        if (outcome.ok) batch[i]!.resolve(outcome.value);
        else batch[i]!.reject(outcome.error);
      });
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  };

  const commitQueued = () => {
    const batch = queued;
    queued = [];
    if (batch.length > 0) tail = tail.then(() => commit(batch));
  };

  return {
    write: <R>(work: () => R, relaxed: boolean) =>
      new Promise<R>((resolve, reject) => {
        if (queued.length === 0) setImmediate(commitQueued);
        queued.push({ work, relaxed, resolve: resolve as (value: unknown) => void, reject });
      }),
    drain() {
      commitQueued();
      return tail;
    },
  };
}
