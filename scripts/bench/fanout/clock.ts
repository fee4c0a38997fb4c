/**
 * Milliseconds on the system's monotonic clock (CLOCK_MONOTONIC on Linux, via `process.hrtime`).
 * Every process on the machine reads the same clock, so a stamp taken in a server process and one
 * taken in a client process subtract exactly (sub-microsecond), unlike `Date.now()` (whole ms) or
 * `performance.timeOrigin` (each process pairs its own wall-clock reading with it).
 */
export const clockMs = (): number => Number(process.hrtime.bigint()) / 1e6;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Heap and RSS after the collector has run (the server processes run with --expose-gc). */
export interface MemorySample {
  heapUsed: number;
  external: number;
  rss: number;
}

export async function settledMemory(): Promise<MemorySample> {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect)
    throw new Error('run this process with --expose-gc: memory is measured after a full collection');
  // A few rounds: finalizers and weak callbacks free more on the next pass.
  for (let round = 0; round < 4; round++) {
    collect();
    await sleep(20);
  }
  const { heapUsed, external, rss } = process.memoryUsage();
  return { heapUsed, external, rss };
}

/** CPU milliseconds (user + system) this process has spent since `since`. */
export function cpuMsSince(since: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
}
