import { speedOf, type JobSpeed } from '@draw/shared';
import type { EveryJobKind, JobOf } from '../../engines/port';

/** A parent task as a stored job names it, with the button pressed on it (an upstream sends it back as is). */
interface StoredParent {
  parentId: string;
  customId?: string;
}

/**
 * The pictures each kind reads, as a task stores them: blob keys, and parents as task ids. The
 * runner loads them (`jobResolver`) when the task runs, so a restarted server can run any stored
 * task again.
 */
export type StoredJobInputs = EveryJobKind<{
  imagine: { referenceKeys: string[]; styleKeys?: string[] };
  upscale: StoredParent;
  variation: StoredParent;
  reroll: StoredParent;
  zoom: StoredParent;
  pan: StoredParent;
  region: StoredParent & { maskKey: string };
  blend: { imageKeys: string[] };
  describe: { imageKey: string };
  shorten: Record<never, never>;
  animate: StoredParent;
  extend: StoredParent;
  /** From an upload (`imageKey`, its command) or a finished task (`parentId`, its button). */
  edit: { imageKey?: string } & Partial<StoredParent>;
}>;

/**
 * What a task asks its engine, as stored on it: the engine's job (`EngineJob`) with its pictures
 * as references. Actions' `speed` is the pressing user's job mode (jobs stored before it existed
 * have none).
 */
export type StoredJob = JobOf<StoredJobInputs>;

/**
 * The job mode a job is sent in, as the upstream mapping picks it: the pressing person's mode
 * the job carries, else the last mode its prompt names; null when neither says (the upstream's
 * own default then). Stored on the task at submit, so its card shows the mode it ran in.
 */
export function speedOfJob(job: StoredJob): JobSpeed | null {
  return ('speed' in job ? job.speed : undefined) ?? ('prompt' in job ? speedOf(job.prompt) : null);
}
