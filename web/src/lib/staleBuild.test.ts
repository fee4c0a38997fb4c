// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const reload = vi.fn();

const serverUp = vi.fn(async () => new Response(null, { status: 200 }));

beforeEach(() => {
  vi.resetModules();
  sessionStorage.clear();
  reload.mockReset();
  serverUp.mockClear();
  vi.stubGlobal('location', { ...window.location, reload });
  vi.stubGlobal('fetch', serverUp);
});
afterEach(() => vi.unstubAllGlobals());

const load = () => import('./staleBuild');
const gone = () =>
  Promise.reject(
    new TypeError('Failed to fetch dynamically imported module: http://x/assets/LoginPage-abc.js'),
  );

describe('stale build recovery', () => {
  it('reloads once when a lazy chunk of the previous build is gone, and stays suspended meanwhile', async () => {
    const { loadChunk } = await load();
    let settled = false;
    void loadChunk(gone).then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(settled).toBe(false);
  });

  it('does not reload in a loop: a chunk still missing after the reload is an error the page shows', async () => {
    sessionStorage.setItem('drawspace:stale-build-reload', String(Date.now()));
    const { loadChunk } = await load();
    await expect(loadChunk(gone)).rejects.toThrow('dynamically imported module');
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads again for a later deploy, once the loop window has passed', async () => {
    sessionStorage.setItem('drawspace:stale-build-reload', String(Date.now() - 60_000));
    const { reloadForNewBuild } = await load();
    expect(reloadForNewBuild()).toBe(true);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('waits for a server that is down instead of reloading into the browser’s error page', async () => {
    vi.useFakeTimers();
    try {
      let up = false;
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          up ? new Response(null, { status: 200 }) : Promise.reject(new TypeError('Failed to fetch')),
        ),
      );
      const { reloadForNewBuild, SERVER_RETRY_MS } = await load();
      expect(reloadForNewBuild()).toBe(true);
      await vi.advanceTimersByTimeAsync(SERVER_RETRY_MS * 5);
      expect(reload).not.toHaveBeenCalled();
      up = true;
      await vi.advanceTimersByTimeAsync(SERVER_RETRY_MS);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets other failures through untouched', async () => {
    const { loadChunk } = await load();
    await expect(loadChunk(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(reload).not.toHaveBeenCalled();
  });

  it('answers Vite’s preload error by reloading, the failed import staying suspended until then', async () => {
    const { loadChunk, reloadOnPreloadError } = await load();
    reloadOnPreloadError();
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    // Not swallowed (a swallowed error makes the import answer undefined): it reaches loadChunk.
    expect(event.defaultPrevented).toBe(false);
    let settled = false;
    void loadChunk(gone).then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(settled).toBe(false);
  });

  it('leaves a failed preload nobody waits for alone: no reload while it is in flight, and the next open still recovers', async () => {
    const { loadChunk, preloadQuietly, reloadOnPreloadError } = await load();
    reloadOnPreloadError();
    const gone = new TypeError('Failed to fetch dynamically imported module: /assets/Dialog-old.js');
    await preloadQuietly(() => {
      const event = new Event('vite:preloadError', { cancelable: true });
      window.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
      return Promise.reject(gone);
    });
    expect(reload).not.toHaveBeenCalled();
    void loadChunk(() => Promise.reject(gone));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
