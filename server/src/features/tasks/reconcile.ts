import { TaskStatus } from '@draw/shared';
import type { RunnerDeps } from './runner';

/** A charge whose task is not stored after this long was cut off by a crash (a submit stores it at once). */
export const ORPHAN_CHARGE_GRACE_MS = 2 * 60_000;
export const RECONCILE_EVERY_MS = 60_000;
/**
 * How far back the periodic reconciliation looks. A task ends within its deadlines (MODAL, then
 * the run) plus a few sweeps of its charge, far inside this; the start-up pass looks further back.
 */
export const RECONCILE_LOOKBACK_MS = 6 * 3600_000;
/**
 * How far back the start-up pass looks: a charge a crash cut off is no older than the downtime
 * before this start plus a task's life, so a month covers any outage and keeps the start from
 * reading a whole ledger's history.
 */
export const START_RECONCILE_LOOKBACK_MS = 30 * 24 * 3600_000;
const RECONCILE_BATCH = 200;

/** Tasks whose credits go back. */
const REFUNDED_STATUSES = new Set<string>([TaskStatus.Failure, TaskStatus.Cancel]);

/**
 * Gives back what a crash kept: a charge made since `since` with no refund, whose task failed or
 * was cancelled (killed between the final state and its refund), or was never stored and was
 * charged at or before `orphanedUpTo` (killed between the charge and the task). Safe to run any
 * number of times, in any number of processes at once: the ledger takes one refund per task.
 */
export async function reconcileCredits(
  deps: Pick<RunnerDeps, 'billing' | 'repo' | 'log'>,
  since: number,
  orphanedUpTo: number,
): Promise<number> {
  const open = await deps.billing.openCharges(since);
  let refunded = 0;
  for (let start = 0; start < open.length; start += RECONCILE_BATCH) {
    const batch = open.slice(start, start + RECONCILE_BATCH);
    const tasks = await deps.repo.byIds(batch.map((charge) => charge.taskId));
    const statusOf = new Map(tasks.map((task) => [task._id, task.status]));
    for (const charge of batch) {
      const status = statusOf.get(charge.taskId);
      const owed = status === undefined ? charge.at <= orphanedUpTo : REFUNDED_STATUSES.has(status);
      if (!owed) continue;
      await deps.billing.refund(charge.taskId);
      refunded += 1;
      deps.log.warn(
        { taskId: charge.taskId, status: status ?? 'never stored' },
        'credits a crash kept were refunded',
      );
    }
  }
  return refunded;
}
