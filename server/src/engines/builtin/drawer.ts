import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { EngineFailure, type EngineJob } from '../port';
import { drawJob, type Drawn } from './draw';
import type { DrawOutcome } from './draw-thread';
import { withBuffers } from './thread-buffers';

/** Where the built-in engine's pictures are made. */
export interface Drawer {
  draw(job: EngineJob): Promise<Drawn>;
}

/**
 * A drawing thread idles this long before it exits: a burst of tasks reuses it, a quiet server
 * gives its memory back.
 */
const THREAD_IDLE_MS = 30_000;

/**
 * With `threads` 0 the pictures are drawn on the calling thread. Otherwise they are drawn on up
 * to that many worker threads (piscina's pool), so the event loop that answers requests and
 * carries the live events never runs the pixel loops nor collects their garbage (measured in
 * docs/PERFORMANCE.md: the history bench's event-loop delay). Jobs beyond the threads wait in
 * the pool's queue; the runner's ENGINE_CONCURRENCY already bounds how many there are.
 */
export function drawerFor(threads: number): Drawer {
  if (threads === 0) return { draw: drawJob };
  const pool = new Piscina<EngineJob, DrawOutcome>({
    filename: threadEntry(),
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: THREAD_IDLE_MS,
  });
  return {
    async draw(job) {
      const outcome = withBuffers(await pool.run(job));
      if (!outcome.ok) throw new EngineFailure(outcome.failure.code, outcome.failure.params);
      return outcome.drawn;
    },
  };
}

/** The compiled thread beside the compiled server (server/dist), else the sources through tsx. */
function threadEntry(): string {
  const compiled = new URL('./draw-thread.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return compiled.href;
  return new URL('./draw-thread-source.mjs', import.meta.url).href;
}
