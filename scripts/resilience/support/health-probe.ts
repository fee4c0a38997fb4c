import { Worker } from 'node:worker_threads';

/**
 * Asks `/healthz` back to back (one at a time) and keeps the slowest answer. In a worker thread of
 * its own, so the attack's client side (in the test's thread) cannot delay or stretch the
 * measurement.
 */
export function healthProbe(origin: string) {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    let stopped = false, max = 0, answers = 0;
    parentPort.on('message', () => { stopped = true; });
    (async () => {
      while (!stopped) {
        const started = performance.now();
        const res = await fetch(workerData.origin + '/healthz', { signal: AbortSignal.timeout(10000) });
        await res.arrayBuffer();
        max = Math.max(max, performance.now() - started);
        answers += 1;
        await new Promise((r) => setTimeout(r, 20));
      }
      parentPort.postMessage({ maxMs: Math.round(max), answers });
    })();
    `,
    { eval: true, workerData: { origin } },
  );
  return {
    async stop(): Promise<{ maxMs: number; answers: number }> {
      const result = new Promise<{ maxMs: number; answers: number }>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const answer = await result;
      await worker.terminate();
      return answer;
    },
  };
}
