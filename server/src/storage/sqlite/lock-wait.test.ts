import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedFileOf, openEmbeddedStorage } from '../embedded';
import { defineCollection, type BaseDoc, type Storage } from '../port';
import { documentSchema } from '../schema';
import { openDatabase, pragma } from './driver';
import { whenUnlocked } from './lock-wait';

interface Note extends BaseDoc {
  text: string;
}
const Notes = defineCollection<Note>('notes', documentSchema({ text: { type: String, required: true } }));

const opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

/** A server's store, and a second connection to its file standing for another process (a cluster member, an ops command). */
function storeAndOtherProcess() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-lock-wait-'));
  const server = openEmbeddedStorage(dir);
  opened.push(server);
  server.collection(Notes);
  const other = openDatabase(embeddedFileOf(dir));
  pragma(other, 'busy_timeout = 0');
  return { server, other };
}

const turnsOfTheLoop = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('a write while another process holds the store', () => {
  it('waits without holding the event loop, and lands once the other transaction commits', async () => {
    const { server, other } = storeAndOtherProcess();
    other.prepare('BEGIN IMMEDIATE').run();
    let landed = false;
    const write = server
      .collection(Notes)
      .insertOne({ _id: 'a', text: 'written while locked' })
      .then(() => (landed = true));
    // The loop keeps turning: timers and other requests are served meanwhile.
    const ticked = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(Date.now() - ticked).toBeLessThan(1_000);
    expect(landed).toBe(false);
    other.prepare('COMMIT').run();
    await write;
    expect(await server.collection(Notes).findOne({ _id: 'a' })).toMatchObject({
      text: 'written while locked',
    });
  });

  it('reads while the other process writes, without waiting for it', async () => {
    const { server, other } = storeAndOtherProcess();
    await server.collection(Notes).insertOne({ _id: 'a', text: 'x' });
    other.prepare('BEGIN IMMEDIATE').run();
    expect(await server.collection(Notes).find({})).toHaveLength(1);
    other.prepare('ROLLBACK').run();
  });
});

describe('whenUnlocked', () => {
  const locked = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

  it('tries again from the event loop until the attempt finds the file free', async () => {
    let tries = 0;
    let turns = 0;
    const counting = (async () => {
      for (; turns < 1_000 && tries < 4; turns++) await turnsOfTheLoop(1);
    })();
    const result = await whenUnlocked(() => {
      tries += 1;
      if (tries < 4) throw locked();
      return 'done';
    });
    await counting;
    expect(result).toBe('done');
    expect(turns).toBeGreaterThan(0);
  });

  it('gives up with the lock error after its wait, and passes any other error at once', async () => {
    let tries = 0;
    await expect(
      whenUnlocked(() => {
        tries += 1;
        throw locked();
      }, 20),
    ).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(tries).toBeGreaterThan(1);
    tries = 0;
    await expect(
      whenUnlocked(() => {
        tries += 1;
        throw new Error('constraint');
      }),
    ).rejects.toThrow('constraint');
    expect(tries).toBe(1);
  });
});
