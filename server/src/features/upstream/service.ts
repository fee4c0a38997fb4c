import { randomBytes } from 'node:crypto';
import { isTerminal } from '@draw/machines';
import { ErrorReason } from '@draw/shared';
import type { ImageEngine } from '../../engines/port';
import { AppError } from '../../errors';
import type { TasksRepository } from '../tasks/repository';
import { sameSecret } from '../../digests';

export interface UpstreamHooksDeps {
  tasks: Pick<TasksRepository, 'byId'>;
  /** The engine a task names (hooks reach only tasks of an engine that takes them: the midjourney-proxy). */
  engines: { forTask(name: string): Pick<ImageEngine, 'notify'> | null };
}

const decoy = randomBytes(24).toString('base64url');

/**
 * Notify hooks from the midjourney-proxy upstream. The proxy does not sign them, so each task's
 * hook URL carries its own secret token; a hook is passed on only when it matches. Passing on is
 * all this does: the engine drops stale and duplicate snapshots, and the task store and machine
 * never move a task backwards, so hooks may come twice, late or out of order.
 */
export function upstreamHooks(deps: UpstreamHooksDeps) {
  return {
    async receive(taskId: string, token: string, payload: unknown): Promise<{ accepted: boolean }> {
      const doc = await deps.tasks.byId(taskId);
      const matches = sameSecret(doc?.hookToken ?? decoy, token);
      const engine = doc ? deps.engines.forTask(doc.engine) : null;
      if (!doc || !matches || !engine?.notify)
        throw new AppError(ErrorReason.NotFound, 'upstream.hookRejected');
      if (isTerminal(doc.status)) return { accepted: false };
      const upstreamId = (payload as { id?: unknown } | null)?.id;
      if (doc.upstreamId && typeof upstreamId === 'string' && upstreamId !== doc.upstreamId)
        return { accepted: false };
      engine.notify(taskId, payload);
      return { accepted: true };
    },
  };
}
export type UpstreamHooks = ReturnType<typeof upstreamHooks>;
