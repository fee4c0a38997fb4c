import type { ArchiveFamily, ArchivePage, ArchiveQuery, Channel, FavoriteChange } from '@draw/shared';
import { downloadFile, http } from '../../lib/http';

/** The archive routes (shared/src/archive.ts). 404/500 envelopes come back raw: checked here. */
const isPage = (value: unknown): value is ArchivePage => typeof value === 'object' && value !== null && Array.isArray((value as ArchivePage).items);

export async function fetchArchivePage(query: ArchiveQuery, signal?: AbortSignal): Promise<ArchivePage> {
  const answer = await http.get<unknown>('/api/archive', { params: { ...query }, signal });
  if (!isPage(answer)) throw new Error('archive page missing');
  return answer;
}

export const setFavorite = (taskId: string, favorite: boolean) =>
  favorite ? http.put<FavoriteChange>(`/api/archive/favorite/${taskId}`) : http.delete<FavoriteChange>(`/api/archive/favorite/${taskId}`);

export async function fetchFamily(taskId: string): Promise<ArchiveFamily | null> {
  const answer = await http.get<ArchiveFamily | { success: false }>(`/api/archive/task/${taskId}/family`);
  return 'item' in answer ? answer : null;
}

export const fetchChannels = () => http.get<Channel[]>('/api/draw/channels');

export async function fetchSeed(taskId: string): Promise<string | null> {
  const answer = await http.get<{ seed?: unknown }>(`/api/mj/task/${taskId}/image-seed`);
  return typeof answer?.seed === 'string' ? answer.seed : null;
}

/** Saves the ZIP of these images under the name the server gave it. */
export async function downloadZip(taskIds: string[]): Promise<void> {
  const blob = await downloadFile('/api/archive/zip', { taskIds });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `drawspace-archive-${new Date().toISOString().slice(0, 10)}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
