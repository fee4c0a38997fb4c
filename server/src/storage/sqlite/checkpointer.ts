import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** How often the worker copies the write-ahead log back into the database file. */
const CHECKPOINT_EVERY_MS = 500;
/** SQLite's own default: used again when the worker cannot run. */
const AUTOCHECKPOINT_PAGES = 1000;

/**
 * The worker's whole program, run from a string so the compiled server needs no second file. It
 * opens its own connection and checkpoints PASSIVE (never waits for, never blocks a writer).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db;
try {
  db = new Database(workerData.file, { fileMustExist: true });
  db.pragma('busy_timeout = 0');
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ failed: String(error && error.message || error) });
  process.exit(0);
}
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next round does it */ }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'stop') { clearInterval(timer); db.close(); process.exit(0); }
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Moves WAL checkpoints off the event loop. SQLite checkpoints inside the commit that crosses
 * 1,000 pages of log, so one write in a few hundred waits for the whole copy and its fsync: on a
 * slow disk that held the event loop for a tenth of a second (history bench). A worker thread with
 * its own connection checkpoints instead, and the server's connection stops doing it. Should the
 * worker not start (or stop), the connection checkpoints itself again, as SQLite does by default.
 */
export function startCheckpointer(db: Database.Database, file: string, onFailure: (reason: string) => void): Checkpointer {
  let worker: Worker | null = null;
  const fallBack = (reason: string) => {
    if (!db.open) return;
    db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    onFailure(reason);
  };
  try {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3'), everyMs: CHECKPOINT_EVERY_MS },
    });
  } catch (error) {
    fallBack(String(error));
    return { stop: async () => undefined };
  }
  const running = worker;
  running.unref();
  running.on('message', (message: { ready?: boolean; failed?: string }) => {
    if (message.ready && db.open) db.pragma('wal_autocheckpoint = 0');
    if (message.failed) fallBack(message.failed);
  });
  running.on('error', (error) => fallBack(error.message));
  let stopped = false;
  running.on('exit', () => {
    if (!stopped) fallBack('checkpoint worker exited');
  });
  return {
    async stop() {
      stopped = true;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.postMessage('stop');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      await running.terminate();
    },
  };
}
