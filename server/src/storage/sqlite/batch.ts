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
 * A process's write transactions, each committed at once when nothing is in its way. Those asked
 * for while a commit waits for another process's lock (a cluster member, an ops command), or
 * while it resolves, gather and are committed together after it, as one SQLite transaction with
 * each write in a savepoint of its own: one that throws is rolled back alone and rejects alone,
 * the others commit, in the order they were asked for. So a process that finds the file busy
 * takes the lock once for everything that waited instead of once per write, and no write waits
 * behind a queue of others' single commits. Each write resolves only once its commit is done.
 *
 * Tried and left: gathering every write of a turn of the event loop into one commit. It cut a
 * submit's CPU a further quarter (fewer commits under concurrent submits) but held a hundred
 * tasks' progress steps until their shared commit, and the fan-out's p99 rose from 1.7× to 4–6×
 * bare Socket.IO (docs/PERFORMANCE.md).
 */
export interface TransactionBatcher {
  /** Runs `work` in a write transaction (a savepoint of a shared one when it waited); resolves once it is committed. */
  write<R>(work: () => R, relaxed: boolean): Promise<R>;
  /** Resolves once every write asked for so far is committed or refused (before the connection closes). */
  drain(): Promise<void>;
}

export function transactionBatcher(db: SqliteDatabase, commitAs: CommitAs): TransactionBatcher {
  let queued: Queued[] = [];
  let busy = false;

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
      // The first try runs at once, inside this call: an unlocked file commits synchronously.
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

  const commitAll = async () => {
    busy = true;
    try {
      while (queued.length > 0) {
        const batch = queued;
        queued = [];
        await commit(batch);
      }
    } finally {
      busy = false;
    }
  };

  return {
    write: <R>(work: () => R, relaxed: boolean) =>
      new Promise<R>((resolve, reject) => {
        queued.push({ work, relaxed, resolve: resolve as (value: unknown) => void, reject });
        if (!busy) void commitAll();
      }),
    async drain() {
      while (busy || queued.length > 0) await new Promise((resolve) => setImmediate(resolve));
    },
  };
}
