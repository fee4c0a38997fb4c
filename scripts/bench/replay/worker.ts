import { openDatabase } from '../../../server/src/storage/sqlite/driver';
import { embeddedFileOf } from '../../../server/src/storage/embedded';
import { replayFromSource } from '../../ops/replay';
import { openReadSource } from '../../ops/source';

/**
 * One measurement in its own process, so its peak memory is its own and nothing the bench
 * generated is still on its heap: `node --import tsx worker.ts <replay|parse> <dataDir>`.
 * Prints one JSON line (WorkerResult). Loading modules is not timed: only the work is.
 */

export const WorkerMode = { replay: 'replay', parse: 'parse' } as const;
export type WorkerMode = (typeof WorkerMode)[keyof typeof WorkerMode];

export interface WorkerResult {
  mode: WorkerMode;
  seconds: number;
  /** user + system CPU time of the timed part: less sensitive than wall time to a busy machine. */
  cpuSeconds: number;
  events: number;
  /** Peak resident set size of the whole process (kernel's maxrss). */
  peakRssBytes: number;
  /** replay only: the summary, problems cut to the first few. */
  replay?: {
    channels: number;
    tasksRebuilt: number;
    messagesRebuilt: number;
    illegalTransitions: number;
    differences: number;
    problemCount: number;
    firstProblems: string[];
  };
}

/** The baseline: read every event of the log from the store and JSON.parse it, nothing else (no machine, no state). */
function parseEveryEvent(dataDir: string): number {
  const db = openDatabase(embeddedFileOf(dataDir), { readonly: true });
  try {
    let events = 0;
    for (const text of db
      .prepare('SELECT json(doc) FROM events')
      .pluck()
      .iterate() as IterableIterator<string>) {
      if ((JSON.parse(text) as { seq?: unknown }).seq !== undefined) events += 1;
    }
    return events;
  } finally {
    db.close();
  }
}

async function measure(mode: WorkerMode, dataDir: string): Promise<WorkerResult> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let events = 0;
  let replay: WorkerResult['replay'];
  if (mode === WorkerMode.parse) {
    events = parseEveryEvent(dataDir);
  } else {
    // Exactly what `npm run ops -- replay` does with the embedded store, after the process started.
    const source = await openReadSource({ MONGODB_URI: '', DATA_DIR: dataDir });
    try {
      const report = await replayFromSource(source);
      events = report.eventsRead;
      replay = {
        channels: report.channels,
        tasksRebuilt: report.tasksRebuilt,
        messagesRebuilt: report.messagesRebuilt,
        illegalTransitions: report.illegalTransitions,
        differences: report.differences,
        problemCount: report.problems.length,
        firstProblems: report.problems
          .slice(0, 5)
          .map((p) => `${p.kind} in ${p.channelId}@${p.seq ?? '-'}: ${p.detail}`),
      };
    } finally {
      await source.close();
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    mode,
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    events,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    replay,
  };
}

const [mode, dataDir] = process.argv.slice(2);
if ((mode !== WorkerMode.replay && mode !== WorkerMode.parse) || !dataDir) {
  console.error('usage: worker.ts <replay|parse> <dataDir>');
  process.exit(2);
}
measure(mode, dataDir).then(
  (result) => {
    console.log(JSON.stringify(result));
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
