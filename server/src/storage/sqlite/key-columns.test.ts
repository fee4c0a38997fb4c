import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedFileOf, openEmbeddedStorage } from '../embedded';
import { defineCollection, type BaseDoc, type Storage } from '../port';
import { documentSchema } from '../schema';
import { sqlIndexesOf } from './indexes';

interface Card extends BaseDoc {
  board: string;
  state: string;
  rank: number;
  done: boolean;
  owner?: string;
  note: string;
}
const schema = documentSchema({
  board: { type: String, required: true },
  state: { type: String, required: true },
  rank: { type: Number, required: true },
  done: { type: Boolean, required: true },
  owner: { type: String },
  note: { type: String, required: true },
});
schema.index({ board: 1, rank: -1 });
schema.index({ state: 1, rank: 1 });
schema.index({ done: 1 });
schema.index({ owner: 1 }, { sparse: true });
const Cards = defineCollection<Card>('cards', schema);

const card = (id: string, extra: Partial<Card> = {}): Card => ({
  _id: id,
  board: 'b1',
  state: 'open',
  rank: 1,
  done: false,
  note: 'a note',
  ...extra,
});

const opened: { close(): unknown }[] = [];
afterEach(async () => {
  for (const handle of opened.splice(0).reverse()) await handle.close();
});

function folder(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'draw-keys-'));
}
function open(dir: string, options: Parameters<typeof openEmbeddedStorage>[1] = {}): Storage {
  const storage = openEmbeddedStorage(dir, options);
  opened.push(storage);
  return storage;
}
/** Another connection to the file, as the sqlite3 shell or an ops script has. */
function shell(dir: string): Database.Database {
  const db = new Database(embeddedFileOf(dir));
  opened.push(db);
  return db;
}

/** Pages the next commits append to the write-ahead log, counted from an emptied log. */
function logPages(db: Database.Database): () => number {
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const log = `${db.name}-wal`;
  return () => Math.max(0, (fs.statSync(log).size - 32) / (pageSize + 24));
}

