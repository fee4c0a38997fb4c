import type { SqliteDatabase } from './driver';
import { quoteName } from './indexes';
import { blockingUntilUnlocked } from './lock-wait';

const TABLE = '_changes';
const WRITES = ['INSERT', 'UPDATE', 'DELETE'] as const;

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Counts kept by SQLite of the rows written to `tables`, by any connection: triggers raise a
 * table's count inside the writing transaction, whoever writes (this store in another process,
 * an ops command, the sqlite3 shell), and a rolled-back write takes its count back with it.
 * Idempotent: every process that watches the same tables may ask.
 */
export function countWritesTo(db: SqliteDatabase, tables: readonly string[]): void {
  blockingUntilUnlocked(db, () =>
    db
      .transaction(() => {
        db.exec(
          `CREATE TABLE IF NOT EXISTS ${TABLE} (name TEXT PRIMARY KEY NOT NULL, n INTEGER NOT NULL) WITHOUT ROWID`,
        );
        const row = db.prepare(`INSERT OR IGNORE INTO ${TABLE} (name, n) VALUES (?, 0)`);
        for (const table of tables) {
          row.run(table);
          for (const write of WRITES) {
            db.exec(
              `CREATE TRIGGER IF NOT EXISTS ${quoteName(`${TABLE}_${table}_${write.toLowerCase()}`)} ` +
                `AFTER ${write} ON ${quoteName(table)} BEGIN ` +
                `UPDATE ${TABLE} SET n = n + 1 WHERE name = ${literal(table)}; END`,
            );
          }
        }
      })
      .immediate(),
  );
}

/**
 * A number that moves whenever another connection commits a write to one of `tables`.
 * SQLite's `data_version` moves on every commit of another connection, whatever it wrote: alone,
 * it would say "changed" on each of another cluster member's task steps. So it only says when to
 * look; the counts of `countWritesTo` (read only then) say whether the commit touched these
 * tables. Without the counts (a read-only connection, whose file may have none), every commit of
 * another connection counts.
 */
export function commitsElsewhere(db: SqliteDatabase, tables: readonly string[], counted: boolean) {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const countsNow = counted
    ? db
        .prepare(
          `SELECT coalesce(sum(n), 0) FROM ${TABLE} WHERE name IN (${tables.map(() => '?').join(', ')})`,
        )
        .pluck()
    : null;
  let seen = dataVersion.get();
  let counts = countsNow ? (countsNow.get(...tables) as number) : 0;
  return (): number => {
    const now = dataVersion.get();
    if (now !== seen) {
      // Read after data_version: a commit between the two is in the counts, or moves it again.
      seen = now;
      counts = countsNow ? (countsNow.get(...tables) as number) : counts + 1;
    }
    return counts;
  };
}
