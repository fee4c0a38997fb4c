import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { HttpError } from '../../../lib/http';

/** Whether a moderation pause (epoch ms) is still running. */
export function pausedNow(until: number | null): boolean {
  return until !== null && until > Date.now();
}

/** What a failed call says: the envelope's message (the server's words, in the reader's language). */
export function failureText(error: unknown): string {
  if (error instanceof HttpError || error instanceof Error) return error.message;
  return String(error);
}

export interface Loaded<T> {
  data: T | null;
  /** The failure's message, shown in place (the call is silent: no toast). */
  error: string | null;
  loading: boolean;
  reload: () => void;
  /** Replaces the data after a write answered the new state. */
  setData: (data: T) => void;
}

interface Settled<T> {
  /** Which request this is the answer to. */
  request: string;
  data: T | null;
  error: string | null;
}

/**
 * Runs `load` now and whenever `key` changes; a newer load wins over an older one. While a load
 * runs the previous data stays (a table keeps its rows while the next page comes).
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  const request = `${key}#${attempt}`;
  const [settled, setSettled] = useState<Settled<T>>({ request: '', data: null, error: null });
  const run = useEffectEvent(load);

  useEffect(() => {
    let current = true;
    run().then(
      (data) => current && setSettled({ request, data, error: null }),
      (failure: unknown) =>
        current && setSettled((before) => ({ request, data: before.data, error: failureText(failure) })),
    );
    return () => {
      current = false;
    };
  }, [request]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((data: T) => setSettled((before) => ({ ...before, data })), []);
  const done = settled.request === request;
  return { data: settled.data, error: done ? settled.error : null, loading: !done, reload, setData };
}

export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

export interface Paged<T> extends Loaded<CursorPage<T>> {
  items: T[];
  pageNumber: number;
  hasPrev: boolean;
  hasNext: boolean;
  next: () => void;
  prev: () => void;
  /** Puts a changed row in place (matched by `same`). */
  replace: (row: T, same: (a: T, b: T) => boolean) => void;
}

/**
 * A list read page by page with the server's opaque cursors: the cursors of the pages already
 * seen are kept so that 上一页 goes back; a new `key` (filters) starts again at the first page.
 */
export function usePaged<T>(
  loadPage: (cursor: string | undefined) => Promise<CursorPage<T>>,
  key: string,
): Paged<T> {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [keyOfCursors, setKeyOfCursors] = useState(key);
  if (keyOfCursors !== key) {
    setKeyOfCursors(key);
    setCursors([undefined]);
  }
  const cursor = cursors[cursors.length - 1];
  const loaded = useLoad(() => loadPage(cursor), `${key}|${cursors.length}|${cursor ?? ''}`);
  const nextCursor = loaded.data?.nextCursor ?? null;
  return {
    ...loaded,
    items: loaded.data?.items ?? [],
    pageNumber: cursors.length,
    hasPrev: cursors.length > 1,
    hasNext: nextCursor !== null,
    next: () => nextCursor && setCursors((seen) => [...seen, nextCursor]),
    prev: () => setCursors((seen) => (seen.length > 1 ? seen.slice(0, -1) : seen)),
    replace: (row, same) => {
      if (!loaded.data) return;
      loaded.setData({
        ...loaded.data,
        items: loaded.data.items.map((item) => (same(item, row) ? row : item)),
      });
    },
  };
}
