import { Ui } from '@draw/shared';

/** What is written under each key: the value and when it stops being valid (epoch ms, null = never). */
export interface StorageEntry<T> {
  data: T;
  expire: number | null;
}

export const DEFAULT_EXPIRE_SECONDS = Ui.storageDefaultExpirySeconds;

/** The browser's localStorage, or null where there is none (server-side code, plain node tests). */
function store(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

function isEntry(value: unknown): value is StorageEntry<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return 'data' in entry && (entry.expire === null || typeof entry.expire === 'number');
}

/**
 * Stores `value` under `key`. `expireSeconds` defaults to 7 days; `null` keeps the entry forever.
 */
export function set<T>(key: string, value: T, expireSeconds: number | null = DEFAULT_EXPIRE_SECONDS): void {
  const expire = expireSeconds === null ? null : Date.now() + expireSeconds * 1000;
  setUntil(key, value, expire);
}

/** Stores `value` under `key` until the given epoch ms (`null` = never). */
export function setUntil<T>(key: string, value: T, expireAt: number | null): void {
  const entry: StorageEntry<T> = { data: value, expire: expireAt };
  store()?.setItem(key, JSON.stringify(entry));
}

/** The stored value, or null when absent, unreadable or expired (an expired entry is removed). */
export function get<T>(key: string): T | null {
  const raw = store()?.getItem(key) ?? null;
  if (raw === null) return null;
  let entry: unknown;
  try {
    entry = JSON.parse(raw);
  } catch {
    remove(key);
    return null;
  }
  if (!isEntry(entry)) {
    remove(key);
    return null;
  }
  if (entry.expire !== null && entry.expire <= Date.now()) {
    remove(key);
    return null;
  }
  return entry.data as T;
}

export function remove(key: string): void {
  store()?.removeItem(key);
}

export const storage = { get, set, setUntil, remove };
