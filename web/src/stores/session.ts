import { LANGUAGES, Theme, type UserInfo } from '@draw/shared';
import { proxy } from 'valtio';
import { setLanguage, setTheme } from './appSetting';

/** What the last session refresh (GET /api/home/index) said; not persisted. */
export interface SessionState {
  /** The user's theme from the session; null until a signed-in session is known. */
  theme: Theme | null;
}

export const sessionStore = proxy<SessionState>({ theme: null });

export function setSessionTheme(theme: Theme | null): void {
  sessionStore.theme = theme;
}

/** Whose saved preferences this page has applied; once per sign-in or page load, so later refreshes never undo a choice made since. */
let preferencesAppliedFor: string | null = null;

/**
 * A signed-in session is known (sign-in, or the session restored on load). The account's saved
 * language and theme follow the person: they replace this device's settings, once. An `auto`
 * account theme is also what an account that never chose has, so it leaves the device's theme.
 */
export function startAccountSession(user: Pick<UserInfo, 'id' | 'theme' | 'language'>): void {
  setSessionTheme(user.theme ?? null);
  if (!user.id || preferencesAppliedFor === user.id) return;
  preferencesAppliedFor = user.id;
  if (user.theme === Theme.Light || user.theme === Theme.Dark) setTheme(user.theme);
  if (user.language && LANGUAGES.includes(user.language)) setLanguage(user.language);
}

/** The session ended (log out, token refused): the next sign-in applies its account's preferences again. */
export function endAccountSession(): void {
  setSessionTheme(null);
  preferencesAppliedFor = null;
}
