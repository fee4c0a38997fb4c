import { TaskStatus, type TaskFailure } from '@draw/shared';
import { failureFields } from './failure';
import type { RunnerDeps } from './runner';

/** What ending a task needs: the store for its final state, billing for the refund. */
type EndingDeps = Pick<RunnerDeps, 'store' | 'billing' | 'log' | 'now'>;

/** Fails a task and refunds it; a refund that cannot be written now is left to the reconciliation. */
export async function failTask(deps: EndingDeps, id: string, failure: TaskFailure): Promise<void> {
  const why = await failureFields(deps.store, id, failure);
  const failed = await deps.store.update(id, {
    status: TaskStatus.Failure,
    ...why,
    finishTime: deps.now(),
  });
  if (!failed) return;
  await deps.billing
    .refund(id)
    .catch((err: unknown) =>
      deps.log.error({ err, taskId: id }, 'refund failed; the reconciliation will give it back'),
    );
}

/** The upstream cancelled it: CANCEL with its reason, refunded as any cancel. */
export async function cancelledUpstream(deps: EndingDeps, id: string, failure: TaskFailure): Promise<void> {
  const why = await failureFields(deps.store, id, failure);
  const cancelled = await deps.store.update(id, {
    status: TaskStatus.Cancel,
    ...why,
    finishTime: deps.now(),
  });
  if (!cancelled) return;
  await deps.billing
    .refund(id)
    .catch((err: unknown) =>
      deps.log.error({ err, taskId: id }, 'refund failed; the reconciliation will give it back'),
    );
}
