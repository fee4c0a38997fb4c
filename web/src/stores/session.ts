import type { Theme } from '@draw/shared';
import { proxy } from 'valtio';

/** What the last session refresh (GET /api/home/index) said; not persisted. */
export interface SessionState {
  /** The user's theme from the session; null until a signed-in session is known. */
  theme: Theme | null;
}

export const sessionStore = proxy<SessionState>({ theme: null });

export function setSessionTheme(theme: Theme | null): void {
  sessionStore.theme = theme;
}
