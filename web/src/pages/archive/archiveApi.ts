import {
  archiveZipName,
  type ArchiveFamily,
  type ArchiveItem,
  type ArchivePage,
  type ArchiveQuery,
  type Channel,
  type FavoriteChange,
} from '@draw/shared';
import { api } from '../../lib/api';
import { call, download, HttpError } from '../../lib/http';

/** The archive routes (shared/src/routes/archive.ts); every failure throws `HttpError`. */
const routes = api.archive;

export function fetchArchivePage(query: ArchiveQuery, signal?: AbortSignal): Promise<ArchivePage> {
  return call(routes.page, { query, signal });
}

export const setFavorite = (taskId: string, favorite: boolean): Promise<FavoriteChange> =>
  favorite ? call(routes.star, { params: { taskId } }) : call(routes.unstar, { params: { taskId } });

/** The image's family; null when spec §8 hands the failure back unshown (404/500 at HTTP 200). */
export async function fetchFamily(taskId: string): Promise<ArchiveFamily | null> {
  try {
    return await call(routes.family, { params: { taskId } });
  } catch (error) {
    if (error instanceof HttpError && !error.shown) return null;
    throw error;
  }
}

export const fetchChannels = (): Promise<Channel[]> => call(api.channels.list);

export async function fetchSeed(taskId: string): Promise<string | null> {
  const answer = await call(api.tasks.imageSeed, { params: { id: taskId } });
  return typeof answer.seed === 'string' ? answer.seed : null;
}

/** Saves the ZIP of these images, named from their prompts as the server names it. */
export async function downloadZip(items: readonly ArchiveItem[]): Promise<void> {
  const taskIds = items.map((item) => item.task.id);
  const blob = await download(routes.zip, { body: { taskIds } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = archiveZipName(
    items.map((item) => item.task.prompt),
    new Date().toISOString().slice(0, 10),
  );
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
