import { useEffect, useState, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { loadQuietlyOnce } from '../../lib/staleBuild';
import { loadToasts, onToastWanted, toastsWanted } from '../../lib/toastQueue';
import { whenIdle } from './lazyWhenOpen';

type Toaster = ComponentType<ToasterProps>;

/**
 * The toaster's code, fetched quietly: a fetch that fails (the server restarting, the network
 * gone) is tried again at the next toast or idle moment, never through the stale-build reload,
 * which would reload the page under the person once the server is back.
 */
const fetchToaster = loadQuietlyOnce(async (): Promise<Toaster> => (await import('../ui/sonner')).Toaster);

/**
 * The toasts' host, out of the first download: mounted once the page is idle after its first
 * render, or at the first toast if that comes sooner (`lib/toastQueue.ts` holds it until sonner is in).
 */
export function DeferredToaster(props: Pick<ToasterProps, 'theme'>) {
  const [Toaster, setToaster] = useState<Toaster | null>(null);
  useEffect(() => {
    if (Toaster) return;
    let mounted = true;
    const load = () =>
      void fetchToaster().then((loaded) => {
        if (mounted && loaded) setToaster(() => loaded);
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
