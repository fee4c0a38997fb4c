import { StorageKeys } from '@draw/shared';
import { proxy } from 'valtio';
import { storage } from '../lib/storage';

export interface AuthState {
  token: string | null;
}

/** The session token. Persisted under `StorageKeys.auth` until the token's own expiry. */
export const authStore = proxy<AuthState>({ token: storage.get<string>(StorageKeys.auth) });

/** The current token, or null when absent or expired (re-read from storage so expiry applies). */
export function getToken(): string | null {
  const token = storage.get<string>(StorageKeys.auth);
  if (authStore.token !== token) authStore.token = token;
  return token;
}

/**
 * Saves the token. `expiresAt` (epoch ms, `LoginAnswer.expiresAt`) bounds the stored entry;
 * without it the generic 7-day default applies.
 */
export function setToken(token: string, expiresAt?: number | null): void {
  if (typeof expiresAt === 'number') storage.setUntil(StorageKeys.auth, token, expiresAt);
  else storage.set(StorageKeys.auth, token);
  authStore.token = token;
}

export function removeToken(): void {
  storage.remove(StorageKeys.auth);
  authStore.token = null;
}
