import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedStorage } from '../../server/src/storage/embedded';
import { fieldSql } from '../../server/src/storage/sqlite/filter';
import { sqlIndexesOf } from '../../server/src/storage/sqlite/indexes';
import { Events, type EventDoc } from '../../server/src/realtime/repository';
import { openBareTable } from './bare-sqlite';
import type { BenchReport } from './report';

/**
 * The channel event log on the embedded store as it grows: every subscribe with `afterSeq` reads
 * one channel's tail, and a process's first event in a channel looks up the channel's last seq.
 * Ours: our `events` collection (schema validation, mutex, the query built from the filter).
 * Baseline: a bare better-sqlite3 table of the same shape and pragmas with the same indexes (the
 * schema's, on the same JSON expressions), written and read with raw prepared statements.
 */
const EVENTS = Number(process.env.LOG_EVENTS ?? 30_000);
const CHANNELS = 100;
const READS = 200;
const perChannel = Math.floor(EVENTS / CHANNELS);

const eventAt = (i: number): EventDoc => {
  const channelId = `channel-${i % CHANNELS}`;
  const seq = Math.floor(i / CHANNELS) + 1;
  return {
    _id: `${channelId}:${seq}`,
    channelId,
    seq,
    type: 'message.deleted',
    at: 1_700_000_000_000 + i,
    data: { id: `m${i}`, note: 'x'.repeat(300) },
  } as unknown as EventDoc;
};

async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

interface LogUnderTest {
  insert(doc: EventDoc): Promise<unknown>;
  tail(channelId: string, afterSeq: number): Promise<unknown[]>;
  last(channelId: string): Promise<unknown[]>;
}

async function measure(log: LogUnderTest) {
  const insertMs = await cpuMs(async () => {
    for (let i = 0; i < EVENTS; i += 1) await log.insert(eventAt(i));
  });
  let tailSize = 0;
  const tailMs = await cpuMs(async () => {
    for (let i = 0; i < READS; i += 1)
      tailSize = (await log.tail(`channel-${i % CHANNELS}`, perChannel - 20)).length;
  });
  const lastMs = await cpuMs(async () => {
    for (let i = 0; i < READS; i += 1) await log.last(`channel-${i % CHANNELS}`);
  });
  return { insertUs: (insertMs / EVENTS) * 1000, tailMs: tailMs / READS, lastMs: lastMs / READS, tailSize };
}

export async function run(): Promise<BenchReport> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-log-'));
  try {
    const storage = openEmbeddedStorage(path.join(root, 'ours'), 'bench');
    const events = storage.collection(Events);
    const ours = await measure({
      insert: (doc) => events.insertOne(doc),
      tail: (channelId, afterSeq) => events.find({ channelId, seq: { $gt: afterSeq } }, { sort: { seq: 1 } }),
      last: (channelId) => events.find({ channelId }, { sort: { seq: -1 }, limit: 1 }),
    });
    await storage.close();

    const bare = openBareTable(path.join(root, 'bare.sqlite'), 'events');
    for (const index of sqlIndexesOf('events', Events.schema.indexes())) bare.exec(index.sql);
    const [channel, seq] = [fieldSql('channelId'), fieldSql('seq')];
    const insert = bare.prepare('INSERT INTO events (_id, doc) VALUES (?, jsonb(?))');
    const tail = bare
      .prepare(`SELECT json(doc) FROM events WHERE ${channel} = ? AND ${seq} > ? ORDER BY ${seq}`)
      .pluck();
    const last = bare
      .prepare(`SELECT json(doc) FROM events WHERE ${channel} = ? ORDER BY ${seq} DESC LIMIT 1`)
      .pluck();
    const parsed = (texts: unknown[]) => texts.map((t) => JSON.parse(t as string) as EventDoc);
    const baseline = await measure({
      insert: async (doc) => insert.run(doc._id, JSON.stringify(doc)),
      tail: async (channelId, afterSeq) => parsed(tail.all(channelId, afterSeq)),
      last: async (channelId) => parsed(last.all(channelId)),
    });
    bare.close();
    if (ours.tailSize !== 20 || baseline.tailSize !== 20)
      throw new Error(`a catch-up read returned ${ours.tailSize}/${baseline.tailSize} events, not 20`);

    return {
      name: 'Event log reads',
      ours: `our events collection on the embedded store, ${EVENTS.toLocaleString('en-US')} events in ${CHANNELS} channels`,
      baseline:
        'a bare better-sqlite3 table of the same shape, pragmas and indexes holding the same events, raw prepared INSERT and SELECTs',
      figures: [
        {
          label: 'catch-up read (the 20 events after a seq)',
          unit: 'ms',
          ours: ours.tailMs,
          baseline: baseline.tailMs,
          better: 'lower',
        },
        {
          label: "a channel's last event",
          unit: 'ms',
          ours: ours.lastMs,
          baseline: baseline.lastMs,
          better: 'lower',
        },
        {
          label: 'CPU per event written',
          unit: 'µs',
          ours: ours.insertUs,
          baseline: baseline.insertUs,
          better: 'lower',
        },
      ],
      notes: [
        `CPU time per call, ${READS} reads over all channels; writes are one commit each (WAL, synchronous=FULL) on both sides, so their CPU includes the fsync call; ours adds schema validation and the mutex`,
      ],
    };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
