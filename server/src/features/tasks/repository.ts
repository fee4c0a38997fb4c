import { Schema } from 'mongoose';
import { TERMINAL_TASK_STATUSES, TaskStatus, type Task } from '@draw/shared';
import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema, type StoredFields } from '../../storage/schema';
import type { StoredJob } from './jobs';

/** The stored task: the public Task plus what only the server needs to run it. */
export interface TaskDoc extends BaseDoc, Omit<Task, 'id'> {
  job: StoredJob;
  /** Per-task secret for upstream notify hooks. */
  hookToken: string;
  upstreamId: string | null;
  /** The upstream's MODAL task got its input: a resumed run polls, it never sends it again. */
  upstreamModalSent?: boolean;
  deadlineAt: number;
  /** Which server process runs it, until when: a crashed process's tasks are picked up again. */
  leaseOwner: string | null;
  leaseUntil: number;
  cost: number;
  /**
   * An editor's task (MODAL) not submitted yet: only its owner knows of it. Nothing about it is
   * published or posted until it is submitted; cancelled or abandoned, it ends unseen.
   */
  private?: boolean;
}

const schema = documentSchema({
  channelId: { type: String, required: true },
  userId: { type: String, required: true },
  botType: { type: String, required: true },
  action: { type: String, required: true },
  status: { type: String, required: true, enum: Object.values(TaskStatus) },
  prompt: { type: String, default: '' },
  promptEn: { type: String, default: '' },
  finalPrompt: { type: String, default: '' },
  description: { type: String, default: '' },
  submitTime: { type: Number, required: true },
  startTime: { type: Schema.Types.Mixed, default: null },
  finishTime: { type: Schema.Types.Mixed, default: null },
  progress: { type: String, default: '0%' },
  previewUrl: { type: Schema.Types.Mixed, default: null },
  imageUrl: { type: Schema.Types.Mixed, default: null },
  videoUrl: { type: Schema.Types.Mixed, default: null },
  failReason: { type: Schema.Types.Mixed, default: null },
  buttons: { type: Schema.Types.Mixed, default: [] },
  parentId: { type: Schema.Types.Mixed, default: null },
  seed: { type: Schema.Types.Mixed, default: null },
  engine: { type: String, required: true },
  properties: { type: Schema.Types.Mixed, default: {} },
  job: { type: Schema.Types.Mixed, required: true },
  hookToken: { type: String, required: true },
  upstreamId: { type: Schema.Types.Mixed, default: null },
  upstreamModalSent: { type: Boolean, default: false },
  deadlineAt: { type: Number, required: true },
  leaseOwner: { type: Schema.Types.Mixed, default: null },
  leaseUntil: { type: Number, default: 0 },
  cost: { type: Number, default: 0 },
  private: { type: Boolean, default: false },
} satisfies StoredFields<TaskDoc>);
schema.index({ channelId: 1, submitTime: -1 });
schema.index({ status: 1, submitTime: 1 });
// A user's tasks by status; finished ones newest first with a tie-break (the archive's "mine" pages).
schema.index({ userId: 1, status: 1, finishTime: -1, _id: -1 });
// A channel's finished images newest first (the archive's pages of channels the reader is in).
schema.index({ channelId: 1, status: 1, finishTime: -1, _id: -1 });
// The images made from one (the archive's family view).
schema.index({ parentId: 1, submitTime: 1 });
// Only tasks a process holds have an owner: the start-up release reads just those.
schema.index({ leaseOwner: 1 }, { sparse: true });

export const Tasks = defineCollection<TaskDoc>('tasks', schema);
/** Tasks a process should be running. */
const RUNNABLE = [TaskStatus.Submitted, TaskStatus.InProgress];
/** Tasks that have not ended (MODAL included: it waits for its person, within its deadline). */
const UNFINISHED = [TaskStatus.NotStart, TaskStatus.Submitted, TaskStatus.InProgress, TaskStatus.Modal];

