import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commitDurability, groupCommit, withoutWaitingForDisk } from './durability';
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
  const commits = (db: ReturnType<typeof database>) =>
    (db.prepare('SELECT commits FROM _durability WHERE id = 1').get() as { commits: number }).commits;

  it('makes the flushes asked for in one turn share one full commit, and the next turn another', async () => {
    const db = database();
    db.exec('CREATE TABLE things (id INTEGER PRIMARY KEY)');
    const durability = commitDurability(db, true);
    const flush = groupCommit(db);
    const insert = db.prepare('INSERT INTO things (id) VALUES (?)');
    const submits = [1, 2, 3].map((id) =>
      withoutWaitingForDisk(async () => durability.around(() => insert.run(id))).then(() => flush()),
    );
    await Promise.all(submits);
    expect(commits(db)).toBe(1);
    await flush();
    expect(commits(db)).toBe(2);
  });
});
