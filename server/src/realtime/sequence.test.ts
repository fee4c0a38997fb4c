import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedStorage } from '../storage/embedded';
import type { Storage } from '../storage/port';
import { textMessageIn } from '../testing/messages';
import { ChannelHub } from './hub';
import { realtimeRepository } from './repository';
import { ownedLogSequence } from './sequence';

let opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened) await storage.close().catch(() => undefined);
  opened = [];
});

/** One server process on the embedded store: its own storage handle, repository and hub. */
function processOn(dir: string) {
  const storage = openEmbeddedStorage(dir, 'sequence-test');
  opened.push(storage);
  const repo = realtimeRepository(storage);
  const sequence = ownedLogSequence(repo);
  const hub = new ChannelHub(repo, sequence, Date.now);
  const say = (channelId: string, content: string) => hub.publish(channelId, 'message.created', textMessageIn(channelId, content));
  const stop = async () => {
    await storage.close();
    opened = opened.filter((s) => s !== storage);
  };
  return { repo, sequence, hub, say, stop };
}

const freshDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'draw-seq-'));
const seqsIn = async (hub: ChannelHub, channelId: string) => (await hub.eventsAfter(channelId, 0)).map((e) => e.seq);

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
    await older.repo.seqs.insertOne({ _id: 'legacy', seq: 7 });
    await older.stop();

    const upgraded = processOn(dir);
    expect(await upgraded.hub.currentSeq('legacy')).toBe(7);
    expect((await upgraded.say('legacy', 'l8')).seq).toBe(8);
  });
});
