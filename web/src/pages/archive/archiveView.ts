import { TaskAction, type Task } from '@draw/shared';
import type { TFunction } from 'i18next';

/** A clip (Animate, Extend): its still is the poster, its `videoUrl` what plays. */
export const isClip = (task: Task): boolean => task.action === TaskAction.Video && Boolean(task.videoUrl);

/** The built-in engine's clips are animated WebP, which an <img> plays; an upstream's are MP4, for <video>. */
export const playsInImage = (url: string): boolean => /\.webp$/i.test(url);

/** What made the image, as the cards call it: "Upscale (image 2)", "Vary (Region)", "Clip". */
export function actionNameOf(t: TFunction, task: Task): string {
  const index = task.properties.index;
  if (task.action === TaskAction.Upscale && index) return t('archive.upscaleOf', { index });
  if (task.action === TaskAction.Variation && index) return t('archive.variationOf', { index });
  return t(`archive.action.${task.action}`);
}

/** The words under an image: its prompt, or for a blend without one what it mixed. */
export function captionOf(t: TFunction, task: Task): string {
  if (task.prompt.trim()) return task.prompt;
  if (task.action === TaskAction.Blend)
    return t('archive.blendCaption', { count: task.properties.referenceUrls?.length ?? 2 });
  return actionNameOf(t, task);
}

/** Width over height of the still (square when unknown, as tasks stored before sizes were kept). */
export function aspectOf(task: Task): number {
  const { width, height } = task.properties;
  if (!width || !height) return 1;
  // Bounded so one panorama cannot take a whole row, nor a sliver vanish.
  return Math.min(Math.max(width / height, 0.4), 2.5);
}
