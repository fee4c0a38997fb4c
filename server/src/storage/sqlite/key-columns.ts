import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { documentFields, fieldSql, KEY_COLUMN_PREFIX, keyColumnSql } from './filter';
import { quoteName, reconcileIndexes, sqlIndexesOf, type IndexChanges, type SchemaIndex } from './indexes';

/**
 * Every field a declared index covers is kept in a column of its own beside the document, equal to
 * `json_extract(doc, '$.field')` at all times, and the indexes are built on those columns.
 *
 * Why: SQLite cannot tell whether an index on an expression of `doc` changed when `doc` is written,
 * so every update of a document rewrote every index of its table. A running task's progress step
 * (one field no index covers) dirtied the task's six index pages as well as its own, and its commit
 * wrote them all to the log while holding the file's write lock. An index on a column is rewritten
 * only when that column is written, which a trigger does only when the field's value moved.
 *
 * The triggers keep the columns true whoever writes the document: this store, another process, an
 * ops command, the sqlite3 shell.
 */
const TRIGGER_PREFIX = '_keys_';

/** The fields the declared indexes cover (other than `_id`, a column already). */
function keyPathsOf(indexes: readonly SchemaIndex[]): string[] {
  const paths = new Set(indexes.flatMap(([fields]) => Object.keys(fields)).filter((p) => p !== '_id'));
  return [...paths].sort();
}

/** The key columns a table has (a file written before them, read-only, has none). */
export function keyColumnsIn(db: Database.Database, table: string): string[] {
  return (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[])
    .filter((name) => name.startsWith(KEY_COLUMN_PREFIX))
    .map((name) => name.slice(KEY_COLUMN_PREFIX.length));
}

/** `INSERT` of a document with its key columns, computed by SQLite from the stored JSONB. */
export function insertSql(table: string, keyPaths: readonly string[]): string {
  const columns = ['_id', 'doc', ...keyPaths.map((p) => keyColumnSql(p))].join(', ');
  const values = ['?', 'd', ...keyPaths.map((p) => fieldSql(p, 'd'))];
  // The id, then the document's JSON text, bound in that order; SQLite makes the JSONB once.
  return `INSERT INTO ${quoteName(table)} (${columns}) SELECT ${values.join(', ')} FROM (SELECT jsonb(?) AS d)`;
}

const extractNew = (path: string) => fieldSql(path, 'NEW.doc');
const stale = (path: string) => `NEW.${keyColumnSql(path)} IS NOT ${extractNew(path)}`;

/** The trigger statements that set each key column whose field moved (only those: see above). */
function triggerSql(table: string, paths: readonly string[], hash: string): string[] {
  const name = (event: string) => quoteName(`${TRIGGER_PREFIX}${table}_${event}_${hash}`);
  const setEach = paths
    .map(
      (p) =>
        `UPDATE ${quoteName(table)} SET ${keyColumnSql(p)} = ${extractNew(p)} ` +
        `WHERE rowid = NEW.rowid AND ${stale(p)};`,
    )
    .join(' ');
  const when = paths.map(stale).join(' OR ');
  return [
    `CREATE TRIGGER IF NOT EXISTS ${name('update')} AFTER UPDATE OF doc ON ${quoteName(table)} WHEN ${when} BEGIN ${setEach} END`,
    `CREATE TRIGGER IF NOT EXISTS ${name('insert')} AFTER INSERT ON ${quoteName(table)} WHEN ${when} BEGIN ${setEach} END`,
  ];
}

/**
 * Makes a collection's table what its declared indexes need, inside the caller's transaction:
 * key columns added (and filled from the documents), the triggers that keep them, the indexes on
 * them; then whatever an older definition left (expression indexes, unused columns) dropped.
 */
export function reconcileTable(
  db: Database.Database,
  table: string,
  indexes: readonly SchemaIndex[],
): IndexChanges {
  const paths = keyPathsOf(indexes);
  const existing = new Set(keyColumnsIn(db, table));
  const added = paths.filter((p) => !existing.has(p));
  for (const p of added) db.exec(`ALTER TABLE ${quoteName(table)} ADD COLUMN ${keyColumnSql(p)}`);
  if (added.length)
    db.exec(
      `UPDATE ${quoteName(table)} SET ${added.map((p) => `${keyColumnSql(p)} = ${fieldSql(p)}`).join(', ')}`,
    );
  reconcileTriggers(db, table, paths);
  const fields = documentFields(new Set(paths));
  const changes = reconcileIndexes(db, table, sqlIndexesOf(table, indexes, fields.field));
  for (const p of existing)
    if (!paths.includes(p)) db.exec(`ALTER TABLE ${quoteName(table)} DROP COLUMN ${keyColumnSql(p)}`);
  return changes;
}

function reconcileTriggers(db: Database.Database, table: string, paths: readonly string[]): void {
  const hash = createHash('sha256').update(paths.join('\n')).digest('hex').slice(0, 10);
  const wanted = paths.length ? triggerSql(table, paths, hash) : [];
  const names = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? AND name GLOB ?`)
    .pluck()
    .all(table, `${TRIGGER_PREFIX}*`) as string[];
  for (const name of names)
    if (!name.endsWith(`_${hash}`) || !paths.length) db.exec(`DROP TRIGGER IF EXISTS ${quoteName(name)}`);
  for (const sql of wanted) db.exec(sql);
}
