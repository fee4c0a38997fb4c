import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { loadChunk, preloadQuietly } from '../../lib/staleBuild';

/** Runs `work` when the browser is idle (after the first render), or soon where it has no idle callback. */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 5_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 0);
  return () => window.clearTimeout(id);
}

/**
 * A dialog whose code stays out of the initial bundle: it is fetched once the page is idle after
 * its first render (or at first open, whichever comes first). Until it first opens it renders
 * nothing (a closed dialog renders nothing either); once opened it stays mounted, so closing
 * animates and reopening behaves exactly as the eagerly imported dialog did.
 */
export function lazyWhenOpen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  // A failed fetch (offline) is forgotten, so the next open tries again.
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  // Opening it after a deploy removed its chunk reloads the page; the idle preload stays quiet.
  const Dialog = lazy(async () => ({ default: await loadChunk(preload) }));
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(false);
    if (!opened && isOpen(props)) setOpened(true);
    useEffect(() => whenIdle(() => void preloadQuietly(preload)), []);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
