import { useEffect, useState, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { preloadQuietly } from '../../lib/staleBuild';
import { loadToasts, onToastWanted, toastsWanted } from '../../lib/toastQueue';
import { whenIdle } from './lazyWhenOpen';

type Toaster = ComponentType<ToasterProps>;

let loadedToaster: Toaster | null = null;
let loadingToaster: Promise<void> | null = null;

/**
 * Fetches the toaster's code (once), quietly: a fetch that fails (the server restarting, the
 * network gone) is forgotten, and the next toast or idle moment tries again. It never goes through
 * the stale-build reload, which would reload the page under the person once the server is back.
 */
function loadToaster(): Promise<void> {
  loadingToaster ??= preloadQuietly(async () => {
    loadedToaster = (await import('../ui/sonner')).Toaster;
  }).then(() => {
    if (!loadedToaster) loadingToaster = null;
  });
  return loadingToaster;
}

/**
 * The toasts' host, out of the first download: mounted once the page is idle after its first
 * render, or at the first toast if that comes sooner (`lib/toastQueue.ts` holds it until sonner is in).
 */
export function DeferredToaster(props: Pick<ToasterProps, 'theme'>) {
  const [Toaster, setToaster] = useState<Toaster | null>(() => loadedToaster);
  useEffect(() => {
    if (Toaster) return;
    let mounted = true;
    const load = () =>
      void loadToaster().then(() => {
        if (mounted && loadedToaster) setToaster(() => loadedToaster);
      });
    const stopIdle = whenIdle(() => {
      void loadToasts();
      load();
    });
    const stopDemand = onToastWanted(load);
    if (toastsWanted()) load();
    return () => {
      mounted = false;
      stopIdle();
      stopDemand();
    };
  }, [Toaster]);
  return Toaster ? <Toaster {...props} /> : null;
}
