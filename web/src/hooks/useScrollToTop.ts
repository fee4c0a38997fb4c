import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec §2: navigation scrolls to the top. */
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
}
