// Loaded into every server process by the history bench (NODE_OPTIONS=--import=<this file>), so a
// cluster's primary and each of its members report their own event loop's delay. /metrics cannot:
// with WORKERS>1 a scrape reaches whichever member the connection was handed to, and says not which.
// Plain JavaScript: the compiled server runs without tsx.
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const dir = process.env.BENCH_LOOP_DIR;
// The server's worker threads (the store's checkpoints) share the pid and have a loop of their own.
if (dir && isMainThread) {
  // The same monitor and resolution as prom-client's nodejs_eventloop_lag_max_seconds.
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const file = path.join(dir, `${process.pid}.txt`);
  // One line a second: when it was written, and the largest delay (ms) since the previous line.
  const timer = setInterval(() => {
    fs.appendFileSync(file, `${Date.now()} ${(histogram.max / 1e6).toFixed(3)}\n`);
    histogram.reset();
  }, 1_000);
  timer.unref();
}
