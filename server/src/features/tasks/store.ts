import { isDeepStrictEqual } from 'node:util';
import { applyTaskUpdate, isTerminal, type TaskUpdate } from '@draw/machines';
import { TaskStatus, type Task } from '@draw/shared';
import type { ChannelHub } from '../../realtime/hub';
import { sameAs, type RecentChange } from '../../realtime/republish';
import { Tasks, toTask, type TaskDoc, type TasksRepository } from './repository';

const MAX_RETRIES = 8;
/** Running tasks whose last write this process remembers; past it, the memory starts again (a read each). */
const REMEMBERED_MAX = 1_000;

/** The fields of `next` that differ from `before` (only those are written: a concurrent change to any other survives). */
function changedFields(before: Task, next: Task): Partial<TaskDoc> {
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(next)) {
    if (field !== 'id' && !isDeepStrictEqual(value, before[field as keyof Task])) changed[field] = value;
  }
  return changed as Partial<TaskDoc>;
}

/**
 * The only way a task's lifecycle changes: every update goes through the task machine (never
 * backwards, terminal is final), is written with an optimistic check against the state it was
 * computed from (safe across processes), then published to the channel. An editor's task stays
 * private (unpublished) until it is submitted: its submit is its first publication.
 */
export function taskStore(repo: TasksRepository, hub: ChannelHub) {
  // Each running task as this process last wrote it: the next step is computed from it without a
  // read. Safe because the write is checked against its status and progress (a cancel from
  // elsewhere changes the status: the write then matches nothing and the task is read again), and
  // sets only the fields the step changes, so a concurrent change of any other field survives.
  const lastWritten = new Map<string, TaskDoc>();
  const remember = (doc: TaskDoc) => {
    if (isTerminal(doc.status)) return void lastWritten.delete(doc._id);
    if (lastWritten.size >= REMEMBERED_MAX && !lastWritten.has(doc._id)) lastWritten.clear();
    lastWritten.set(doc._id, doc);
  };
  return {
    get: (id: string) => repo.byId(id),

    /** Stores a new task with its `task.created` event, in one write where the store allows (none for a private one). */
    async create(doc: TaskDoc): Promise<Task> {
      const { created } = await hub.publishInsert(doc.channelId, { def: Tasks, doc }, (stored) =>
        stored.private ? null : { type: 'task.created', data: toTask(stored) },
      );
      return toTask(created);
    },

    /**
     * Applies an update; null when the machine refused it (stale, backwards, already final). The
     * write is checked against the status and progress it was computed from, and stored with its
     * event in one transaction where the store allows (see `ChannelHub.publishUpdate`).
     */
    async update(id: string, update: TaskUpdate, extra: Partial<TaskDoc> = {}): Promise<Task | null> {
      for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
        const remembered = attempt === 0 ? lastWritten.get(id) : undefined;
        lastWritten.delete(id);
        const current = remembered ?? (await repo.byId(id));
        if (!current) return null;
        const before = toTask(current);
        const result = applyTaskUpdate(before, update);
        // Refused on a remembered state: the stored one decides.
        if (!result.accepted && remembered) continue;
        if (!result.accepted) return null;
        // A private task (an editor's, not submitted) is first shown when it is submitted; it
        // ends unseen when it is cancelled or abandoned instead.
        const revealed =
          current.private === true &&
          !isTerminal(result.task.status) &&
          result.task.status !== TaskStatus.Modal;
        const set = {
          ...changedFields(before, result.task),
          ...extra,
          ...(revealed ? { private: false } : {}),
        };
        const written = await hub.publishUpdate(
          current.channelId,
          { def: Tasks, filter: { _id: id, status: current.status, progress: current.progress }, set },
          (doc) =>
            doc.private ? null : { type: revealed ? 'task.created' : 'task.updated', data: toTask(doc) },
        );
        if (!written) continue;
        remember(written.updated);
        return toTask(written.updated);
      }
      return null;
    },

    /** Changes fields outside the lifecycle (bookmarks, upstream id), publishing the result. */
    async patch(id: string, changes: Partial<TaskDoc>, publish = true): Promise<Task | null> {
      const written = await repo.setFields(id, changes);
      if (!written) return null;
      if (lastWritten.has(id)) remember(written);
      const task = toTask(written);
      if (publish && !written.private) await hub.publish(task.channelId, 'task.updated', task);
      return task;
    },

    /** Tasks that may have been stored without their event (running, or changed since `since`). */
    async recentChanges(since: number): Promise<RecentChange[]> {
      // A private task was never published: there is nothing to repair.
      const docs = (await repo.changedSince(since)).filter((doc) => !doc.private);
      return docs.map((doc) => {
        const task = toTask(doc);
        return {
          channelId: doc.channelId,
          id: doc._id,
          carriedBy: ['task.created', 'task.updated'],
          isCurrent: sameAs(task),
          // Only if the task is still as read, in one write with its event: another process may be
          // running it (a member started beside a live one), and a state read before its next step
          // but logged after it would take the task backwards in the log. If it moved on, whoever
          // moved it logged the newer state.
          publish: (logged) =>
            hub.publishUpdate(
              doc.channelId,
              {
                def: Tasks,
                filter: { _id: doc._id, status: doc.status, progress: doc.progress },
                set: { progress: doc.progress },
              },
              (stored) => ({ type: logged ? 'task.updated' : 'task.created', data: toTask(stored) }),
            ),
        };
      });
    },

    isTerminal,
  };
}
export type TaskStore = ReturnType<typeof taskStore>;
