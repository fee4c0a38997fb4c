import Database from 'better-sqlite3';

/**
 * better-sqlite3 12 on Node 24 aborts the whole process when the garbage collector finalizes a
 * statement (`Assertion failed: (env) != nullptr` in RemoveEnvironmentCleanupHook, from
 * `Statement::~Statement`); 13 fixes it but needs Node 22, and Node 20 is still supported. So every
 * connection and every statement stays reachable for the life of the process, and the collector
 * never finalizes one. What that keeps is bounded: connections are few, and statements are one per
 * distinct SQL text (the adapter prepares each once), a few hundred at most.
 */
const kept: unknown[] = [];

export type SqliteDatabase = Database.Database;

export function openDatabase(file: string, options?: Database.Options): SqliteDatabase {
  const db = new Database(file, options);
  kept.push(db);
  const prepare = db.prepare.bind(db);
  db.prepare = ((source: string) => {
    const statement = prepare(source);
    kept.push(statement);
    return statement;
  }) as SqliteDatabase['prepare'];
  return db;
}

/** A PRAGMA through a kept statement (`db.pragma` prepares one the collector would finalize). */
export function pragma(db: SqliteDatabase, text: string): unknown[] {
  const statement = db.prepare(`PRAGMA ${text}`);
  if (statement.reader) return statement.all();
  statement.run();
  return [];
}
