import { Schema } from 'mongoose';
import { TaskStatus, type Task } from '@draw/shared';
import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema } from '../../storage/schema';
import type { JobSpec } from './jobs';

/** The stored task: the public Task plus what only the server needs to run it. */
export interface TaskDoc extends BaseDoc, Omit<Task, 'id'> {
  job: JobSpec;
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
});
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
export const tasksRepository = (storage: Storage) => storage.collection(Tasks);
export type TasksRepository = ReturnType<typeof tasksRepository>;

export function toTask(doc: TaskDoc): Task {
  const { _id, job: _job, hookToken: _h, upstreamId: _u, upstreamModalSent: _m, deadlineAt: _d, leaseOwner: _o, leaseUntil: _l, cost: _c, ...rest } = doc;
  // Tasks stored before clips existed have no videoUrl.
  return { id: _id, ...rest, videoUrl: rest.videoUrl ?? null };
}
