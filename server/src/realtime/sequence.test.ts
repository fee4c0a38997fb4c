import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedStorage } from '../storage/embedded';
import { defineCollection, type BaseDoc, type Storage } from '../storage/port';
import { documentSchema } from '../storage/schema';
import { textMessageIn } from '../../test/support/messages';
import { ChannelHub } from './hub';
import { realtimeRepository, Seqs } from './repository';
import { acquireStoreLock } from '../storage/lock';
import { ownedLogSequence, sequenceFor, sharedCounterSequence, type SequenceSource } from './sequence';

let opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened) await storage.close().catch(() => undefined);
  opened = [];
});

/** One server process on the embedded store: its own storage handle, repository and hub. */
function processOn(
  dir: string,
  source: (repo: ReturnType<typeof realtimeRepository>) => SequenceSource = ownedLogSequence,
) {
  const storage = openEmbeddedStorage(dir, 'sequence-test');
  opened.push(storage);
  const repo = realtimeRepository(storage);
  const seqs = storage.collection(Seqs);
  const sequence = source(repo);
  const hub = new ChannelHub(repo, sequence, Date.now);
  const say = (channelId: string, content: string) =>
    hub.publish(channelId, 'message.created', textMessageIn(channelId, content));
  const stop = async () => {
    await storage.close();
    opened = opened.filter((s) => s !== storage);
  };
  return { storage, repo, seqs, sequence, hub, say, stop };
}

/** A document whose changes are told as events, as a task's are. */
interface Note extends BaseDoc {
  text: string;
}
const Notes = defineCollection<Note>('notes', documentSchema({ text: { type: String, required: true } }));

const freshDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'draw-seq-'));
const seqsIn = async (hub: ChannelHub, channelId: string) =>
  (await hub.eventsAfter(channelId, 0)).map((e) => e.seq);

describe('sequence numbers on the embedded store (the log is the counter)', () => {
  it('numbers each channel 1, 2, 3… and a later process on the same data carries on from the log', async () => {
    const dir = freshDir();
    const first = processOn(dir);
    for (const n of [1, 2, 3]) await first.say('red', `r${n}`);
    for (const n of [1, 2]) await first.say('blue', `b${n}`);
    await first.stop();

    const second = processOn(dir);
    expect(await second.hub.currentSeq('red')).toBe(3);
    expect(await second.hub.currentSeq('blue')).toBe(2);
    expect(await second.hub.currentSeq('never-used')).toBe(0);
    expect((await second.say('red', 'r4')).seq).toBe(4);
    expect(await seqsIn(second.hub, 'red')).toEqual([1, 2, 3, 4]);
  });

  it('reuses a number whose event never reached the log (a crash in between), so the log has no gap', async () => {
    const dir = freshDir();
    const dying = processOn(dir);
    await dying.say('green', 'g1');
    // The process claims the next number and dies before the event is written.
    expect(await dying.sequence.claim('green')).toBe(2);
    expect(await dying.hub.currentSeq('green'), 'a claim alone is not announced to subscribers').toBe(1);
    await dying.stop();

    const restarted = processOn(dir);
    await restarted.say('green', 'g2');
    await restarted.say('green', 'g3');
    expect(await seqsIn(restarted.hub, 'green')).toEqual([1, 2, 3]);
  });

  it('stores a change and its event in one transaction: when the event fails, neither is kept and no number is lost', async () => {
    const p = processOn(freshDir());
    const notes = p.storage.collection(Notes);
    await notes.insertOne({ _id: 'n1', text: 'draft' });
    await p.say('notes', 'm1');
    const told = (note: Note) => ({
      type: 'message.created' as const,
      data: textMessageIn('notes', note.text),
    });
    const change = (text: string, from: string) => ({
      def: Notes,
      filter: { _id: 'n1', text: from },
      set: { text },
    });

    const failed = await p.hub
      .publishUpdate('notes', change('broken', 'draft'), () => {
        throw new Error('the event could not be built');
      })
      .catch((e: unknown) => e);
    expect((failed as Error).message).toBe('the event could not be built');
    expect((await notes.findOne({ _id: 'n1' }))?.text, 'the change was rolled back with its event').toBe(
      'draft',
    );
    expect(await seqsIn(p.hub, 'notes')).toEqual([1]);

    const stale = await p.hub.publishUpdate('notes', change('late', 'changed meanwhile'), told);
    expect(stale, 'a change checked against an old state writes nothing and tells nothing').toBeNull();

    const written = await p.hub.publishUpdate('notes', change('final', 'draft'), told);
    expect(written?.updated.text).toBe('final');
    expect(written?.event).toMatchObject({ seq: 2, type: 'message.created', data: { content: 'final' } });
    expect(await seqsIn(p.hub, 'notes')).toEqual([1, 2]);
    expect(await p.hub.currentSeq('notes')).toBe(2);
  });

  it('keeps numbers unique and in order under concurrent publishes on a channel it has not looked up yet', async () => {
    const dir = freshDir();
    const first = processOn(dir);
    await first.say('busy', 'before');
    await first.stop();

    const second = processOn(dir);
    const [events] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, (_, i) => second.say('busy', `m${i}`))),
      second.hub.currentSeq('busy'),
    ]);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect(await second.hub.currentSeq('busy')).toBe(21);
  });

  it('carries on after a counter left by an older version when it is ahead of the log', async () => {
    const dir = freshDir();
    const older = processOn(dir);
    await older.say('legacy', 'l1');
    await older.seqs.insertOne({ _id: 'legacy', seq: 7 });
    await older.stop();

    const upgraded = processOn(dir);
    expect(await upgraded.hub.currentSeq('legacy')).toBe(7);
    expect((await upgraded.say('legacy', 'l8')).seq).toBe(8);
  });
});

