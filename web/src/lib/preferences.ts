import type { Language, Theme, UpdateUserInfoRequest } from '@draw/shared';
import { api } from './api';
import { setLanguage, setTheme } from '../stores/appSetting';
import { getToken } from '../stores/auth';
import { setSessionTheme } from '../stores/session';
import { call } from './http';

/** Best effort: keeps the account's copy of a preference in step (the local setting already changed). */
function syncToAccount(change: UpdateUserInfoRequest): void {
  if (!getToken()) return;
  call(api.home.updateInfo, { body: change }).catch(() => undefined);
}

/**
 * Changes the theme setting (saved at once) and the account's theme, so that the session's theme
 * agrees with what the user picked (an `auto` session theme follows the system).
 */
export function changeTheme(theme: Theme): void {
  setTheme(theme);
  if (getToken()) setSessionTheme(theme);
  syncToAccount({ theme });
}

/** Changes the language (saved only when it changes) and tells the account. */
export function changeLanguage(language: Language, current: Language): void {
  if (language === current) return;
  setLanguage(language);
  syncToAccount({ language });
}
