import { StorageKeys, Theme, type UserInfo } from '@draw/shared';
import { proxy, snapshot } from 'valtio';
import { storage } from '../lib/storage';

/** Spec §3: defaults when the user info is absent. */
export const DEFAULT_AVATAR = '/discord256.png';
export const DEFAULT_USER_NAME = 'Midjourney';
export const DEFAULT_DESCRIPTION = '在线';

export function defaultUserInfo(): UserInfo {
  return {
    id: '',
    avatar: DEFAULT_AVATAR,
    phone: '',
    email: '',
    name: DEFAULT_USER_NAME,
    description: DEFAULT_DESCRIPTION,
    nijiRemix: false,
    mjRemix: false,
    theme: Theme.Dark,
    isAdmin: false,
  };
}

function withDefaults(info: Partial<UserInfo> | null): UserInfo {
  const merged = { ...defaultUserInfo(), ...(info ?? {}) };
  // Empty strings from the server fall back to the defaults too.
  if (!merged.avatar) merged.avatar = DEFAULT_AVATAR;
  if (!merged.name) merged.name = DEFAULT_USER_NAME;
  if (!merged.description) merged.description = DEFAULT_DESCRIPTION;
  return merged;
}

/** The signed-in user's info, persisted under `StorageKeys.userInfo` (generic 7-day expiry). */
export const userInfoStore = proxy<UserInfo>(
  withDefaults(storage.get<Partial<UserInfo>>(StorageKeys.userInfo)),
);

/** Merges `info` into the store and saves it. */
export function setUserInfo(info: Partial<UserInfo>): void {
  Object.assign(userInfoStore, withDefaults({ ...snapshot(userInfoStore), ...stripAuth(info) }));
  storage.set(StorageKeys.userInfo, snapshot(userInfoStore));
}

export function resetUserInfo(): void {
  Object.assign(userInfoStore, defaultUserInfo());
  storage.remove(StorageKeys.userInfo);
}

/** A session answer carries `auth` too; it is not part of the user info. */
function stripAuth(info: Partial<UserInfo> & { auth?: unknown }): Partial<UserInfo> {
  const rest: Partial<UserInfo> & { auth?: unknown } = { ...info };
  delete rest.auth;
  return rest;
}
