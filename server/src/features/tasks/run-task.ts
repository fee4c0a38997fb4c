import { randomUUID } from 'node:crypto';
import { TaskFailureCode, TaskStatus, ratioOf } from '@draw/shared';
import { formatProgress } from '@draw/machines';
import { EXTENSION_BY_MIME } from '../../blobs/port';
import { withoutWaitingForDisk } from '../../storage/durability';
import {
  Cancelled,
  EngineCancelled,
  Shutdown,
  EngineFailure,
  type EngineImage,
  type EngineVideo,
  type ImageEngine,
} from '../../engines/port';
import { cancelledUpstream, failTask } from './endings';
import type { RunnerDeps } from './runner';

type RunTaskDeps = Pick<RunnerDeps, 'repo' | 'store' | 'resolve' | 'blobs' | 'billing' | 'now' | 'log'>;

const LEASE_MS = 30_000;

/**
 * A lease's writes (claim, renewal, release) commit without waiting for the disk: on the embedded
 * store, where that applies, every lease is voided when the server starts again (`releaseAllLeases`),
 * so a lease kept through a power cut would buy nothing, and each fsync held the event loop (and
 * every live step behind it) for milliseconds. MongoDB writes are unaffected.
 */
const leaseWrite = <R>(write: () => Promise<R>) => withoutWaitingForDisk(write);

async function claim(deps: RunTaskDeps, processId: string, id: string): Promise<boolean> {
  const { repo, now } = deps;
  const at = now();
  return leaseWrite(() => repo.claim(id, processId, at, at + LEASE_MS));
}

/** Stores a picture or a clip under a fresh key whose extension fixes how it is served. */
async function saveImage(deps: RunTaskDeps, image: EngineImage | EngineVideo): Promise<string> {
  const key = `${randomUUID()}.${EXTENSION_BY_MIME[image.mime] ?? 'png'}`;
  await deps.blobs.put(key, image.data);
  return `/files/${key}`;
}

/**
 * Runs one task on its engine under a lease: claims it, hands the job to the engine, stores each
 * step and the result, and ends it (failed, cancelled or done); the lease is released at the end.
 */
export async function runTask(
  deps: RunTaskDeps,
  processId: string,
  id: string,
  engine: ImageEngine,
  controller: AbortController,
): Promise<void> {
  const { store, resolve, now, log, repo } = deps;
  if (!(await claim(deps, processId, id))) return;
  const renew = setInterval(() => {
    void leaseWrite(() => repo.renewLease(id, processId, now() + LEASE_MS)).catch(() => undefined);
  }, LEASE_MS / 3);
  try {
    const doc = await store.get(id);
    if (!doc || store.isTerminal(doc.status)) return;
    const job = await resolve(doc.job);
    if (!engine.reportsStart)
      await store.update(id, { status: TaskStatus.InProgress, startTime: doc.startTime ?? now() });
    const result = await engine.run(job, {
      taskId: id,
      signal: controller.signal,
      onProgress: async ({ progress, preview }) => {
        const previewUrl = preview ? await saveImage(deps, preview) : undefined;
        // No one is promised a progress step: its store write and event skip the disk wait (the
        // task's end, committed in full, makes them durable; a crash resumes the task anyway).
        await withoutWaitingForDisk(() =>
          store.update(id, {
            status: TaskStatus.InProgress,
            progress: formatProgress(progress),
            ...(previewUrl ? { previewUrl } : {}),
          }),
        );
      },
      upstreamId: doc.upstreamId,
      upstreamModalSent: doc.upstreamModalSent === true,
      rememberModalSent: async () => {
        await store.patch(id, { upstreamModalSent: true }, false);
      },
      hookToken: doc.hookToken,
      // Stored before the engine goes on, so a crash from here on resumes instead of resubmitting.
      rememberUpstreamId: async (upstreamId) => {
        await store.patch(id, { upstreamId }, false);
      },
      onNote: async ({ queuePosition }) => {
        const current = await store.get(id);
        if (!current || store.isTerminal(current.status)) return;
        const { queuePosition: _was, ...properties } = current.properties;
        await store.patch(id, {
          properties: queuePosition === null ? properties : { ...properties, queuePosition },
        });
      },
    });
    const imageUrl = result.image ? await saveImage(deps, result.image) : null;
    const videoUrl = result.video ? await saveImage(deps, result.video) : null;
    // Read again: notes may have changed the properties while it ran; a finished task is in no queue.
    const { queuePosition: _queued, ...properties } = (await store.get(id))?.properties ?? doc.properties;
    await store.update(id, {
      status: TaskStatus.Success,
      progress: '100%',
      imageUrl,
      videoUrl,
      buttons: result.buttons,
      finishTime: now(),
      seed: result.seed,
      description: result.description ?? doc.description,
      properties: {
        ...properties,
        ...(result.prompts ? { prompts: result.prompts } : {}),
        ...(result.image
          ? {
              width: result.image.width,
              height: result.image.height,
              ratio: ratioOf(result.image.width, result.image.height),
            }
          : {}),
      },
    });
  } catch (error) {
    const reason = controller.signal.reason;
    if (reason instanceof Shutdown) return; // resumes at the next start
    if (reason instanceof Cancelled) return; // the cancel already moved it to CANCEL
    if (error instanceof EngineCancelled) {
      await cancelledUpstream(deps, id, error.failure);
      return;
    }
    log.warn({ err: error, taskId: id }, 'task failed');
    await failTask(
      deps,
      id,
      error instanceof EngineFailure ? error.failure : { code: TaskFailureCode.EngineError, params: {} },
    );
  } finally {
    clearInterval(renew);
    await leaseWrite(() => repo.releaseLease(id, processId)).catch(() => undefined);
  }
}
