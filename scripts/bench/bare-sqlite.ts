import { openDatabase } from '../../server/src/storage/sqlite/driver';
import type Database from 'better-sqlite3';
import { configureConnection, SynchronousMode } from '../../server/src/storage/embedded';

/**
 * The baseline of the store benches: a bare better-sqlite3 connection with the embedded store's
 * pragmas (WAL, synchronous FULL, the same cache) and a table of the same shape (`_id` primary key,
 * the document as JSONB), used through raw prepared statements only: no validation, no mutex, no
 * JSON round trip through the adapter. What is left between it and ours is the adapter's own cost.
 */
export function openBareTable(file: string, table: string): Database.Database {
  const db = openDatabase(file);
  configureConnection(db, SynchronousMode.Full);
  db.exec(`CREATE TABLE "${table}" (_id TEXT PRIMARY KEY NOT NULL, doc BLOB NOT NULL)`);
  return db;
}
