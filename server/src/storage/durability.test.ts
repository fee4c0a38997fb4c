import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commitDurability, groupCommit, withoutWaitingForDisk, writeAheadLogSync } from './durability';
import { openDatabase, pragma } from './sqlite/driver';

const FULL = 2;
const NORMAL = 1;

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A WAL database on a real file, committing in full as the server's store does. */
function database() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-durability-'));
  dirs.push(dir);
  const db = openDatabase(path.join(dir, 'store.sqlite'));
  pragma(db, 'journal_mode = WAL');
  pragma(db, 'synchronous = FULL');
  return db;
}

describe('commits without waiting for the disk', () => {
  const level = (db: ReturnType<typeof database>) =>
    (pragma(db, 'synchronous')[0] as { synchronous: number }).synchronous;

  it('relaxes only the transactions of the flow that asked, and restores full commits after them', async () => {
    const db = database();
    const durability = commitDurability(db, true);
    const seen: Record<string, number[]> = { progress: [], submit: [] };
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    // Two flows interleaved: progress steps without waiting for the disk, a submit answered meanwhile.
    await Promise.all([
      withoutWaitingForDisk(async () => {
        for (let step = 0; step < 3; step++) {
          seen.progress!.push(durability.around(() => level(db)));
          await tick();
        }
      }),
      (async () => {
        for (let write = 0; write < 3; write++) {
          seen.submit!.push(durability.around(() => level(db)));
          await tick();
        }
      })(),
    ]);
    expect(seen).toEqual({ progress: [NORMAL, NORMAL, NORMAL], submit: [FULL, FULL, FULL] });
    expect(level(db)).toBe(FULL);
  });

  it('restores full commits when the transaction fails', async () => {
    const db = database();
    const durability = commitDurability(db, true);
    await expect(
      withoutWaitingForDisk(async () =>
        durability.around(() => {
          throw new Error('constraint');
        }),
      ),
    ).rejects.toThrow('constraint');
    expect(level(db)).toBe(FULL);
  });

  it('leaves a store configured for normal commits as it is', async () => {
    const db = database();
    pragma(db, 'synchronous = NORMAL');
    const durability = commitDurability(db, false);
    expect(durability.around(() => level(db))).toBe(NORMAL);
    expect(await withoutWaitingForDisk(async () => durability.around(() => level(db)))).toBe(NORMAL);
  });
});

describe('group commit', () => {
  /** A sync that counts its runs and finishes when told (as the disk does, later). */
  function countedSync() {
    const runs: { done: () => void }[] = [];
    const sync = () => new Promise<void>((resolve) => runs.push({ done: resolve }));
    return { runs, sync };
  }

  it('makes the flushes asked for in one turn share one sync of the log, and one asked during it wait for the next', async () => {
    const { runs, sync } = countedSync();
    const flush = groupCommit(sync);
    let answered = 0;
    const firstTurn = [1, 2, 3].map(() => flush().then(() => (answered += 1)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toHaveLength(1);

    // Asked while that sync runs: its writes may be after what the sync covers, so it waits for another.
    const later = flush().then(() => (answered += 10));
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toHaveLength(2);
    runs[0]!.done();
    await Promise.all(firstTurn);
    expect(answered).toBe(3);
    runs[1]!.done();
    await later;
    expect(answered).toBe(13);
  });

  it('syncs the store’s log through one kept handle, without a commit of its own, and the file itself before a log exists', async () => {
    const db = database();
    const file = db.name;
    const opened = () =>
      fs.readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`) === `${file}-wal`;
        } catch {
          return false; // closed while listed
        }
      }).length;
    const log = writeAheadLogSync(file);
    await log.sync(); // no log yet: the database file
    db.exec('CREATE TABLE things (id INTEGER PRIMARY KEY)');
    const durability = commitDurability(db, true);
    const insert = db.prepare('INSERT INTO things (id) VALUES (?)');
    await withoutWaitingForDisk(async () => durability.around(() => insert.run(1)));
    const bySqlite = opened();
    // Nothing is written: the log keeps its length (a commit would add a frame).
    const logged = fs.statSync(`${file}-wal`).size;
    for (let i = 0; i < 3; i++) await log.sync();
    expect(fs.statSync(`${file}-wal`).size).toBe(logged);
    expect(opened()).toBe(bySqlite + 1);
    await log.close();
    expect(opened()).toBe(bySqlite);
    db.close();
    await expect(writeAheadLogSync(path.join(path.dirname(file), 'missing.sqlite')).sync()).rejects.toThrow(
      /ENOENT/,
    );
  });
});
