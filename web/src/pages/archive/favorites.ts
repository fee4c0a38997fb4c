import { ArchiveLimits } from '@draw/shared';
import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { api } from '../../lib/api';
import { call } from '../../lib/http';
import { getLiveConnection } from '../../live/connection';
import { setFavorite } from './archiveApi';

/**
 * The person's stars on the images the channel shows: asked for in batches as task cards appear
 * (one request for the cards of a tick), kept in step with their other devices.
 */
export const favoritesStore = proxy<{ starred: Record<string, boolean> }>({ starred: {} });

const pending = new Set<string>();
let flushTimer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

async function flush(): Promise<void> {
  flushTimer = null;
  const ids = [...pending].slice(0, ArchiveLimits.starLookupMax);
  for (const id of ids) pending.delete(id);
  if (pending.size > 0) flushTimer = setTimeout(() => void flush(), 0);
  if (ids.length === 0) return;
  try {
    const set = new Set(await call(api.archive.starredAmong, { body: { taskIds: ids } }));
    for (const id of ids)
      if (favoritesStore.starred[id] === undefined) favoritesStore.starred[id] = set.has(id);
  } catch {
    // Unknown stays unknown: the star shows as not set, and a click sets it.
  }
}

function listenOnce(): void {
  if (listening) return;
  listening = true;
  getLiveConnection().listen({
    favorite: ({ taskId, favorite }) => void (favoritesStore.starred[taskId] = favorite),
  });
}

/** Whether the person starred this image, asked for once. */
export function useStarred(taskId: string): boolean {
  const { starred } = useSnapshot(favoritesStore);
  const known = starred[taskId];
  useEffect(() => {
    listenOnce();
    if (favoritesStore.starred[taskId] !== undefined) return;
    pending.add(taskId);
    flushTimer ??= setTimeout(() => void flush(), 50);
  }, [taskId]);
  return known === true;
}

export async function toggleStar(taskId: string): Promise<void> {
  const next = !favoritesStore.starred[taskId];
  favoritesStore.starred[taskId] = next;
  try {
    await setFavorite(taskId, next);
  } catch {
    favoritesStore.starred[taskId] = !next;
  }
}
