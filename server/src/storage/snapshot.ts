import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import nedbModel from '@seald-io/nedb/lib/model.js';
import type { BaseDoc, CollectionDef } from './port';

/**
 * Reads an embedded collection's file without opening the store: no lock, no compaction, no
 * writes, so tools can read while a server owns the folder. NeDB files are append-only lines;
 * the last line for an id wins and `$$deleted` removes it.
 */
export async function readEmbeddedCollection<T extends BaseDoc>(dataDir: string, def: CollectionDef<T>): Promise<T[]> {
  const file = path.join(dataDir, 'db', `${def.name}.db`);
  if (!fs.existsSync(file)) return [];
  const docs = new Map<string, T>();
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    let doc: (T & { $$deleted?: boolean; $$indexCreated?: unknown }) | null = null;
    try {
      doc = nedbModel.deserialize(line) as T & { $$deleted?: boolean; $$indexCreated?: unknown };
    } catch {
      continue; // a torn last line from a crash: NeDB drops it the same way at load
    }
    if (doc.$$indexCreated) continue;
    if (doc.$$deleted) docs.delete(doc._id);
    else docs.set(doc._id, doc);
  }
  return [...docs.values()];
}