describe('sequence numbers from a shared counter (MongoDB) that fell behind the log', () => {
  const counterProcess = (dir: string) => processOn(dir, sharedCounterSequence);

  it('raises a counter left behind by a restore before the first event, so nobody gets a conflict', async () => {
    const dir = freshDir();
    const before = counterProcess(dir);
    for (const n of [1, 2, 3, 4, 5]) await before.say('restored', `m${n}`);
    // A dump taken without --oplog: the counter was copied before the last three events.
    await before.seqs.updateOne({ _id: 'restored' }, { $set: { seq: 2 } });
    await before.stop();

    const after = counterProcess(dir);
    expect((await after.say('restored', 'm6')).seq).toBe(6);
    expect(await seqsIn(after.hub, 'restored')).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('creates the counter from the log when events were imported without one', async () => {
    const dir = freshDir();
    const owned = processOn(dir);
    for (const n of [1, 2, 3]) await owned.say('imported', `m${n}`);
    await owned.stop();

    const shared = counterProcess(dir);
    expect((await shared.say('imported', 'm4')).seq).toBe(4);
    expect((await shared.seqs.findOne({ _id: 'imported' }))?.seq).toBe(4);
  });

  it('repairs on the first conflict when the counter falls behind while the process runs', async () => {
    const dir = freshDir();
    const running = counterProcess(dir);
    for (const n of [1, 2, 3, 4]) await running.say('live', `m${n}`);
    await running.seqs.updateOne({ _id: 'live' }, { $set: { seq: 1 } });

    const event = await running.say('live', 'm5');
    expect(event.seq).toBe(5);
    expect(await seqsIn(running.hub, 'live')).toEqual([1, 2, 3, 4, 5]);
    expect(await running.hub.currentSeq('live')).toBe(5);
  });

  it('never lowers a counter that is ahead of the log (a gap left by a process that died)', async () => {
    const dir = freshDir();
    const first = counterProcess(dir);
    await first.say('ahead', 'm1');
    await first.seqs.updateOne({ _id: 'ahead' }, { $set: { seq: 9 } });
    await first.stop();

    const second = counterProcess(dir);
    expect((await second.say('ahead', 'm10')).seq).toBe(10);
  });
});

describe('sequence numbers on one SQLite file shared by a cluster (WORKERS > 1)', () => {
  /** A cluster member: its own connection to the file, as a worker process has. */
  function memberOn(dir: string) {
    const storage = openEmbeddedStorage(dir, { purpose: 'sequence-test', clusterMember: true });
    opened.push(storage);
    const repo = realtimeRepository(storage);
    const hub = new ChannelHub(repo, sequenceFor(storage.kind, repo, { clustered: true }), Date.now);
    return {
      storage,
      repo,
      hub,
      say: (channelId: string, content: string) =>
        hub.publish(channelId, 'message.created', textMessageIn(channelId, content)),
    };
  }

  it('gives concurrent publishers on separate connections unique numbers with no gap, and current follows the log', async () => {
    const dir = freshDir();
    const release = acquireStoreLock(dir, 'cluster primary');
    try {
      const [a, b] = [memberOn(dir), memberOn(dir)];
      const events = await Promise.all(
        Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).say('shared', `m${i}`)),
      );
      expect(events.map((e) => e.seq).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 30 }, (_, i) => i + 1),
      );
      expect(await seqsIn(a.hub, 'shared')).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(await b.hub.currentSeq('shared')).toBe(30);
    } finally {
      release();
    }
  });

  it('numbers a change’s event in the change’s own transaction: steps from both members interleave with messages, unique and gapless, and a failed one keeps neither', async () => {
    const dir = freshDir();
    const release = acquireStoreLock(dir, 'cluster primary');
    try {
      const [a, b] = [memberOn(dir), memberOn(dir)];
      const notes = a.storage.collection(Notes);
      await notes.insertMany(Array.from({ length: 10 }, (_, i) => ({ _id: `n${i}`, text: '0' })));
      const step = (member: typeof a, id: string, from: number) =>
        member.hub.publishUpdate(
          'shared',
          { def: Notes, filter: { _id: id, text: String(from) }, set: { text: String(from + 1) } },
          (note) => ({ type: 'message.created' as const, data: textMessageIn('shared', note.text) }),
        );
      const written = await Promise.all(
        Array.from({ length: 10 }, (_, i) => [
          step(i % 2 ? a : b, `n${i}`, 0),
          (i % 2 ? b : a).say('shared', `m${i}`),
        ]).flat(),
      );
      expect(written.every(Boolean)).toBe(true);
      expect(await seqsIn(b.hub, 'shared')).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

      const failed = await a.hub
        .publishUpdate('shared', { def: Notes, filter: { _id: 'n0', text: '1' }, set: { text: 'x' } }, () => {
          throw new Error('the event could not be built');
        })
        .catch((error: unknown) => error);
      expect((failed as Error).message).toBe('the event could not be built');
      expect((await notes.findOne({ _id: 'n0' }))?.text, 'rolled back with its event').toBe('1');
      expect((await b.say('shared', 'after')).seq, 'no number lost').toBe(21);
    } finally {
      release();
    }
  });

  it('refuses a cluster member on a folder its primary does not hold', () => {
    const dir = freshDir();
    expect(() => openEmbeddedStorage(dir, { purpose: 'sequence-test', clusterMember: true })).toThrow(
      /not locked by this cluster/,
    );
  });
});
