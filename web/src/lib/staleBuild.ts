/**
 * After a deploy, a page still running the previous build asks for chunks whose hashed names are
 * gone. One reload fetches the new index.html and its chunks. A mark in sessionStorage stops a
 * chunk that fails on the fresh page too from reloading in a loop: then the error reaches the
 * route's error screen (RouteErrorScreen), which says so and offers a reload button.
 */
const RELOADED_AT = 'drawspace:stale-build-reload';
/** A second failure this soon after the recovery reload means reloading does not help. */
const LOOP_WINDOW_MS = 30_000;

let reloading = false;

/** The browsers' messages for a dynamic import or a preload that could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i.test(error.message);
}

/** Reloads the page once per loop window; false when it already did (or cannot tell). */
export function reloadForNewBuild(now = Date.now()): boolean {
  if (reloading) return true;
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (now - last < LOOP_WINDOW_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(now));
  } catch {
    // Without storage there is no loop guard, so no automatic reload either.
    return false;
  }
  reloading = true;
  window.location.reload();
  return true;
}

/** A lazy chunk's import that reloads the page instead of failing when the build changed. */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    // The page is going away: stay suspended (its fallback) rather than flash an error.
    if (isChunkLoadError(error) && reloadForNewBuild()) return new Promise<T>(() => undefined);
    throw error;
  });
}

/** Vite reports a chunk's dependencies (CSS, preloaded JS) that failed to load with this event. */
export function reloadOnPreloadError(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForNewBuild()) event.preventDefault();
  });
}
