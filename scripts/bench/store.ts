import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedStorage } from '../../server/src/storage/embedded';
import { defineCollection, type BaseDoc } from '../../server/src/storage/port';
import { documentSchema } from '../../server/src/storage/schema';
import { openBareTable } from './bare-sqlite';
import type { BenchReport } from './report';

/**
 * Writes to the embedded store: every progress step of a task is two of them (the task and its
 * event), so their cost bounds the live feed's. Ours: our embedded collection's updateOne (schema
 * validation, per-collection mutex, read-compare-write in an IMMEDIATE transaction). Baseline: a
 * raw prepared UPDATE (`jsonb_set`) of the same document in a bare table of the same shape and
 * pragmas on the same engine, in the same process.
 */
interface Row extends BaseDoc {
  text: string;
  n: number;
}
const Rows = defineCollection<Row>(
  'bench_rows',
  documentSchema({ text: { type: String, required: true }, n: { type: Number, required: true } }),
);
const WRITES = Number(process.env.STORE_WRITES ?? 5000);
const text = 'x'.repeat(700); // about a task document's size

async function timed(write: (i: number) => unknown) {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < WRITES; i += 1) await write(i);
  const cpu = process.cpuUsage(cpuBefore);
  return { wallMs: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 };
}

export async function run(): Promise<BenchReport> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-store-'));
  try {
    const storage = openEmbeddedStorage(path.join(root, 'ours'), 'bench');
    const rows = storage.collection(Rows);
    await rows.insertOne({ _id: 'row', text, n: 0 });
    const ours = await timed((n) => rows.updateOne({ _id: 'row' }, { $set: { n } }));
    await storage.close();

    const bare = openBareTable(path.join(root, 'bare.sqlite'), 'rows');
    bare
      .prepare('INSERT INTO rows (_id, doc) VALUES (?, jsonb(?))')
      .run('row', JSON.stringify({ _id: 'row', text, n: 0 }));
    const update = bare.prepare(`UPDATE rows SET doc = jsonb_set(doc, '$.n', ?) WHERE _id = ?`);
    const baseline = await timed((n) => update.run(n, 'row'));
    bare.close();

    const perWrite = (ms: number) => (ms / WRITES) * 1000;
    return {
      name: 'Store writes',
      ours: `${WRITES} updateOne calls on our embedded collection (schema validation, mutex, read-compare-write transaction)`,
      baseline: `${WRITES} raw prepared UPDATEs (jsonb_set) on a bare better-sqlite3 table of the same shape and pragmas`,
      figures: [
        {
          label: 'CPU per write',
          unit: 'µs',
          ours: perWrite(ours.cpuMs),
          baseline: perWrite(baseline.cpuMs),
          better: 'lower',
        },
        {
          label: 'wall time per write',
          unit: 'µs',
          ours: perWrite(ours.wallMs),
          baseline: perWrite(baseline.wallMs),
          better: 'lower',
        },
      ],
      notes: [
        'a 700-byte document, updated one write (one commit) at a time as the task runner does; both sides WAL with synchronous=FULL, so the wall time includes a WAL fsync per write',
      ],
    };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
