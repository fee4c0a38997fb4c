import fs from 'node:fs';
import path from 'node:path';
import nedbModel from '@seald-io/nedb/lib/model.js';
import type { Config } from '../../server/src/config';
import { openMongoStorage } from '../../server/src/storage/mongo';
import type { BaseDoc, CollectionDef, Filter } from '../../server/src/storage/port';

/** Top-level fields equal to a value, or one of several (`{ $in: [...] }`): all ops reads need. */
export type Where<T> = { [K in keyof T]?: T[K] | { $in: readonly T[K][] } };

/**
 * Read-only access to every stored collection: straight from the embedded files (safe while a
 * server runs, nothing is written) or from MongoDB.
 */
export interface ReadSource {
  all<T extends BaseDoc>(def: CollectionDef<T>): Promise<T[]>;
  /** The documents matching `where` (filtered by MongoDB itself, or in memory for the files). */
  where<T extends BaseDoc>(def: CollectionDef<T>, where: Where<T>): Promise<T[]>;
  close(): Promise<void>;
  /** Set when reading the embedded files: their data folder, for tools that stream a large collection instead of `all`. */
  readonly embeddedDir?: string;
}

const READ_CHUNK_BYTES = 1 << 20;
const LF = 0x0a;
const CR = 0x0d;

/**
 * One stored line as NeDB reads it. NeDB's `deserialize` is `JSON.parse` with a reviver that
 * turns `{ $$date: n }` into Dates; a reviver makes parsing several times slower, and it can only
 * change a line that spells `$$date`, or escapes characters (`\u0024`): every other line gets
 * the plain, much faster parse with the same result.
 */
function parseStoredLine(line: string): unknown {
  return line.includes('$$date') || line.includes('\\u') ? nedbModel.deserialize(line) : JSON.parse(line);
}

/** A stored line's document: `$$deleted` set when the line removes its `_id`. */
export type StoredLineDoc<T extends BaseDoc> = T & { $$deleted?: boolean; $$indexCreated?: unknown };

/**
 * What one stored line does, as NeDB reads it: null for a line that does nothing (blank, an
 * index line, a torn line from a crash, which NeDB drops the same way at load), otherwise its
 * document: it replaces the document with the same `_id`, or removes it when `$$deleted`.
 */
export function storedDocOf<T extends BaseDoc>(line: string): StoredLineDoc<T> | null {
  if (!line.trim()) return null;
  let doc: StoredLineDoc<T>;
  try {
    doc = parseStoredLine(line) as StoredLineDoc<T>;
  } catch {
    return null;
  }
  return doc.$$indexCreated ? null : doc;
}

/** Receives each line of a stored file: `buffer[start, end)`, `offset` its byte position in the file. */
export type StoredLineVisitor = (buffer: Buffer, start: number, end: number, offset: number) => void;

/**
 * Splits `buffer[start, end)` into stored lines as readline splits a file: at every \n and at
 * every \r (so \r\n leaves an empty line, which is blank). UTF-8 never uses these bytes inside
 * a character, so splitting bytes is splitting text. Returns where the unfinished last line
 * starts (it is passed on only when `final`).
 */
function splitStoredLines(buffer: Buffer, start: number, end: number, base: number, final: boolean, visit: StoredLineVisitor): number {
  let cr = buffer.indexOf(CR, start);
  let lf = buffer.indexOf(LF, start);
  for (;;) {
    if (cr >= 0 && cr < start) cr = buffer.indexOf(CR, start);
    if (lf >= 0 && lf < start) lf = buffer.indexOf(LF, start);
    const stop = cr < 0 ? lf : lf < 0 ? cr : Math.min(cr, lf);
    if (stop < 0 || stop >= end) break;
    visit(buffer, start, stop, base + start);
    start = stop + 1;
  }
  if (final) {
    visit(buffer, start, end, base + start);
    return end;
  }
  return start;
}

