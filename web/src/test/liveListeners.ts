import type { LiveConnectionListener } from '../live/connection';

/**
 * The tab's live connection reduced to its listeners, for tests that play the server's notices:
 *
 *   vi.mock('…/live/connection', async (original) => ({
 *     ...(await original<typeof ConnectionModule>()),
 *     getLiveConnection: (await import('…/test/liveListeners')).fakeLiveConnection,
 *   }));
 *
 * then `tellListeners((l) => l.pauseChanged?.(…))`.
 */
const listeners = new Set<LiveConnectionListener>();

export function fakeLiveConnection() {
  return {
    listen(listener: LiveConnectionListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Calls every listening component's handler, as a notice from the server would. */
export function tellListeners(call: (listener: LiveConnectionListener) => void): void {
  listeners.forEach(call);
}
