import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { IndexDefinition, IndexOptions } from 'mongoose';
import { fieldSql } from './filter';

/** What mongoose's `schema.indexes()` lists: the fields of each index and its options. */
export type SchemaIndex = readonly [IndexDefinition, IndexOptions?];

export interface SqlIndex {
  name: string;
  sql: string;
}

const OURS = 'ix_';

export const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The SQLite index for each declared index, on the same expressions the queries use. The name
 * carries a hash of the definition, so a changed definition is a new index (the old one is dropped).
 * A sparse index skips documents without its first field, as a partial index.
 */
export function sqlIndexesOf(
  table: string,
  indexes: readonly SchemaIndex[],
  field: (path: string) => string = fieldSql,
): SqlIndex[] {
  return indexes.map(([fields, options]) => {
    const entries = Object.entries(fields);
    const columns = entries
      .map(([path, direction]) => `${field(path)}${direction === -1 ? ' DESC' : ''}`)
      .join(', ');
    const unique = options?.unique ? 'UNIQUE ' : '';
    const partial = options?.sparse
      ? ` WHERE ${entries.map(([path]) => `${field(path)} IS NOT NULL`).join(' AND ')}`
      : '';
    const shape = `${unique}${columns}${partial}`;
    const hash = createHash('sha256').update(shape).digest('hex').slice(0, 10);
    const label = entries.map(([path]) => path.replace(/\W/g, '_')).join('_');
    const name = `${OURS}${table}_${label}_${hash}`;
    return {
      name,
      sql: `CREATE ${unique}INDEX IF NOT EXISTS ${quoteName(name)} ON ${quoteName(table)} (${columns})${partial}`,
    };
  });
}

export interface IndexChanges {
  created: string[];
  dropped: string[];
}

/** Makes the table's indexes exactly the declared ones: creates what is missing, drops what no longer is. */
export function reconcileIndexes(
  db: Database.Database,
  table: string,
  wanted: readonly SqlIndex[],
): IndexChanges {
  const existing = db
    .prepare<[string], { name: string }>(
      `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name LIKE '${OURS}%'`,
    )
    .all(table)
    .map((row) => row.name);
  const wantedNames = new Set(wanted.map((index) => index.name));
  const changes: IndexChanges = { created: [], dropped: [] };
  for (const name of existing) {
    if (wantedNames.has(name)) continue;
    db.exec(`DROP INDEX IF EXISTS ${quoteName(name)}`);
    changes.dropped.push(name);
  }
  for (const index of wanted) {
    if (existing.includes(index.name)) continue;
    db.exec(index.sql);
    changes.created.push(index.name);
  }
  return changes;
}
