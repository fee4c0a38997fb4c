import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureSession } from '../bench/replay/capture';
import { generateLog } from '../bench/replay/generate';
import { replayFromSource } from './replay';
import { openReadSource, type ReadSource } from './source';
import { tempDataDir } from './testing';

/**
 * The embedded replay streams events.db one channel at a time; the same replay over the whole
 * file read at once (what it did before, and still does for MongoDB) is the reference: on a
 * damaged log, both must report exactly the same problems in the same order.
 */

const SEED = 20_261_122;
const EVENTS = 3_000;

interface Line {
  _id?: string;
  channelId?: string;
  seq?: number;
  type?: string;
  at?: unknown;
  data?: { id?: string; status?: string; progress?: string } & Record<string, unknown>;
}

let clean: string;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

beforeAll(async () => {
  clean = tempDataDir();
  dirs.push(clean);
  generateLog(clean, await captureSession(), { events: EVENTS, seed: SEED });
});

function readLines(dir: string, name: string): string[] {
  return fs.readFileSync(path.join(dir, 'db', `${name}.db`), 'utf8').split('\n').filter(Boolean);
}

/** A copy of the clean log with every kind of problem and every kind of stored line the replay must handle. */
function damagedCopy(extraEvents: (docs: Line[], channels: string[]) => string[] = () => []): string {
  const dir = tempDataDir();
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'db'));
  const lines = readLines(clean, 'events');
  const docs = lines.map((l) => JSON.parse(l) as Line);
  const channels = [...new Set(docs.flatMap((d) => (d.channelId ? [d.channelId] : [])))];
  const of = (k: number) => docs.map((doc, index) => ({ doc, index })).filter((e) => e.doc.channelId === channels[k]);
  const lastSeq = (k: number) => Math.max(...of(k).map((e) => e.doc.seq ?? 0));
  const dropped = new Set<number>([(of(1)[4] as { index: number }).index]); // a gap
  const out = [...lines];
  const dup = of(2)[6]?.doc as Line;
  out.push(JSON.stringify({ ...dup, _id: `${dup._id}b` })); // a duplicate seq under another _id
  out.push(lines[(of(2)[3] as { index: number }).index] as string); // the same line again: last wins, no problem
  const done = of(3).find((e) => e.doc.type === 'task.updated' && e.doc.data?.status === 'SUCCESS')?.doc as Line;
  const illegal = { ...done, _id: `${channels[3]}:${lastSeq(3) + 1}`, seq: lastSeq(3) + 1, data: { ...done.data, status: 'IN_PROGRESS', progress: '10%' } };
  out.push(JSON.stringify(illegal));
  const update = of(4).find((e) => e.doc.type === 'task.updated')?.doc as Line;
  out.push(JSON.stringify({ ...update, _id: `${channels[4]}:${lastSeq(4) + 1}`, seq: lastSeq(4) + 1, data: { ...update.data, id: 'no-such-task' } }));
  out.push(JSON.stringify({ $$deleted: true, _id: of(5)[2]?.doc._id })); // a removed event: a gap
  const first = of(6)[0] as { doc: Line; index: number };
  out.push(JSON.stringify({ $$deleted: true, _id: first.doc._id }), lines[first.index] as string); // removed, written again: moves to the end
  out[(of(7)[3] as { index: number }).index] += '\r'; // a CRLF line
  const joined = { _id: `${channels[8]}:${lastSeq(8) + 1}`, channelId: channels[8], seq: lastSeq(8) + 1, type: 'member.joined', at: { $$date: 1_767_000_000_000 }, data: { userId: 'u', name: 'caf\u00e9 \\u0041' } };
  out.push(JSON.stringify(joined)); // a stored Date and escaped text
  for (const k of [9, 10]) for (const { index } of of(k).slice(1, 4)) dropped.add(index);
  for (const k of [10, 9]) for (const { index } of of(k).slice(1, 4)) out.push(lines[index] as string); // appended after the last compaction
  for (const [i, { index }] of of(11).entries()) {
    dropped.add(index);
    if (i !== 2) out.push(lines[index] as string); // a channel written only after the compaction (with a gap): later in the report
  }
  // A line of that channel before all others, removed later: it must not pull the channel forward.
  const early = { ...(of(11)[0] as { doc: Line }).doc, _id: `${channels[11]}:early` };
  out.push(JSON.stringify({ $$deleted: true, _id: early._id }));
  out.push(...extraEvents(docs, channels));
  const events = [JSON.stringify(early), ...out.filter((_, i) => !dropped.has(i))];
  events.push(`{"_id":"${channels[0]}:999999","chan`); // torn by a crash
  fs.writeFileSync(path.join(dir, 'db', 'events.db'), events.join('\n'));

  const tasks = readLines(clean, 'tasks');
  const edited = JSON.parse(tasks[0] as string) as Record<string, unknown>;
  tasks[0] = JSON.stringify({ ...edited, status: 'FAILURE', progress: '33%' }); // a stored task that differs
  tasks.push(JSON.stringify({ $$deleted: true, _id: (JSON.parse(tasks[1] as string) as { _id: string })._id })); // one missing
  tasks.push(JSON.stringify({ ...(JSON.parse(tasks[2] as string) as object), _id: 'extra-task' })); // one too many
  fs.writeFileSync(path.join(dir, 'db', 'tasks.db'), `${tasks.join('\n')}\n`);
  const messages = readLines(clean, 'messages');
  messages.push(JSON.stringify({ ...(JSON.parse(messages[0] as string) as object), deletedAt: 1 }));
  messages.push(JSON.stringify({ ...(JSON.parse(messages[1] as string) as object), _id: 'extra-message' }));
  fs.writeFileSync(path.join(dir, 'db', 'messages.db'), `${messages.join('\n')}\n`);
  return dir;
}

