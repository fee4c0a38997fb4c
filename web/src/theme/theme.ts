import { Theme } from '@draw/shared';

export const PREFERS_DARK_QUERY = '(prefers-color-scheme: dark)';

export interface ThemeInputs {
  /** The app setting: auto, light or dark. */
  setting: Theme;
  /** The theme the last session refresh reported, or null when there is no signed-in session. */
  sessionTheme: Theme | null;
  /** Whether the system asks for a dark scheme. */
  systemPrefersDark: boolean;
}

/**
 * Whether the app is dark (spec §4):
 * - setting dark → dark; setting light → light;
 * - setting auto → the session's theme decides: light if light, dark if dark;
 * - setting auto with no session theme (or a session theme that is itself auto) → the system preference.
 */
export function resolveIsDark({ setting, sessionTheme, systemPrefersDark }: ThemeInputs): boolean {
  if (setting === Theme.Dark) return true;
  if (setting === Theme.Light) return false;
  if (sessionTheme === Theme.Light) return false;
  if (sessionTheme === Theme.Dark) return true;
  return systemPrefersDark;
}

/** Puts or removes the `dark` class on the document element. */
export function applyDarkClass(isDark: boolean, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', isDark);
  root.style.colorScheme = isDark ? 'dark' : 'light';
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PREFERS_DARK_QUERY).matches;
}

/** Calls `listener` whenever the system preference changes; returns the unsubscribe function. */
export function watchSystemPreference(listener: (prefersDark: boolean) => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(PREFERS_DARK_QUERY);
  const onChange = (event: MediaQueryListEvent) => listener(event.matches);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