/** Streams a stored file line by line (nothing is kept): see `splitStoredLines`. */
export async function forEachStoredLine(file: string, visit: StoredLineVisitor): Promise<void> {
  let carry: Buffer | null = null;
  let carryOffset = 0;
  let offset = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: READ_CHUNK_BYTES }) as AsyncIterable<Buffer>) {
    const buffer: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
    const base = carry ? carryOffset : offset;
    offset += chunk.length;
    const rest = splitStoredLines(buffer, 0, buffer.length, base, false, visit);
    carry = rest < buffer.length ? buffer.subarray(rest) : null;
    carryOffset = base + rest;
  }
  if (carry) splitStoredLines(carry, 0, carry.length, carryOffset, true, visit);
}

/**
 * The lines of a byte range of a stored file that starts and ends on line boundaries (as
 * `forEachStoredLine` reported them), read with one positioned read.
 */
export function forEachStoredLineIn(fd: number, start: number, end: number, visit: StoredLineVisitor): void {
  const buffer = Buffer.allocUnsafe(end - start);
  let read = 0;
  while (read < buffer.length) {
    const n = fs.readSync(fd, buffer, read, buffer.length - read, start + read);
    if (n === 0) throw new Error(`stored file shrank while it was read (at byte ${start + read})`);
    read += n;
  }
  splitStoredLines(buffer, 0, buffer.length, start, true, visit);
}

export function storedFileOf(dataDir: string, def: CollectionDef<BaseDoc>): string {
  return path.join(dataDir, 'db', `${def.name}.db`);
}

/**
 * Streams the effect of every line of an embedded collection's file onto `docs` (a Map, or
 * anything that keeps only what it needs): the same result as `readEmbeddedFile` without
 * holding the documents.
 */
export async function foldEmbeddedFile<T extends BaseDoc>(
  dataDir: string,
  def: CollectionDef<T>,
  docs: { set(id: string, doc: T): unknown; delete(id: string): unknown },
): Promise<void> {
  const file = storedFileOf(dataDir, def as unknown as CollectionDef<BaseDoc>);
  if (!fs.existsSync(file)) return;
  await forEachStoredLine(file, (buffer, start, end) => {
    const doc = storedDocOf<T>(buffer.toString('utf8', start, end));
    if (!doc) return;
    if (doc.$$deleted) docs.delete(doc._id);
    else docs.set(doc._id, doc);
  });
}

/**
 * Reads an embedded collection's file without opening the store: no lock, no compaction, no
 * writes, so this is safe while a server owns the folder. Same result as
 * `readEmbeddedCollection` (server/src/storage/snapshot.ts): the last line for an id wins,
 * `$$deleted` removes it, index lines and a torn line are skipped; lines end at \n, \r\n or
 * \r as readline splits them. Faster for large logs: big chunks instead of readline, and the
 * plain parse where NeDB's reviver cannot change anything.
 */
export async function readEmbeddedFile<T extends BaseDoc>(dataDir: string, def: CollectionDef<T>): Promise<T[]> {
  const docs = new Map<string, T>();
  await foldEmbeddedFile(dataDir, def, docs);
  return [...docs.values()];
}

function matches<T>(doc: T, where: Where<T>): boolean {
  return Object.entries(where).every(([key, expected]) => {
    const value = (doc as Record<string, unknown>)[key];
    if (expected !== null && typeof expected === 'object' && '$in' in expected) return (expected.$in as unknown[]).includes(value);
    return value === expected;
  });
}

export async function openReadSource(config: Pick<Config, 'MONGODB_URI' | 'DATA_DIR'>): Promise<ReadSource> {
  if (!config.MONGODB_URI) {
    return {
      all: (def) => readEmbeddedFile(config.DATA_DIR, def),
      where: async (def, where) => (await readEmbeddedFile(config.DATA_DIR, def)).filter((doc) => matches(doc, where)),
      close: async () => undefined,
      embeddedDir: config.DATA_DIR,
    };
  }
  const storage = await openMongoStorage(config.MONGODB_URI);
  return {
    all: (def) => storage.collection(def).find({}),
    where: <T extends BaseDoc>(def: CollectionDef<T>, where: Where<T>) => storage.collection(def).find(where as Filter<T>),
    close: () => storage.close(),
  };
}
