import { TERMINAL_TASK_STATUSES, TaskStatus } from '@draw/shared';

/**
 * How far along a task is; a task only ever moves to a higher rank (and, inside IN_PROGRESS, to
 * higher progress). The notify hook, the live feed and the replay tool all compare with this.
 *
 * - MODAL sits above NOT_START and below SUBMITTED: a modal action (remix prompt, vary region,
 *   custom zoom) is created waiting for input (upstream answer code 21) and is only queued once
 *   that input is submitted, so SUBMITTED always comes after it, never before.
 * - The three terminal statuses share the top rank: whichever arrives first wins, so a late,
 *   duplicated or contradicting terminal callback changes nothing.
 */
export const TASK_STATUS_RANK = {
  [TaskStatus.NotStart]: 0,
  [TaskStatus.Modal]: 1,
  [TaskStatus.Submitted]: 2,
  [TaskStatus.InProgress]: 3,
  [TaskStatus.Success]: 4,
  [TaskStatus.Failure]: 4,
  [TaskStatus.Cancel]: 4,
} as const satisfies Record<TaskStatus, number>;

export function statusRank(status: TaskStatus): number {
  return TASK_STATUS_RANK[status];
}

export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL_TASK_STATUSES.includes(status);
}

/** `"45%"` → 45. Upstream sends `""` on failure and may send garbage: that is `null`, not 0. */
export function parseProgress(text: string | null | undefined): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*%?\s*$/.exec(text ?? '');
  if (!match?.[1]) return null;
  return clampPercent(Number(match[1]));
}

export function formatProgress(percent: number): string {
  return `${clampPercent(percent)}%`;
}

export function clampPercent(percent: number): number {
  return Math.min(100, Math.max(0, Math.round(percent)));
}