export function tasksRepository(storage: Storage) {
  const tasks = storage.collection(Tasks);
  return {
    /** A task by id, or null. */
    byId: (id: string) => tasks.findOne({ _id: id }),
    create: (doc: TaskDoc) => tasks.insertOne(doc),
    /** How many stored tasks are in `status`. */
    countIn: (status: TaskStatus) => tasks.count({ status }),
    /** The tasks made from `parentId` (its children), oldest first, at most `limit`. */
    childrenOf: (parentId: string, limit: number) =>
      tasks.find({ parentId }, { sort: { submitTime: 1 }, limit }),
    /** Some tasks by id, whichever channel (the credit reconciliation). */
    byIds: (ids: readonly string[]) => tasks.find({ _id: { $in: ids } }),

    /** Those of `ids` that belong to the channel. */
    inChannel: (channelId: string, ids: readonly string[]) => tasks.find({ _id: { $in: ids }, channelId }),

    /** What a user has running and waiting (the info card, the draw limits). */
    async countsFor(userId: string): Promise<{ running: number; queued: number }> {
      const [running, queued] = await Promise.all([
        tasks.count({ userId, status: TaskStatus.InProgress }),
        tasks.count({ userId, status: { $in: [TaskStatus.Submitted, TaskStatus.NotStart] } }),
      ]);
      return { running, queued };
    },

    /**
     * Takes (or renews) the lease of a runnable task for `owner` until `until`: only when no live
     * process holds it. False when another does, or the task is not runnable any more.
     */
    async claim(id: string, owner: string, now: number, until: number): Promise<boolean> {
      const claimed = await tasks.findOneAndUpdate(
        { _id: id, status: { $in: RUNNABLE }, $or: [{ leaseUntil: { $lt: now } }, { leaseOwner: owner }] },
        { $set: { leaseOwner: owner, leaseUntil: until } },
      );
      return claimed !== null;
    },

    /** Keeps `owner`'s lease alive until `until` (nothing when it lost the lease). */
    renewLease: (id: string, owner: string, until: number) =>
      tasks.updateOne({ _id: id, leaseOwner: owner }, { $set: { leaseUntil: until } }),

    /** Gives up `owner`'s lease on one task. */
    releaseLease: (id: string, owner: string) =>
      tasks.updateOne({ _id: id, leaseOwner: owner }, { $set: { leaseOwner: null, leaseUntil: 0 } }),

    /** Voids every lease (a store this process owns alone: its predecessor's leases died with it). */
    releaseAllLeases: () =>
      tasks.updateMany({ leaseOwner: { $ne: null } }, { $set: { leaseOwner: null, leaseUntil: 0 } }),

    /** Runnable tasks no live process holds, oldest first (a page of them from `skip`). */
    stranded: (now: number, limit: number, skip = 0) =>
      tasks.find(
        { status: { $in: RUNNABLE }, leaseUntil: { $lt: now } },
        { sort: { submitTime: 1, _id: 1 }, limit, ...(skip > 0 ? { skip } : {}) },
      ),

    /** A person's unfinished tasks in one channel (they left it, or were removed or banned). */
    unfinishedOf: (channelId: string, userId: string) =>
      tasks.find({ userId, status: { $in: UNFINISHED }, channelId }),

    /** Unfinished tasks past their deadline. */
    overdue: (now: number, limit: number) =>
      tasks.find({ status: { $in: UNFINISHED }, deadlineAt: { $lt: now } }, { limit }),

    /** Sets fields outside the lifecycle; the task as written, or null when there is none. */
    setFields: (id: string, fields: Partial<Omit<TaskDoc, '_id'>>) =>
      tasks.findOneAndUpdate({ _id: id }, { $set: fields }),

    /** Tasks that may have changed since `since`: every unfinished one, and those submitted, started or finished since. */
    changedSince: (since: number) =>
      tasks.find({
        $or: [
          { status: { $nin: TERMINAL_TASK_STATUSES } },
          { submitTime: { $gte: since } },
          { startTime: { $gte: since } },
          { finishTime: { $gte: since } },
        ],
      }),
  };
}
export type TasksRepository = ReturnType<typeof tasksRepository>;

export function toTask(doc: TaskDoc): Task {
  const {
    _id,
    job: _job,
    hookToken: _h,
    upstreamId: _u,
    upstreamModalSent: _m,
    deadlineAt: _d,
    leaseOwner: _o,
    leaseUntil: _l,
    cost: _c,
    private: _p,
    ...rest
  } = doc;
  // Tasks stored before clips existed have no videoUrl.
  return { id: _id, ...rest, videoUrl: rest.videoUrl ?? null };
}
