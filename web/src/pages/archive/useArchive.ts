import { ArchiveLimits, type ArchiveItem, type ArchiveQuery } from '@draw/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getLiveConnection } from '../../live/connection';
import { fetchArchivePage, setFavorite } from './archiveApi';
import { favoritesStore } from './favorites';

export type ArchiveFilters = Omit<ArchiveQuery, 'cursor' | 'limit'>;
export type LoadStatus = 'loading' | 'idle' | 'failed' | 'done';

/**
 * The archive's grid: pages loaded one after another by cursor (the filters start it afresh),
 * favourites toggled here and kept in step with the person's other devices.
 */
export function useArchive(filters: ArchiveFilters) {
  const [items, setItems] = useState<ArchiveItem[]>([]);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const cursor = useRef<string | null>(null);
  const generation = useRef(0);
  const busy = useRef(false);
  const key = JSON.stringify(filters);

  const loadMore = useCallback(
    async (fresh = false) => {
      if (busy.current && !fresh) return;
      const mine = fresh ? ++generation.current : generation.current;
      if (fresh) cursor.current = null;
      busy.current = true;
      setStatus('loading');
      try {
        const query: ArchiveQuery = {
          ...(JSON.parse(key) as ArchiveFilters),
          limit: ArchiveLimits.pageDefault,
          ...(cursor.current ? { cursor: cursor.current } : {}),
        };
        const page = await fetchArchivePage(query);
        if (mine !== generation.current) return;
        cursor.current = page.nextCursor;
        setItems((previous) => {
          const base = fresh ? [] : previous;
          const known = new Set(base.map((item) => item.task.id));
          return [...base, ...page.items.filter((item) => !known.has(item.task.id))];
        });
        setStatus(page.nextCursor ? 'idle' : 'done');
      } catch {
        if (mine === generation.current) setStatus('failed');
      } finally {
        if (mine === generation.current) busy.current = false;
      }
    },
    [key],
  );

  // New filters empty the grid at once (state adjusted during render, not in an effect).
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setItems([]);
  }

  useEffect(() => {
    void loadMore(true);
  }, [loadMore]);

  const applyFavorite = useCallback((taskId: string, favorite: boolean) => {
    favoritesStore.starred[taskId] = favorite;
    setItems((previous) => previous.map((item) => (item.task.id === taskId ? { ...item, favorite } : item)));
  }, []);

  // Stars set on another device (or tab) show here at once.
  useEffect(() => {
    const connection = getLiveConnection();
    connection.start();
    return connection.listen({ favorite: (change) => applyFavorite(change.taskId, change.favorite) });
  }, [applyFavorite]);

  const toggleFavorite = useCallback(
    async (item: ArchiveItem) => {
      const next = !item.favorite;
      applyFavorite(item.task.id, next);
      try {
        await setFavorite(item.task.id, next);
      } catch {
        applyFavorite(item.task.id, !next);
      }
    },
    [applyFavorite],
  );

  return {
    items,
    status,
    loadMore: () => loadMore(false),
    reload: () => loadMore(true),
    toggleFavorite,
    applyFavorite,
  };
}
