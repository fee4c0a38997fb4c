import { useSyncExternalStore } from 'react';
import { Ui } from '@draw/shared';

/** Whether the media query matches now; follows changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Spec §9: mobile is under 640 px. */
export const MOBILE_QUERY = `(max-width: ${Ui.mobileBreakpoint - 0.02}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
