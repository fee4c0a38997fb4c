import { TaskFailureCode, TaskStatus } from '@draw/shared';
import { failureFields } from './failure';
import type { Billing } from './billing';
import type { TasksRepository } from './repository';
import type { TaskRunner } from './runner';
import type { TaskStore } from './store';

export interface RefundDeps {
  repo: Pick<TasksRepository, 'byId'>;
  store: TaskStore;
  runner: Pick<TaskRunner, 'cancel'>;
  billing: Billing;
  now: () => number;
}

/** When the credits of a task a person made go back, outside the runner's own failures. */
export function taskRefunds({ repo, store, runner, billing, now }: RefundDeps) {
  return {
    /**
     * A submit that failed after its charge. A row that was written is failed first, so no sweep
     * ever runs it, then the credits go back. A store that refuses even that leaves the row as it
     * is (it runs, as charged) or none (the credit reconciliation refunds the charge).
     */
    async abandon(id: string): Promise<void> {
      try {
        const why = await failureFields(store, id, { code: TaskFailureCode.NotSaved, params: {} });
        const failed = await store.update(id, { status: TaskStatus.Failure, ...why, finishTime: now() });
        if (!failed) {
          // No row, or a sweep already ran it to its end: only a task that succeeded keeps its charge.
          const row = await repo.byId(id);
          if (row?.status === TaskStatus.Success) return;
        }
        runner.cancel(id);
        await billing.refund(id);
      } catch {
        // The original error is what the user must see; the sweeps settle the rest.
      }
    },

    /** A cancel stands either way: a refund the ledger cannot take now, the reconciliation makes. */
    async cancelled(id: string): Promise<void> {
      await billing.refund(id).catch(() => undefined);
    },
  };
}
export type TaskRefunds = ReturnType<typeof taskRefunds>;
