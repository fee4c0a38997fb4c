import { StorageKeys, type LoginAnswer, type UserInfo } from '@draw/shared';
import { api } from './api';
import { removeToken, setToken } from '../stores/auth';
import { endAccountSession, startAccountSession } from '../stores/session';
import { resetUserInfo, setUserInfo } from '../stores/userInfo';
import { call } from './http';
import { navigateTo } from './navigation';
import { storage } from './storage';

/** Set at the first sign-in in this browser and kept: the login screen greets a returning person. */
const SIGNED_IN_BEFORE = 'signedInBefore';

/** Whether someone has signed in in this browser before (so it offers the password, not sign-up). */
export function hasSignedInBefore(): boolean {
  // A token or user info from before this mark existed counts too.
  return [SIGNED_IN_BEFORE, StorageKeys.auth, StorageKeys.userInfo].some((key) => storage.get(key) !== null);
}

/** Keeps what a successful login answered: the token (until its expiry) and the user info. */
export function completeLogin(answer: LoginAnswer): void {
  setToken(answer.token, answer.expiresAt);
  storage.set(SIGNED_IN_BEFORE, true, null);
  applySignedInUser(answer.user);
}

/** A signed-in user's info from a login or a session refresh (their saved language and theme applied once). */
export function applySignedInUser(user: UserInfo): void {
  setUserInfo(user);
  startAccountSession(user);
}

/** Forgets the session locally (token, user info, session theme). */
export function clearSession(): void {
  removeToken();
  resetUserInfo();
  endAccountSession();
}

/** Logs out on the server (best effort), forgets the session and goes to the login screen. */
export async function logout(): Promise<void> {
  try {
    await call(api.login.logout);
  } catch {
    // The token is dropped locally whatever the server answered.
  }
  // Leave the protected screen first, so it does not add its own ?redirect= on the way out.
  await navigateTo('/login', { replace: true });
  clearSession();
}