describe('fields an index covers, kept in columns of their own', () => {
  it('writes only the document page when an update changes no indexed field', async () => {
    const dir = folder();
    const cards = open(dir).collection(Cards);
    await cards.insertMany(Array.from({ length: 50 }, (_, i) => card(`c${i}`, { rank: i })));
    const pages = logPages(shell(dir));

    await cards.updateOne({ _id: 'c7' }, { $set: { note: 'edited' } });
    // The table's leaf page alone: with indexes on JSON expressions, each of the four was written too.
    expect(pages()).toBe(1);

    await cards.updateOne({ _id: 'c8' }, { $set: { state: 'closed' } });
    // The document, and the index on its state (only it).
    expect(pages()).toBe(1 + 2);
    expect((await cards.find({ state: 'closed' })).map((c) => c._id)).toEqual(['c8']);
  });

  it('answers every kind of query as the document says, the booleans and the missing fields included', async () => {
    const cards = open(folder()).collection(Cards);
    await cards.insertMany([
      card('a', { rank: 3, done: true, owner: 'ann' }),
      card('b', { rank: 1, board: 'b2' }),
      card('c', { rank: 2, state: 'closed' }),
    ]);
    expect((await cards.find({ done: true })).map((c) => c._id)).toEqual(['a']);
    expect((await cards.find({ owner: null }, { sort: { rank: 1 } })).map((c) => c._id)).toEqual(['b', 'c']);
    expect((await cards.find({ board: 'b1' }, { sort: { rank: -1 } })).map((c) => c._id)).toEqual(['a', 'c']);
    expect(await cards.count({ state: { $in: ['open'] }, rank: { $gte: 1 } })).toBe(2);
    expect(await cards.valuesOf({ done: false }, 'board', { sort: { rank: 1 } })).toEqual(['b2', 'b1']);
    expect([...(await cards.countBy({}, 'state'))].sort()).toEqual([
      ['closed', 1],
      ['open', 2],
    ]);
  });

  it('stays true when another program writes the documents itself (the sqlite3 shell)', async () => {
    const dir = folder();
    const cards = open(dir).collection(Cards);
    await cards.insertOne(card('a'));
    const db = shell(dir);
    db.prepare(
      `UPDATE cards SET doc = jsonb_set(doc, '$.state', 'closed', '$.owner', 'bo') WHERE _id = 'a'`,
    ).run();
    db.prepare(`INSERT INTO cards (_id, doc) VALUES ('z', jsonb(?))`).run(
      JSON.stringify(card('z', { board: 'b9', done: true })),
    );

    expect((await cards.find({ state: 'closed', owner: 'bo' })).map((c) => c._id)).toEqual(['a']);
    expect((await cards.find({ board: 'b9', done: true })).map((c) => c._id)).toEqual(['z']);
    expect(await cards.count({ state: 'open' })).toBe(1);
  });

  it('upgrades a file written with indexes on JSON expressions, and reads one it may not change', async () => {
    const dir = folder();
    fs.mkdirSync(path.dirname(embeddedFileOf(dir)), { recursive: true });
    const old = new Database(embeddedFileOf(dir));
    old.pragma('journal_mode = WAL');
    old.exec(`CREATE TABLE cards (_id TEXT PRIMARY KEY NOT NULL, doc BLOB NOT NULL)`);
    for (const index of sqlIndexesOf('cards', schema.indexes())) old.exec(index.sql);
    const insert = old.prepare(`INSERT INTO cards (_id, doc) VALUES (?, jsonb(?))`);
    insert.run('a', JSON.stringify(card('a', { rank: 5, owner: 'ann' })));
    insert.run('b', JSON.stringify(card('b', { rank: 6, state: 'closed' })));
    old.close();

    // A reader that may not change the file reads it as it is.
    const reader = open(dir, { readonly: true }).collection(Cards);
    expect((await reader.find({ owner: 'ann' })).map((c) => c._id)).toEqual(['a']);

    const cards = open(dir).collection(Cards);
    expect((await cards.find({ state: 'closed' })).map((c) => c._id)).toEqual(['b']);
    expect((await cards.find({ board: 'b1' }, { sort: { rank: -1 } })).map((c) => c._id)).toEqual(['b', 'a']);
    const indexes = shell(dir)
      .prepare(
        `SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'cards' AND sql IS NOT NULL`,
      )
      .pluck()
      .all() as string[];
    expect(indexes).toHaveLength(4);
    expect(indexes.filter((sql) => sql.includes('json_extract'))).toEqual([]);
  });

  it('drops the column of an index a newer version no longer declares, and still answers on that field', async () => {
    const dir = folder();
    const noteSchema = (indexed: string[]) => {
      const declared = documentSchema({ board: { type: String, required: true }, state: { type: String } });
      for (const field of indexed) declared.index({ [field]: 1 });
      return declared;
    };
    interface Note extends BaseDoc {
      board: string;
      state: string;
    }
    const first = open(dir).collection(defineCollection<Note>('notes', noteSchema(['board', 'state'])));
    await first.insertMany([
      { _id: 'a', board: 'b1', state: 'open' },
      { _id: 'b', board: 'b2', state: 'closed' },
    ]);
    await opened.pop()!.close();

    const next = open(dir).collection(defineCollection<Note>('notes', noteSchema(['board'])));
    const columns = shell(dir).prepare(`SELECT name FROM pragma_table_info('notes')`).pluck().all();
    expect(columns).toEqual(['_id', 'doc', 'f:board']);
    await next.updateOne({ _id: 'a' }, { $set: { state: 'closed' } });
    expect((await next.find({ state: 'closed' }, { sort: { board: 1 } })).map((n) => n._id)).toEqual([
      'a',
      'b',
    ]);
  });
});
