import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { replayFromSource } from '../ops/replay';
import { openReadSource } from '../ops/source';
import { migrateNedbFolder } from '../../server/src/storage/migrate-nedb';
import { Better, type BenchReport } from './report';
import { captureSession, type CapturedSession } from './replay/capture';
import { generateLog, type GeneratedLog } from './replay/generate';
import type { WorkerResult } from './replay/worker';

/**
 * Replay: how fast `npm run ops -- replay` rebuilds state from a 1,000,000-event log, against
 * only reading and JSON-parsing the same log. The log is generated from documents one real
 * server session wrote (capture.ts), checked first on a sample by the real replay (zero
 * problems, counts as generated), then written whole to a temporary data folder. Each side runs
 * in its own process (its own peak memory, module loading not timed), one after the other.
 */

const EVENTS = Number(process.env.REPLAY_BENCH_EVENTS ?? 1_000_000);
const SEED = Number(process.env.REPLAY_BENCH_SEED ?? 20_261_122);
const SAMPLE_EVENTS = 20_000;
/** Bytes per event in the three files together, measured on generated logs (≈1.3 KB), with margin. */
const BYTES_PER_EVENT_ESTIMATE = 1_600;
const FREE_SPACE_MARGIN = 2 * 2 ** 30;
const WORKER_TIMEOUT_MS = 10 * 60_000;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const MB = 2 ** 20;

function assertRoomFor(dir: string, events: number) {
  const stats = fs.statfsSync(dir);
  const free = stats.bavail * stats.bsize;
  const needed = events * BYTES_PER_EVENT_ESTIMATE;
  if (free < needed + FREE_SPACE_MARGIN) {
    throw new Error(
      `replay bench: ${dir} has ${(free / 2 ** 30).toFixed(1)} GiB free, the log needs about ${(needed / 2 ** 30).toFixed(1)} GiB plus a margin`,
    );
  }
}

function runWorker(mode: 'replay' | 'parse', dataDir: string): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/bench/replay/worker.ts'), mode, dataDir],
      {
        cwd: root,
        env: { ...process.env, MONGODB_URI: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), WORKER_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const last = stdout.trim().split('\n').pop() ?? '';
      if (code !== 0 || !last.startsWith('{'))
        reject(new Error(`replay bench ${mode} worker failed (${signal ?? code}): ${stderr.slice(-2000)}`));
      else resolve(JSON.parse(last) as WorkerResult);
    });
  });
}

/** The real replay must rebuild exactly what was generated, with no problem at all. */
function expectFaithful(
  label: string,
  generated: GeneratedLog,
  replayed: {
    eventsRead: number;
    channels: number;
    tasksRebuilt: number;
    messagesRebuilt: number;
    problems: number;
    first: string[];
  },
) {
  const expected = {
    eventsRead: generated.events,
    channels: generated.channels,
    tasksRebuilt: generated.tasks,
    messagesRebuilt: generated.messages,
    problems: 0,
  };
  const actual = {
    eventsRead: replayed.eventsRead,
    channels: replayed.channels,
    tasksRebuilt: replayed.tasksRebuilt,
    messagesRebuilt: replayed.messagesRebuilt,
    problems: replayed.problems,
  };
  if (JSON.stringify(expected) !== JSON.stringify(actual)) {
    throw new Error(
      `replay bench (${label}, seed ${SEED}): the replay does not accept the generated log as generated: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}; ${replayed.first.join('; ')}`,
    );
  }
}

/** A small log from the same generator through the real replay, in this process: fail fast. */
async function checkSample(session: CapturedSession, tmp: string): Promise<void> {
  const dir = path.join(tmp, 'sample');
  const generated = generateLog(dir, session, { events: SAMPLE_EVENTS, seed: SEED });
  await migrateNedbFolder(dir);
  const report = await replayFromSource(await openReadSource({ MONGODB_URI: '', DATA_DIR: dir }));
  expectFaithful('sample', generated, {
    ...report,
    problems: report.problems.length,
    first: report.problems.slice(0, 5).map((p) => `${p.kind}: ${p.detail}`),
  });
  fs.rmSync(dir, { recursive: true, force: true });
}

