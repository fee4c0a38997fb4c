import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The event loop's delay of every process of a server (a cluster's primary and each member), from
 * `loop-probe.mjs` loaded into each of them: one file per process, a line a second.
 */

const PROBE = path.join(path.dirname(new URL(import.meta.url).pathname), 'loop-probe.mjs');
const LINE_EVERY_MS = 1_000;

/** The environment that loads the probe into a server process and every process it forks, writing to `dir`. */
export function loopProbeEnv(dir: string): Record<string, string> {
  fs.mkdirSync(dir, { recursive: true });
  const inherited = process.env.NODE_OPTIONS ?? '';
  return {
    BENCH_LOOP_DIR: dir,
    NODE_OPTIONS: `${inherited} --import=${pathToFileURL(PROBE).href}`.trim(),
  };
}

export interface ProcessLoop {
  pid: number;
  /** The largest delay the process's event loop saw in the window, ms (NaN: it wrote nothing). */
  maxMs: number;
}

/**
 * Each process's largest delay over a window of `Date.now()` times. A line covers the second
 * before it was written; only the seconds wholly inside the window count (the one before it holds
 * the sockets' connections and the first requests after a start, which /metrics' window leaves out too).
 */
export function loopMaxima(dir: string, pids: number[], window: { from: number; to: number }): ProcessLoop[] {
  return pids.map((pid) => {
    const file = path.join(dir, `${pid}.txt`);
    if (!fs.existsSync(file)) return { pid, maxMs: Number.NaN };
    const delays = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(' ').map(Number) as [number, number])
      .filter(([at]) => at - LINE_EVERY_MS >= window.from && at <= window.to)
      .map(([, ms]) => ms);
    return { pid, maxMs: delays.length > 0 ? Math.max(...delays) : Number.NaN };
  });
}
