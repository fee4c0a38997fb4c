import type { toast as sonnerToast } from 'sonner';
import { loadQuietlyOnce } from './staleBuild';

export type Toast = typeof sonnerToast;

/**
 * Toasts come later than the first screen, so sonner stays out of the first download: the first
 * toast (or the page going idle, `components/app/DeferredToaster`) fetches it, and what was raised
 * meanwhile is raised in order once it is in (sonner shows toasts raised before its `Toaster`
 * mounted). A failed fetch (offline) keeps them waiting; the next toast tries again, quietly: a
 * toast never reloads the page the way a missing screen's chunk does.
 */
let toast: Toast | null = null;
const waiting: ((toast: Toast) => void)[] = [];
const demand = new Set<() => void>();
const fetchSonner = loadQuietlyOnce(async () => (await import('sonner')).toast);

/** Fetches sonner (once); resolves when it is in, or when the fetch failed. */
export async function loadToasts(): Promise<void> {
  toast ??= await fetchSonner();
  if (toast) for (const raise of waiting.splice(0)) raise(toast);
}

/** Whether a toast has been asked for (the toaster mounts then, if the page has not gone idle yet). */
export function toastsWanted(): boolean {
  return toast !== null || waiting.length > 0;
}

/** Called whenever a toast is raised before sonner is in. */
export function onToastWanted(listener: () => void): () => void {
  demand.add(listener);
  return () => demand.delete(listener);
}

export function raiseToast(show: (toast: Toast) => void): void {
  if (toast) {
    show(toast);
    return;
  }
  waiting.push(show);
  for (const listener of [...demand]) listener();
  void loadToasts();
}
