import { Worker } from 'node:worker_threads';

export interface HealthReport {
  /** The slowest answer while the probe ran (a failed request counts as the time it took). */
  maxMs: number;
  p50Ms: number;
  p95Ms: number;
  answers: number;
  /** Requests that got no answer (refused, reset, timed out). */
  failures: number;
}

/**
 * Asks `/healthz` back to back (one at a time) and keeps the slowest answer. In a worker thread of
 * its own, so the attack's client side (in the test's thread) cannot delay or stretch the
 * measurement. The first request (a cold client: the worker's fetch, its connection) is not
 * counted; `ready` resolves once it is answered.
 */
export function healthProbe(origin: string) {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    let stopped = false, max = 0, answers = 0, failures = 0; const times = [];
    parentPort.on('message', () => { stopped = true; });
    const ask = async () => {
      const res = await fetch(workerData.origin + '/healthz', { signal: AbortSignal.timeout(10000) });
      await res.arrayBuffer();
    };
    (async () => {
      await ask().catch(() => undefined);
      parentPort.postMessage({ ready: true });
      while (!stopped) {
        const started = performance.now();
        try {
          await ask();
          answers += 1;
        } catch {
          failures += 1;
        }
        const ms = performance.now() - started;
        times.push(ms);
        max = Math.max(max, ms);
        await new Promise((r) => setTimeout(r, 20));
      }
      times.sort((a, b) => a - b);
      const at = (p) => Math.round((times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0) * 10) / 10;
      parentPort.postMessage({ maxMs: Math.round(max), p50Ms: at(0.5), p95Ms: at(0.95), answers, failures });
    })();
    `,
    { eval: true, workerData: { origin } },
  );
  const ready = new Promise<void>((resolve) => worker.once('message', () => resolve()));
  return {
    ready,
    async stop(): Promise<HealthReport> {
      await ready;
      const result = new Promise<HealthReport>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const answer = await result;
      await worker.terminate();
      return answer;
    },
  };
}
