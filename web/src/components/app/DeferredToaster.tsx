import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import type { ToasterProps } from 'sonner';
import { loadChunk } from '../../lib/staleBuild';
import { loadToasts, onToastWanted, toastsWanted } from '../../lib/toastQueue';
import { whenIdle } from './lazyWhenOpen';

const Toaster = lazy(() => loadChunk(() => import('../ui/sonner')).then(({ Toaster }) => ({ default: Toaster })));

/**
 * The toasts' host, out of the first download: mounted once the page is idle after its first
 * render, or at the first toast if that comes sooner (`lib/notify.ts` queues it until sonner is in).
 */
export function DeferredToaster(props: Pick<ToasterProps, 'theme'>) {
  const wanted = useSyncExternalStore(onToastWanted, toastsWanted);
  const [idle, setIdle] = useState(false);
  useEffect(
    () =>
      whenIdle(() => {
        setIdle(true);
        void loadToasts();
      }),
    [],
  );
  if (!wanted && !idle) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
