import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type Database from 'better-sqlite3';
import { openDatabase, pragma } from './sqlite/driver';
import { ALL_COLLECTIONS } from '../collections';
import { createCollectionTable, EMBEDDED_FILE, embeddedFileOf } from './embedded';
import { reconcileTable } from './sqlite/key-columns';
import { acquireStoreLock } from './lock';

/**
 * Moves a data folder written by the NeDB versions (one `db/<collection>.db` file of JSON lines per
 * collection) into the SQLite store, once, at the first start of this version (or with
 * `ops migrate`). The store is built in a side file and renamed into place only when complete, so
 * a kill at any point leaves either the old folder untouched (the move starts again cleanly) or the
 * finished store with its completion mark (the old files are then set aside). Old files are
 * renamed into a dated folder, never deleted.
 */

export interface MigrationReport {
  /** Documents moved, by collection. */
  counts: Record<string, number>;
  /** Where the old files were put. */
  keptIn: string;
  seconds: number;
}

export interface MigrationLog {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
}

const NEDB_SUFFIX = '.db';
const BUILDING = `${EMBEDDED_FILE}.moving`;
const MARK_KEY = 'moved-from-nedb';
const BATCH_LINES = 5_000;

const nedbFilesIn = (dbDir: string) =>
  fs.existsSync(dbDir)
    ? fs
        .readdirSync(dbDir)
        .filter((name) => name.endsWith(NEDB_SUFFIX) && fs.statSync(path.join(dbDir, name)).isFile())
    : [];

/** NeDB writes dates as `{ "$$date": ms }`; every stored time of ours is a number of milliseconds. */
const reviveDates = (_key: string, value: unknown) =>
  value !== null && typeof value === 'object' && '$$date' in value
    ? (value as { $$date: number }).$$date
    : value;

/** One line's document as NeDB reads it: null for blank lines, index lines and a torn last line. */
function nedbDocOf(line: string): (Record<string, unknown> & { _id: string; $$deleted?: boolean }) | null {
  if (!line.trim()) return null;
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(line, line.includes('$$date') ? reviveDates : undefined) as Record<string, unknown>;
  } catch {
    return null;
  }
  if ('$$indexCreated' in doc || typeof doc._id !== 'string') return null;
  return doc as Record<string, unknown> & { _id: string; $$deleted?: boolean };
}

/** Streams one NeDB file into its table: the last line for an id wins, `$$deleted` removes it. */
async function moveFile(db: Database.Database, file: string, collection: string): Promise<number> {
  createCollectionTable(db, collection);
  const upsert = db.prepare(
    `INSERT INTO "${collection}" (_id, doc) VALUES (?, jsonb(?)) ON CONFLICT(_id) DO UPDATE SET doc = excluded.doc`,
  );
  const remove = db.prepare(`DELETE FROM "${collection}" WHERE _id = ?`);
  let batch: string[] = [];
  const flush = db.transaction((lines: string[]) => {
    for (const line of lines) {
      const doc = nedbDocOf(line);
      if (!doc) continue;
      if (doc.$$deleted) {
        remove.run(doc._id);
        continue;
      }
      upsert.run(doc._id, JSON.stringify(doc));
    }
  });
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    batch.push(line);
    if (batch.length >= BATCH_LINES) {
      flush(batch);
      batch = [];
    }
  }
  flush(batch);
  return db.prepare(`SELECT count(*) FROM "${collection}"`).pluck().get() as number;
}

function fsyncPath(target: string): void {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function removeSideFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true });
}

function readMark(file: string): MigrationReport['counts'] | null {
  const db = openDatabase(file, { readonly: true });
  try {
    const hasMeta = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_meta'`).get();
    if (!hasMeta) return null;
    const text = db.prepare(`SELECT value FROM _meta WHERE key = ?`).pluck().get(MARK_KEY) as
      string | undefined;
    return text ? (JSON.parse(text) as MigrationReport['counts']) : null;
  } finally {
    db.close();
  }
}

/** Renames the NeDB files into `db/nedb-moved-<time>/`: kept for the operator, out of the way. */
function setAside(dbDir: string, names: readonly string[], at: Date): string {
  const keptIn = path.join(dbDir, `nedb-moved-${at.toISOString().replace(/[:.]/g, '-')}`);
  fs.mkdirSync(keptIn, { recursive: true });
  for (const name of names) fs.renameSync(path.join(dbDir, name), path.join(keptIn, name));
  fsyncPath(dbDir);
  return keptIn;
}

async function build(dbDir: string, names: readonly string[]): Promise<MigrationReport['counts']> {
  const side = path.join(dbDir, BUILDING);
  removeSideFiles(side); // a move a kill cut off starts again from nothing
  const db = openDatabase(side);
  const counts: MigrationReport['counts'] = {};
  try {
    // A side file that a crash would simply rebuild: no journal needed while it fills.
    pragma(db, 'journal_mode = OFF');
    pragma(db, 'synchronous = OFF');
    for (const name of names) {
      const collection = name.slice(0, -NEDB_SUFFIX.length);
      counts[collection] = await moveFile(db, path.join(dbDir, name), collection);
    }
    // The declared indexes, as a server start would make them: a tool that reads the moved store
    // before any server has started (replay after `ops migrate`) reads it on its indexes.
    for (const def of ALL_COLLECTIONS) {
      createCollectionTable(db, def.name);
      reconcileTable(db, def.name, def.schema.indexes());
    }
    db.exec(`CREATE TABLE _meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)`);
    db.prepare(`INSERT INTO _meta (key, value) VALUES (?, ?)`).run(MARK_KEY, JSON.stringify(counts));
    pragma(db, 'journal_mode = WAL');
  } finally {
    db.close();
  }
  fsyncPath(side);
  return counts;
}

/**
 * Moves the NeDB files of `dataDir` into the SQLite store if there are any; null when there was
 * nothing to move. Refuses (StoreInUseError) while a server holds the folder.
 */
export async function migrateNedbFolder(
  dataDir: string,
  log?: MigrationLog,
  now = () => new Date(),
): Promise<MigrationReport | null> {
  const dbDir = path.join(dataDir, 'db');
  const names = nedbFilesIn(dbDir);
  if (names.length === 0) return null;
  const started = performance.now();
  const target = embeddedFileOf(dataDir);
  const release = acquireStoreLock(dataDir, 'migrate');
  try {
    let counts = fs.existsSync(target) ? readMark(target) : null;
    if (fs.existsSync(target) && !counts) {
      log?.warn(
        { files: names, store: target },
        'NeDB files found beside an SQLite store that was not moved from them: left as they are',
      );
      return null;
    }
    if (!counts) {
      log?.info({ files: names }, 'moving the NeDB store to SQLite');
      counts = await build(dbDir, names);
      fs.renameSync(path.join(dbDir, BUILDING), target);
      fsyncPath(dbDir);
    }
    const keptIn = setAside(dbDir, names, now());
    const report = { counts, keptIn, seconds: (performance.now() - started) / 1000 };
    log?.info({ ...report }, 'moved the NeDB store to SQLite; the old files are kept aside');
    return report;
  } finally {
    release();
  }
}
