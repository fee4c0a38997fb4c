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
/** Preloads in flight that nobody waits for (see `preloadQuietly`). */
let quietLoads = 0;

/** The browsers' messages for a dynamic import or a preload that could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i.test(
    error.message,
  );
}

/** How often a page whose server did not answer asks again before reloading. */
export const SERVER_RETRY_MS = 2_000;

/** Whether the server answers for the page itself (a chunk can fail because it is down). */
async function serverAnswers(): Promise<boolean> {
  try {
    // The page's own shell, as the reload will ask for it (a small file, never cached).
    return (await fetch('/', { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/**
 * Reloads once the server answers: a chunk that failed because the server is down (a restart, a
 * lost network) must not send the page to the browser's own error screen; it waits, as the live
 * connection does, and reloads when the server is back.
 */
async function reloadWhenServerAnswers(): Promise<void> {
  while (!(await serverAnswers())) await new Promise((resolve) => setTimeout(resolve, SERVER_RETRY_MS));
  try {
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    // Checked before deciding to reload; nothing more to guard here.
  }
  window.location.reload();
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
  void reloadWhenServerAnswers();
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

/**
 * A fetch ahead of need (a dialog's code while the page is idle): if it fails, nothing happens.
 * Vite reports every failed dynamic import as `vite:preloadError`, this one too, and a page that
 * reloaded itself for it would do so under the person's hands after a deploy; the open that
 * needs the chunk goes through `loadChunk`, which reloads then.
 */
export async function preloadQuietly(load: () => Promise<unknown>): Promise<void> {
  quietLoads += 1;
  try {
    await load();
  } catch {
    // The open that needs it will try again (through loadChunk).
  } finally {
    quietLoads -= 1;
  }
}

/**
 * `preloadQuietly` of a module part, fetched once and shared: resolves to what `load` gave, or to
 * null when the fetch failed, which is forgotten, so the next call tries again.
 */
export function loadQuietlyOnce<T>(load: () => Promise<T>): () => Promise<T | null> {
  let loading: Promise<T | null> | null = null;
  return () =>
    (loading ??= (async () => {
      let loaded: T | null = null;
      await preloadQuietly(async () => {
        loaded = await load();
      });
      if (loaded === null) loading = null;
      return loaded;
    })());
}

/**
 * Vite reports a chunk or one of its dependencies (CSS, preloaded JS) that failed to load with
 * this event. While a quiet preload is in flight it is left alone: a load that someone waits for
 * goes through `loadChunk`, which recovers by itself. The error is not swallowed: a swallowed one
 * makes the import answer `undefined`, which would break the screen while the reload waits for
 * the server; thrown, it reaches `loadChunk`, which keeps the screen suspended until the reload.
 */
export function reloadOnPreloadError(): void {
  window.addEventListener('vite:preloadError', () => {
    if (quietLoads > 0) return;
    reloadForNewBuild();
  });
}