/** The same files read whole, as MongoDB is: the reference result. */
function wholeFile(source: ReadSource): ReadSource {
  return { all: (def) => source.all(def), where: (def, where) => source.where(def, where), close: () => source.close() };
}

async function bothReplays(dir: string, channelId?: string) {
  const source = await openReadSource({ MONGODB_URI: '', DATA_DIR: dir });
  const { seconds: _s1, ...streamed } = await replayFromSource(source, channelId);
  const { seconds: _s2, ...whole } = await replayFromSource(wholeFile(source), channelId);
  return { streamed, whole };
}

describe('replaying the embedded log one channel at a time', () => {
  it('reports exactly what replaying the whole file reports, on a log with every kind of problem', async () => {
    const dir = damagedCopy();
    const { streamed, whole } = await bothReplays(dir);
    expect(streamed).toEqual(whole);
    expect(new Set(streamed.problems.map((p) => p.kind))).toEqual(new Set(['gap', 'duplicate', 'illegal-transition', 'unknown-task', 'difference']));
    expect(streamed.illegalTransitions).toBe(1);
    for (const channelId of new Set(streamed.problems.map((p) => p.channelId))) {
      const one = await bothReplays(dir, channelId);
      expect(one.streamed).toEqual(one.whole);
      expect(one.streamed.channels).toBe(1);
    }
  });

  it('gives the same report when a line does not belong to the channel its _id names', async () => {
    const dir = damagedCopy((docs, channels) => {
      const stray = docs.find((d) => d.channelId === channels[12] && d.seq === 2) as Line;
      return [JSON.stringify({ ...stray, _id: `${channels[13]}:stray` })];
    });
    const { streamed, whole } = await bothReplays(dir);
    expect(streamed).toEqual(whole);
    expect(streamed.problems.some((p) => p.kind === 'duplicate' && p.seq === 2)).toBe(true);
    const strayChannel = streamed.problems.find((p) => p.kind === 'duplicate' && p.seq === 2)?.channelId;
    const one = await bothReplays(dir, strayChannel);
    expect(one.streamed).toEqual(one.whole);
  });

  it('accepts the clean generated log with no problem', async () => {
    const { streamed, whole } = await bothReplays(clean);
    expect(streamed).toEqual(whole);
    expect(streamed).toMatchObject({ eventsRead: EVENTS, problems: [] });
  });
});
