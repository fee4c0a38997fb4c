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
 * A process's write transactions, in two kinds. A write `now` is committed at once when nothing
 * is in its way: a running task's step, which people are watching live, and an update made under
 * its collection's lock (the next update of the collection waits for it). A write `inTurn` waits
 * for the end of the current turn of the event loop and is committed with the others asked for in
 * it: a submit's charge, task and message, the submits of the same moment together (fewer
 * commits; their answer waits for the disk anyway). Writes asked for while a commit waits for
 * another process's lock (a cluster member, an ops command) gather too and are committed after
 * it, taking the lock once. Writes committed together are one SQLite transaction with each in a
 * savepoint of its own: one that throws is rolled back alone and rejects alone, the others
 * commit, in the order they were asked for. Each write resolves only once its commit is done.
 *
 * Measured (docs/PERFORMANCE.md): gathering every write of a turn, task steps included, held a
 * hundred tasks' steps until their shared commit (fan-out p99 4–6× bare Socket.IO, against 1.7×
 * with steps committed at once); committing every write at once cost the submit a third more CPU.
 */
export interface TransactionBatcher {
  /** Runs `work` in a write transaction at once (a savepoint of a shared one when it waited); resolves once committed. */
  now<R>(work: () => R, relaxed: boolean): Promise<R>;
  /** Runs `work` in the transaction this turn's writes share; resolves once committed. */
  inTurn<R>(work: () => R, relaxed: boolean): Promise<R>;
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

  let turn: Queued[] = [];
  let turnScheduled = false;
  const endOfTurn = () => {
    turnScheduled = false;
    queued.push(...turn);
    turn = [];
    if (!busy) void commitAll();
  };

  const entry = <R>(work: () => R, relaxed: boolean, into: () => Queued[], start: () => void) =>
    new Promise<R>((resolve, reject) => {
      into().push({ work, relaxed, resolve: resolve as (value: unknown) => void, reject });
      start();
    });

  return {
    now: (work, relaxed) =>
      entry(
        work,
        relaxed,
        () => queued,
        () => {
          if (!busy) void commitAll();
        },
      ),
    inTurn: (work, relaxed) =>
      entry(
        work,
        relaxed,
        () => turn,
        () => {
          if (turnScheduled) return;
          turnScheduled = true;
          setImmediate(endOfTurn);
        },
      ),
    async drain() {
      while (busy || queued.length > 0 || turn.length > 0)
        await new Promise((resolve) => setImmediate(resolve));
    },
  };
}
