import { TaskStatus, type Task } from '@draw/shared';

/** A MODAL task the current user can complete (only its submitter can). */
export function isMyModal(task: Task | undefined, me: string): task is Task {
  return task !== undefined && task.status === TaskStatus.Modal && task.userId === me && me !== '';
}

/**
 * Which editor is open: the one the user asked for (Open editor), else the first task their own
 * button press created that is now waiting in MODAL (it opens by itself when it arrives).
 */
export function pickEditorTask(
  tasks: Readonly<Record<string, Task>>,
  me: string,
  requested: string | null,
  awaiting: readonly string[],
): string | null {
  if (requested !== null && isMyModal(tasks[requested], me)) return requested;
  return awaiting.find((id) => isMyModal(tasks[id], me)) ?? null;
}

/** Awaited ids that can still open: unknown yet, or waiting in MODAL. */
export function pruneAwaiting(tasks: Readonly<Record<string, Task>>, awaiting: readonly string[]): string[] {
  return awaiting.filter((id) => tasks[id] === undefined || tasks[id].status === TaskStatus.Modal);
}

/**
 * How an editor ends: `'submitted'` when its input was sent; anything else (Escape, Cancel, the
 * dialog closed) abandons it, and its task is cancelled.
 */
export type EditorClose = (outcome?: 'submitted') => void;
