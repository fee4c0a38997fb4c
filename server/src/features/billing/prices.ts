import { TaskAction } from '@draw/shared';

/**
 * What each task costs, in credits. A task that makes a new 2×2 grid (or repaints, extends or
 * blends) costs 2; picking one image out of a grid (upscale) and the text-only tasks cost 1.
 * A clip (Animate, Extend) is many frames of work: 4. Failed and cancelled tasks are refunded in full.
 */
export const TASK_PRICES: Readonly<Record<TaskAction, number>> = {
  [TaskAction.Imagine]: 2,
  [TaskAction.Variation]: 2,
  [TaskAction.Reroll]: 2,
  [TaskAction.Zoom]: 2,
  [TaskAction.Pan]: 2,
  [TaskAction.Inpaint]: 2,
  [TaskAction.Blend]: 2,
  [TaskAction.Upscale]: 1,
  [TaskAction.Describe]: 1,
  [TaskAction.Shorten]: 1,
  [TaskAction.Video]: 4,
};

export function priceOf(action: TaskAction): number {
  return TASK_PRICES[action] ?? 2;
}
