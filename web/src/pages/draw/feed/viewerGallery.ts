import { TaskAction, TaskStatus, type Task } from '@draw/shared';
import type { FeedItem } from './feedState';
import type { ViewerImage } from './ImageViewer';
import { clipOf, promptParts } from './taskView';

/** One image of the channel the viewer steps through: its task and who drew it. */
export interface GalleryEntry {
  task: Task;
  author: string;
}

const isResultImage = (task: Task) =>
  task.status === TaskStatus.Success &&
  Boolean(task.imageUrl) &&
  task.action !== TaskAction.Describe &&
  task.action !== TaskAction.Shorten;

/**
 * The loaded feed's finished images in feed order (oldest first), one per task, those an admin
 * hid left out: what ←/→ step through.
 */
export function galleryOf(items: readonly FeedItem[], isHidden: (taskId: string) => boolean): GalleryEntry[] {
  const seen = new Set<string>();
  const entries: GalleryEntry[] = [];
  for (const { message, task } of items) {
    if (!task || seen.has(task.id) || !isResultImage(task) || isHidden(task.id)) continue;
    seen.add(task.id);
    entries.push({ task, author: message.author.name });
  }
  return entries;
}

/** What the viewer shows for a task: its clip when it has one, else its image. */
export function viewerImageOf(task: Task, alt: string): ViewerImage {
  const clip = clipOf(task);
  if (clip)
    return {
      src: clip.src,
      alt,
      clip: clip.element,
      taskId: task.id,
      ...(clip.poster ? { poster: clip.poster } : {}),
    };
  return { src: task.imageUrl ?? '', alt, taskId: task.id };
}

/** The words a task's image is named by (its prompt without parameters). */
export const altOf = (task: Task, fallback: string) => promptParts(task).text || fallback;

/** Where a step from the entry `taskId` lands: another entry, or the edge it ran into. */
export type Step =
  { kind: 'moved'; taskId: string } | { kind: 'oldest' } | { kind: 'newest' } | { kind: 'outside' };

/** ← (-1, older) or → (+1, newer) from `taskId` through the gallery. */
export function stepThrough(gallery: readonly GalleryEntry[], taskId: string, direction: -1 | 1): Step {
  const index = gallery.findIndex((entry) => entry.task.id === taskId);
  if (index < 0) return { kind: 'outside' };
  const next = gallery[index + direction];
  if (next) return { kind: 'moved', taskId: next.task.id };
  return direction < 0 ? { kind: 'oldest' } : { kind: 'newest' };
}
