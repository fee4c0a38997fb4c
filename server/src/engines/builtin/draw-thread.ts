import type { TaskFailure } from '@draw/shared';
import { EngineFailure, type EngineJob } from '../port';
import { drawJob, type Drawn } from './draw';
import { withBuffers } from './thread-buffers';

/** A refusal (an unreadable image, an empty prompt) crosses back as data: an Error's class does not. */
export type DrawOutcome = { ok: true; drawn: Drawn } | { ok: false; failure: TaskFailure };

/** The drawing thread's one task (loaded by piscina, see drawer.ts). */
export default async function drawInThread(job: EngineJob): Promise<DrawOutcome> {
  try {
    return { ok: true, drawn: await drawJob(withBuffers(job)) };
  } catch (error) {
    if (error instanceof EngineFailure) return { ok: false, failure: error.failure };
    throw error;
  }
}
