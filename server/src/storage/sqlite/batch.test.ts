import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorReason } from '@draw/shared';
import type { AppError } from '../../errors';
import { withoutWaitingForDisk } from '../durability';
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
  const commits = other.prepare('PRAGMA data_version').pluck();
  return { storage, notes, other, committed, commits: () => commits.get() as number };
}

describe('writes asked for at the same moment share one commit', () => {
  it('commits a hundred inserts made at once together, each visible to another process when it resolves', async () => {
    const { notes, committed, commits } = store();
    const before = commits();
    const seenAtResolve: number[] = [];
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        notes.insertOne({ _id: `n${i}`, text: `note ${i}` }).then(() => seenAtResolve.push(committed())),
      ),
    );
    expect(
      seenAtResolve.every((count) => count === 100),
      'nothing resolves before its commit',
    ).toBe(true);
    // data_version moves once per commit made by another connection: one, not a hundred.
    expect(commits() - before).toBe(1);
  });

  it('rolls back only the write that fails: the others of its batch commit, in the order asked', async () => {
    const { notes } = store();
    await notes.insertOne({ _id: 'first', text: 'taken' });
    const outcomes = await Promise.allSettled([
      notes.insertOne({ _id: 'a', text: 'a' }),
      notes.insertOne({ _id: 'dup', text: 'taken' }),
      notes.insertOne({ _id: 'b', text: 'b' }),
      notes.deleteOne({ _id: 'a' }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const refused = (outcomes[1] as PromiseRejectedResult).reason as AppError;
    expect(refused.reason).toBe(ErrorReason.Conflict);
    // The delete ran after the insert of 'a' in the same transaction, as they were asked for.
    expect((await notes.find({}, { sort: { _id: 1 } })).map((n) => n._id)).toEqual(['b', 'first']);
  });

  it('commits a batch relaxed only when every write in it asked not to wait for the disk', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-batch-'));
    const db = openDatabase(path.join(dir, 'x.sqlite'));
    pragma(db, 'journal_mode = WAL');
    db.exec('CREATE TABLE t (n INTEGER)');
    const asked: boolean[] = [];
    const { write: batched } = transactionBatcher(db, (relaxed, transaction) => {
      asked.push(relaxed);
      return transaction();
    });
    const insert = () => db.prepare('INSERT INTO t VALUES (1)').run();
    return (async () => {
      await Promise.all([batched(insert, true), batched(insert, true)]);
      await Promise.all([batched(insert, true), batched(insert, false)]);
      expect(asked).toEqual([true, false]);
      expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(4);
      db.close();
    })();
  });

  it('commits a write asked for just before the store closes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-batch-'));
    const storage = openEmbeddedStorage(dir);
    const written = storage.collection(Notes).insertOne({ _id: 'last', text: 'last words' });
    await storage.close();
    await expect(written).resolves.toMatchObject({ _id: 'last' });
    const reopened = openEmbeddedStorage(dir);
    opened.push(reopened);
    expect(await reopened.collection(Notes).count({ _id: 'last' })).toBe(1);
  });

  it('keeps a progress step relaxed and a submit’s answer durable when both land in one turn', async () => {
    const { storage, notes } = store();
    // Both resolve; what matters to a person is that the full one is on disk before its answer.
    await Promise.all([
      withoutWaitingForDisk(() => notes.insertOne({ _id: 'step', text: 'step' })),
      notes.insertOne({ _id: 'answer', text: 'answer' }),
    ]);
    await storage.flush();
    expect(await notes.count({})).toBe(2);
  });
});
