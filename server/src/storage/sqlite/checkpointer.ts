import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer looks for commits to copy from the write-ahead log into the file. */
export const CHECKPOINT_EVERY_MS = 1_000;
/**
 * The writer's own checkpoint (`wal_autocheckpoint`, in pages), kept as a safety net: should the
 * thread fall behind or die, the log still stops growing at about 40 MiB.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;
/** How long a stop waits for the thread to close its connection before ending it. */
const STOP_GRACE_MS = 2_000;

/**
 * The thread's code, evaluated as CommonJS: the compiled server is one file per entry, so the
 * thread has no module of its own to load. It gets the driver's resolved path from the server.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const dataVersion = db.prepare('PRAGMA data_version').pluck();
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)').raw();
let seen = null;
let behind = false;
const timer = setInterval(() => {
  try {
    const version = dataVersion.get();
    if (version === seen && !behind) return;
    seen = version;
    const [, logged, copied] = checkpoint.get();
    behind = copied < logged;
  } catch (error) {
    behind = true;
    parentPort.postMessage({ failed: String(error && error.message) });
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Closes the thread's connection and ends it (before the writer closes its own). */
  stop(): Promise<void>;
}

export interface CheckpointerOptions {
  everyMs?: number;
  /** A checkpoint that failed (the next one tries again; the writer's fallback bounds the log). */
  onFailure?: (message: string) => void;
}

/**
 * Copies committed pages from the write-ahead log into the database file on a thread of its own,
 * with its own connection: SQLite's automatic checkpoint runs inside whichever commit crosses the
 * threshold, and held the event loop there for the copy and its disk syncs (the progress steps'
 * p99 in `npm run bench -- fanout`). A passive checkpoint waits for no reader or writer, and
 * changes nothing a reader sees: the writer's commits, and what they promise, are as before.
 */
export function startCheckpointer(file: string, options: CheckpointerOptions = {}): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { driver, file, everyMs: options.everyMs ?? CHECKPOINT_EVERY_MS },
  });
  // Never what keeps a process alive: the server's close stops it, and a process exiting ends it.
  worker.unref();
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed) options.onFailure?.(message.failed);
  });
  // A thread that cannot start (or dies) leaves the writer's own checkpoints to do the work.
  worker.on('error', (error) => options.onFailure?.(error.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopping: Promise<void> | null = null;
  return {
    stop() {
      stopping ??= (async () => {
        worker.postMessage('stop');
        const timer = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}