export async function run(): Promise<BenchReport> {
  assertRoomFor(os.tmpdir(), EVENTS);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-bench-replay-'));
  try {
    let started = performance.now();
    const session = await captureSession();
    const captureSeconds = (performance.now() - started) / 1000;
    await checkSample(session, tmp);

    started = performance.now();
    const dataDir = path.join(tmp, 'data');
    const generated = generateLog(dataDir, session, { events: EVENTS, seed: SEED });
    // The generator writes the NeDB layout; the store it becomes is what both sides read.
    await migrateNedbFolder(dataDir);
    const generateSeconds = (performance.now() - started) / 1000;

    const baseline = await runWorker('parse', dataDir);
    const ours = await runWorker('replay', dataDir);
    if (baseline.events !== generated.events)
      throw new Error(
        `replay bench: the baseline parsed ${baseline.events} events, ${generated.events} were written`,
      );
    const replayed = ours.replay;
    if (!replayed) throw new Error('replay bench: the replay worker returned no summary');
    expectFaithful('1M', generated, {
      ...replayed,
      eventsRead: ours.events,
      problems: replayed.problemCount,
      first: replayed.firstProblems,
    });

    const rate = (r: WorkerResult) => r.events / r.seconds;
    const sizes = generated.bytes;
    const counts = Object.entries(generated.eventCounts)
      .sort((a, b) => b[1] - a[1])
      .map(([type, n]) => `${type} ${((100 * n) / generated.events).toFixed(1)}%`)
      .join(', ');
    return {
      name: `Replay: rebuilding state from a ${generated.events.toLocaleString('en-US')}-event log`,
      ours: 'the replay tool (`npm run ops -- replay` code path: read the embedded files, run every task event through the task machine, compare with the stored tasks and messages), in its own process, module loading not timed',
      baseline:
        'reading every event of the same SQLite store (one SELECT) and JSON.parse of each, nothing else, in its own process',
      figures: [
        {
          label: 'events per second (wall)',
          unit: 'events/s',
          ours: rate(ours),
          baseline: rate(baseline),
          better: Better.higher,
        },
        {
          label: 'wall time',
          unit: 's',
          ours: ours.seconds,
          baseline: baseline.seconds,
          better: Better.lower,
        },
        {
          label: 'CPU time (user + system)',
          unit: 's',
          ours: ours.cpuSeconds,
          baseline: baseline.cpuSeconds,
          better: Better.lower,
        },
        {
          label: 'peak RSS',
          unit: 'MB',
          ours: ours.peakRssBytes / MB,
          baseline: baseline.peakRssBytes / MB,
          better: Better.lower,
        },
      ],
      notes: [
        `log: ${generated.channels.toLocaleString('en-US')} channels, ${generated.tasks.toLocaleString('en-US')} tasks, ${generated.messages.toLocaleString('en-US')} live messages; generated as NeDB files of ${(sizes.events / MB).toFixed(0)} MB of events, ${(sizes.tasks / MB).toFixed(0)} MB of tasks, ${(sizes.messages / MB).toFixed(0)} MB of messages, moved into SQLite (the replay also reads tasks and messages; the baseline does not)`,
        `event mix: ${counts}`,
        `replay result: ${replayed.illegalTransitions} illegal transitions, ${replayed.differences} differences, ${replayed.problemCount} problems (checked: counts equal to what was generated)`,
        `generated from one real server session captured in ${captureSeconds.toFixed(1)} s, written in ${generateSeconds.toFixed(1)} s (seed ${SEED}); compacted layout: events in _id order, as NeDB leaves them after a start`,
        `load average at the end: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(
            ' ',
          )} on ${os.cpus().length} cores (CPU time is less sensitive to a busy machine than wall time)`,
      ],
    };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
