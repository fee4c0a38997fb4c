import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/src/storage/sqlite/driver';
import { configureConnection, openEmbeddedStorage, SynchronousMode } from '../../server/src/storage/embedded';
import { Events, type EventDoc } from '../../server/src/realtime/repository';
import { defineCollection, type BaseDoc } from '../../server/src/storage/port';
import { documentSchema } from '../../server/src/storage/schema';
import { withoutWaitingForDisk } from '../../server/src/storage/durability';
import { Better, percentile, type BenchReport } from './report';

/**
 * What `synchronous = FULL` (the default) costs against NORMAL on this disk, for the write the live
 * feed makes most: a task's progress step, which is two commits (the task updated, its event
 * appended to the channel log). In WAL mode FULL syncs the WAL at every commit; NORMAL only at
 * checkpoints, so a power cut may lose the last commits (never corrupts the file). Ours: FULL.
 * Baseline: NORMAL. Both through our adapter, one step at a time as the runner makes them.
 */
interface TaskRow extends BaseDoc {
  text: string;
  progress: number;
}
const TaskRows = defineCollection<TaskRow>(
  'bench_tasks',
  documentSchema({ text: { type: String, required: true }, progress: { type: Number, required: true } }),
);
const STEPS = Number(process.env.DURABILITY_STEPS ?? 2_000);
const BARE_WRITES = STEPS * 2;
const text = 'x'.repeat(700); // about a task document's size

/** `relaxed`: as the runner writes progress now, a FULL store told not to wait for the disk for these steps. */
interface Steps {
  perSecond: number;
  p50: number;
  p99: number;
}

async function steps(dir: string, synchronous: SynchronousMode, relaxed = false): Promise<Steps> {
  if (relaxed) return withoutWaitingForDisk(() => steps(dir, synchronous));
  const storage = openEmbeddedStorage(dir, { purpose: 'bench', synchronous });
  try {
    const tasks = storage.collection(TaskRows);
    const events = storage.collection(Events);
    await tasks.insertOne({ _id: 'task', text, progress: 0 });
    const latencies: number[] = [];
    const started = performance.now();
    for (let seq = 1; seq <= STEPS; seq += 1) {
      const stepStarted = performance.now();
      await tasks.updateOne({ _id: 'task' }, { $set: { progress: seq } });
      await events.insertOne({
        _id: `c:${seq}`,
        channelId: 'c',
        seq,
        type: 'task.updated',
        at: Date.now(),
        data: { id: 'task', progress: `${seq}%` },
      } as unknown as EventDoc);
      latencies.push(performance.now() - stepStarted);
    }
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return { perSecond: STEPS / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await storage.close();
  }
}

/** Raw prepared UPDATEs, one commit each, on the same table shape and pragmas: the engine's own cost. */
function bareWrites(file: string, synchronous: SynchronousMode): number {
  const db = openDatabase(file);
  try {
    configureConnection(db, synchronous);
    db.exec('CREATE TABLE rows (_id TEXT PRIMARY KEY NOT NULL, doc BLOB NOT NULL)');
    db.prepare('INSERT INTO rows (_id, doc) VALUES (?, jsonb(?))').run(
      'row',
      JSON.stringify({ _id: 'row', text, n: 0 }),
    );
    const update = db.prepare('UPDATE rows SET doc = jsonb(?) WHERE _id = ?');
    const started = performance.now();
    for (let n = 1; n <= BARE_WRITES; n += 1) update.run(JSON.stringify({ _id: 'row', text, n }), 'row');
    return BARE_WRITES / ((performance.now() - started) / 1000);
  } finally {
    db.close();
  }
}

export async function run(): Promise<BenchReport> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-durability-'));
  try {
    // Alternating, twice each, so a busy moment of the shared machine does not land on one mode only.
    const full1 = await steps(path.join(root, 'full-1'), SynchronousMode.Full);
    const normal1 = await steps(path.join(root, 'normal-1'), SynchronousMode.Normal);
    const full2 = await steps(path.join(root, 'full-2'), SynchronousMode.Full);
    const normal2 = await steps(path.join(root, 'normal-2'), SynchronousMode.Normal);
    const relaxed1 = await steps(path.join(root, 'relaxed-1'), SynchronousMode.Full, true);
    const relaxed2 = await steps(path.join(root, 'relaxed-2'), SynchronousMode.Full, true);
    const mean = (a: number, b: number) => (a + b) / 2;
    const full = {
      perSecond: mean(full1.perSecond, full2.perSecond),
      p50: mean(full1.p50, full2.p50),
      p99: mean(full1.p99, full2.p99),
    };
    const normal = {
      perSecond: mean(normal1.perSecond, normal2.perSecond),
      p50: mean(normal1.p50, normal2.p50),
      p99: mean(normal1.p99, normal2.p99),
    };
    const relaxed = {
      perSecond: mean(relaxed1.perSecond, relaxed2.perSecond),
      p50: mean(relaxed1.p50, relaxed2.p50),
      p99: mean(relaxed1.p99, relaxed2.p99),
    };
    const bareFull = bareWrites(path.join(root, 'bare-full.sqlite'), SynchronousMode.Full);
    const bareNormal = bareWrites(path.join(root, 'bare-normal.sqlite'), SynchronousMode.Normal);
    return {
      name: 'Durability: synchronous FULL against NORMAL',
      ours: `synchronous=FULL (the default): ${STEPS} task progress steps (task updateOne + event insertOne, two commits) through our adapter`,
      baseline: 'synchronous=NORMAL, the same steps on the same disk',
      figures: [
        {
          label: 'progress steps per second',
          unit: 'steps/s',
          ours: full.perSecond,
          baseline: normal.perSecond,
          better: Better.higher,
        },
        {
          label: 'latency per step p50',
          unit: 'ms',
          ours: full.p50,
          baseline: normal.p50,
          better: Better.lower,
        },
        {
          label: 'latency per step p99',
          unit: 'ms',
          ours: full.p99,
          baseline: normal.p99,
          better: Better.lower,
        },
        {
          label: 'progress steps per second, as the runner writes them (FULL store, steps without disk wait)',
          unit: 'steps/s',
          ours: relaxed.perSecond,
          baseline: normal.perSecond,
          better: Better.higher,
        },
        {
          label: 'latency per step p50, as the runner writes them',
          unit: 'ms',
          ours: relaxed.p50,
          baseline: normal.p50,
          better: Better.lower,
        },
        {
          label: 'bare UPDATE commits per second',
          unit: 'writes/s',
          ours: bareFull,
          baseline: bareNormal,
          better: Better.higher,
        },
      ],
      notes: [
        `WAL mode; each figure is the mean of two alternating runs per mode (FULL, NORMAL, FULL, NORMAL) in ${os.tmpdir()}; the bare row is ${BARE_WRITES} raw prepared UPDATEs of a 700-byte JSONB document, one commit each`,
        `"as the runner writes them": a FULL store whose progress steps run inside withoutWaitingForDisk (two more runs after the four above); submits, task ends and every other write still commit in full`,
        `FULL fsyncs the WAL at every commit; NORMAL at checkpoints only. Either survives a crash of the process; only FULL keeps every acknowledged write through a power cut or an OS crash`,
        `load average at the end: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} on ${os.cpus().length} shared cores`,
      ],
    };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
