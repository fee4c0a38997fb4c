import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedFileOf, openEmbeddedStorage } from '../embedded';
import { defineCollection, type BaseDoc, type Storage } from '../port';
import { documentSchema } from '../schema';
import { openDatabase, pragma } from './driver';
import { transactionBatcher } from './batch';

interface Note extends BaseDoc {
  text: string;
}
const Notes = defineCollection<Note>(
  'notes',
  documentSchema({ text: { type: String, required: true, unique: true } }),
);

const opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

function store() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-batch-'));
  const storage = openEmbeddedStorage(dir);
  opened.push(storage);
  const notes = storage.collection(Notes);
  // Another process's view of the file: what it sees is what is committed.
  const other = openDatabase(embeddedFileOf(dir), { readonly: true });
  const committed = () => other.prepare('SELECT count(*) FROM notes').pluck().get() as number;
  return { storage, notes, committed };
}

/** A bare connection with a batcher over it, and a second connection standing for another process. */
function batcherWithNeighbour() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-batch-'));
  const file = path.join(dir, 'x.sqlite');
  const db = openDatabase(file);
  pragma(db, 'journal_mode = WAL');
  pragma(db, 'busy_timeout = 0');
  db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY)');
  const neighbour = openDatabase(file);
  pragma(neighbour, 'busy_timeout = 0');
  /** Each commit made, with whether it was relaxed. */
  const commits: boolean[] = [];
  const batcher = transactionBatcher(db, (relaxed, transaction) => {
    const result = transaction();
    commits.push(relaxed);
    return result;
  });
  const insert = (n: number) => () => db.prepare('INSERT INTO t VALUES (?)').run(n).changes;
  const count = () => db.prepare('SELECT count(*) FROM t').pluck().get() as number;
  const close = () => {
    neighbour.close();
    db.close();
  };
  return { db, neighbour, commits, batcher, insert, count, close };
}

describe('a process’s writes', () => {
  it('are seen by another process as soon as each resolves', async () => {
    const { notes, committed } = store();
    const seenAtResolve: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        notes.insertOne({ _id: `n${i}`, text: `note ${i}` }).then(() => seenAtResolve.push(committed())),
      ),
    );
    expect(seenAtResolve.every((count, i) => count >= i + 1)).toBe(true);
    expect(committed()).toBe(20);
  });

  it('asked for in one turn share one commit, while a step committed now does not wait for it', async () => {
    const { commits, batcher, insert, count, close } = batcherWithNeighbour();
    const inTurn = Array.from({ length: 20 }, (_, i) => batcher.inTurn(insert(i), true));
    await batcher.now(insert(100), true);
    expect(count(), 'the step is committed; the turn’s writes are still waiting for its end').toBe(1);
    await Promise.all(inTurn);
    expect(count()).toBe(21);
    expect(commits).toHaveLength(2);
    close();
  });

  it('updates of one collection made at once do not wait a turn of the event loop each (each holds its lock)', async () => {
    const { notes } = store();
    await notes.insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: `n${i}`, text: `v0-${i}` })));
    let turns = 0;
    let settled = false;
    const updates = Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        notes.findOneAndUpdate({ _id: `n${i}` }, { $set: { text: `v1-${i}` } }),
      ),
    ).finally(() => (settled = true));
    while (!settled) {
      await new Promise((resolve) => setImmediate(resolve));
      turns += 1;
    }
    expect((await updates).map((note) => note?.text)).toEqual(
      Array.from({ length: 50 }, (_, i) => `v1-${i}`),
    );
    expect(turns).toBeLessThan(10);
  });

  it('gather while another process holds the file, and then take its lock once for all of them', async () => {
    const { neighbour, commits, batcher, insert, count, close } = batcherWithNeighbour();
    neighbour.prepare('BEGIN IMMEDIATE').run();
    const written = Array.from({ length: 20 }, (_, i) => batcher.now(insert(i), true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(count(), 'nothing lands while the other process holds the lock').toBe(0);
    neighbour.prepare('COMMIT').run();
    await Promise.all(written);
    expect(count()).toBe(20);
    // The first write waited alone; the nineteen asked for meanwhile shared one commit.
    expect(commits).toHaveLength(2);
    close();
  });

  it('roll back only the write that fails among those committed together, in the order asked', async () => {
    const { neighbour, batcher, insert, db, close } = batcherWithNeighbour();
    neighbour.prepare('BEGIN IMMEDIATE').run();
    const outcomes = Promise.allSettled([
      batcher.now(insert(1), true),
      batcher.now(insert(2), true),
      batcher.now(insert(1), true),
      batcher.now(insert(3), true),
      batcher.now(() => db.prepare('DELETE FROM t WHERE n = 2').run().changes, true),
    ]);
    neighbour.prepare('COMMIT').run();
    expect((await outcomes).map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(db.prepare('SELECT n FROM t ORDER BY n').pluck().all()).toEqual([1, 3]);
    close();
  });

  it('commit relaxed together only when every write among them asked not to wait for the disk', async () => {
    const { neighbour, commits, batcher, insert, close } = batcherWithNeighbour();
    neighbour.prepare('BEGIN IMMEDIATE').run();
    const first = [batcher.now(insert(1), true), batcher.now(insert(2), true), batcher.now(insert(3), false)];
    neighbour.prepare('COMMIT').run();
    await Promise.all(first);
    expect(commits).toEqual([true, false]);
    close();
  });

  it('are committed when the store closes while one waits for another process’s lock', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-batch-'));
    const storage = openEmbeddedStorage(dir);
    const notes = storage.collection(Notes);
    const neighbour = openDatabase(embeddedFileOf(dir));
    neighbour.prepare('BEGIN IMMEDIATE').run();
    const written = notes.insertOne({ _id: 'last', text: 'last words' });
    const closing = storage.close();
    setTimeout(() => neighbour.prepare('COMMIT').run(), 20);
    await closing;
    neighbour.close();
    await expect(written).resolves.toMatchObject({ _id: 'last' });
    const reopened = openEmbeddedStorage(dir);
    opened.push(reopened);
    expect(await reopened.collection(Notes).count({ _id: 'last' })).toBe(1);
  });
});
