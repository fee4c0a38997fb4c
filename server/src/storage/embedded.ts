import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { Mongoose, type Model } from 'mongoose';
import { commitDurability, diskWaitRelaxed, groupCommit, writeAheadLogSync } from './durability';
import { transactionBatcher } from './sqlite/batch';
import { duplicateKeyError } from './errors';
import { acquireStoreLock, assertClusterLock } from './lock';
import type {
  BaseDoc,
  Collection,
  CollectionDef,
  FieldsOf,
  Filter,
  FindOptions,
  FollowingInsert,
  LinkedInsert,
  LinkedNumbering,
  LinkedWrite,
  ScalarField,
  Storage,
  Update,
} from './port';
import { checkedAtOnce, validateDocument, validateWithMongoose } from './schema';
import {
  documentFields,
  fieldJsonSql,
  orderSql,
  whereSql,
  type DocumentFields,
  type SqlPart,
  type SqlValue,
} from './sqlite/filter';
import { quoteName, type IndexChanges } from './sqlite/indexes';
import { insertSql, keyColumnsIn, reconcileTable } from './sqlite/key-columns';
import { applyUpdate, equalityFields } from './sqlite/update';
import {
  FALLBACK_AUTOCHECKPOINT_PAGES,
  startCheckpointer,
  type Checkpointer,
  type CheckpointerOptions,
} from './sqlite/checkpointer';
import { openDatabase, pragma } from './sqlite/driver';
import { commitsElsewhere, countWritesTo } from './sqlite/change-counts';
import { blockingUntilUnlocked, LOCK_WAIT_MS, NO_LOCK_SLEEP, whenUnlocked } from './sqlite/lock-wait';

/** The embedded store's file, under DATA_DIR/db. */
export const EMBEDDED_FILE = 'drawspace.sqlite';
export const embeddedFileOf = (dataDir: string) => path.join(dataDir, 'db', EMBEDDED_FILE);

export const SynchronousMode = { Normal: 'normal', Full: 'full' } as const;
export type SynchronousMode = (typeof SynchronousMode)[keyof typeof SynchronousMode];

export interface EmbeddedOptions {
  /**
   * Who opens the folder. A server owns it (one at a time, the pid lock); `ops` commands share it
   * with a running server, as SQLite's own locking allows.
   */
  purpose?: string;
  /** `full` also survives a power cut; `normal` survives any crash of the process (see README). */
  synchronous?: SynchronousMode;
  /** Told when opening a collection changed its indexes (a new version declared other ones). */
  onIndexChange?: (collection: string, changes: IndexChanges) => void;
  /**
   * Reads only, beside a running server (replay, ops reports): no lock, nothing written to the file;
   * a collection (or a whole store) that does not exist yet reads as empty.
   */
  readonly?: boolean;
  /**
   * One of a cluster's server processes (WORKERS > 1): the cluster's primary holds the folder's
   * lock for all of them, so this process checks that instead of taking it.
   */
  clusterMember?: boolean;
  /** Told of each distinct statement the first time it is prepared, with SQLite's plan for it (tests, diagnostics). */
  onNewQuery?: (collection: string, sql: string, plan: string[]) => void;
  /**
   * Checkpoints on a thread of their own (`sqlite/checkpointer.ts`) instead of inside the commit
   * that crosses SQLite's threshold: what a server does, so no commit holds its event loop for them.
   */
  checkpointInBackground?: CheckpointerOptions;
}

/**
 * Pragmas every connection to the store uses: WAL lets readers (ops, replay) run beside the writer.
 * A lock held by another process is waited for inside SQLite here; the store's own connections
 * then wait from the event loop instead (`sqlite/lock-wait.ts`).
 */
export function configureConnection(db: Database.Database, synchronous: SynchronousMode): void {
  pragma(db, 'journal_mode = WAL');
  pragma(db, `synchronous = ${synchronous.toUpperCase()}`);
  pragma(db, `busy_timeout = ${LOCK_WAIT_MS}`);
  pragma(db, 'temp_store = MEMORY');
  // 32 MiB of page cache at most, whatever the history: memory does not grow with the data.
  pragma(db, 'cache_size = -32768');
}

/** A write whose document another process changed this many times in a row gives up. */
const WRITE_RACE_RETRIES = 20;

/** Runs a synchronous write in a transaction of its own (a savepoint of this turn's shared one). */
type WriteTransaction = <R>(work: () => R) => Promise<R>;

/** How a collection's writes commit (`sqlite/batch.ts`): with this turn's others, or at once. */
interface CollectionWrites {
  inTurn: WriteTransaction;
  now: WriteTransaction;
}

interface StoredRow {
  id: string;
  text: string;
}

/** Runs this process's writes to a collection one at a time (validation awaits in between). */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<R>(work: () => Promise<R>): Promise<R> {
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

function isUniqueViolation(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown })?.code;
  return (
    typeof code === 'string' &&
    (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
  );
}

/** Paths the schema declares as lists: equality on them matches an element, as in MongoDB. */
function arrayPathsOf(model: Model<Record<string, unknown>>): Set<string> {
  const paths = new Set<string>();
  model.schema.eachPath((name, type) => {
    if ((type as { instance?: string }).instance === 'Array') paths.add(name);
  });
  return paths;
}

export class EmbeddedCollection<T extends BaseDoc> implements Collection<T> {
  private readonly table: string;
  private readonly statements = new Map<string, Database.Statement>();
  /** How queries spell each field (its key column, or the document's JSON). */
  private readonly fields: DocumentFields;
  private readonly insertSql: string;
  private readonly mutex = new Mutex();
  /** Write transactions this process ran on the collection (see `Storage.changesOf`). */
  private committed = 0;

  constructor(
    readonly name: string,
    private readonly db: Database.Database,
    private readonly model: Model<Record<string, unknown>>,
    private readonly commits: CollectionWrites,
    private readonly onNewQuery?: EmbeddedOptions['onNewQuery'],
  ) {
    this.table = quoteName(name);
    // The columns the table has: all declared ones once opened to write, none on an old file read only.
    const keyColumns = keyColumnsIn(db, name);
    this.fields = documentFields(new Set(keyColumns), arrayPathsOf(model));
    this.insertSql = insertSql(name, keyColumns);
  }

  /** A prepared statement, kept; `params` are examples of its values, for the plan `onNewQuery` reports. */
  private statement(sql: string, params: readonly SqlValue[] = []): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
      if (this.onNewQuery && statement.reader) this.onNewQuery(this.name, sql, this.planOf(sql, [...params]));
    }
    return statement;
  }

  /** Validates and casts a whole document with the collection's mongoose schema, as MongoDB's adapter does. */
  validated(doc: unknown): Promise<T> {
    return validateDocument(this.model, doc) as Promise<T>;
  }

  /**
   * The same, without waiting when the fast path is certain: a write then joins this turn's
   * transaction at once, in the order it was asked for (a delete asked after it comes after it).
   */
  validatedSoon(doc: unknown): T | Promise<T> {
    return (
      (checkedAtOnce(this.model, doc) as T | undefined) ??
      (validateWithMongoose(this.model, doc) as Promise<T>)
    );
  }

  /** `then` applied at once to a value, or once a promise resolves. */
  private static after<V, R>(value: V | Promise<V>, then: (value: V) => Promise<R>): Promise<R> {
    return value instanceof Promise ? value.then(then) : then(value);
  }

  private guard<R>(work: () => R): R {
    try {
      return work();
    } catch (error) {
      if (isUniqueViolation(error))
        throw duplicateKeyError(this.name, error.message.replace(/^UNIQUE constraint failed: /, ''));
      throw error;
    }
  }

  /**
   * One write transaction (BEGIN IMMEDIATE), so another process's write cannot interleave: a
   * savepoint in the transaction this turn's writes share (`sqlite/batch.ts`), or committed at
   * once for a write made under the collection's mutex (an update: the next one waits for it).
   */
  private async transaction<R>(work: () => R, commit: keyof CollectionWrites = 'inTurn'): Promise<R> {
    try {
      return await this.commits[commit](() => this.guard(work));
    } finally {
      // Counted even when it throws: a commit followed by a failing disk wait changed documents too.
      this.committed += 1;
    }
  }

  /** How many write transactions this process ran on the collection so far. */
  get writes(): number {
    return this.committed;
  }

  private read<R>(work: () => R): Promise<R> {
    return whenUnlocked(() => this.guard(work));
  }

  /**
   * Validation is asynchronous (mongoose), so a read-modify-write cannot sit in one synchronous
   * transaction. Writes of this process run one at a time (the mutex); a write of another process
   * (an ops command) between the read and the write is caught by comparing the stored document
   * with the one read, and the update is computed again.
   */
  private async replaceIfUnchanged(
    read: () => StoredRow[],
    change: (doc: T) => Promise<T>,
  ): Promise<T[] | null> {
    const rows = read();
    const next = await Promise.all(rows.map((row) => change(JSON.parse(row.text) as T)));
    return this.transaction(() => {
      const current = this.statement(`SELECT json(doc) FROM ${this.table} WHERE _id = ?`, ['']).pluck();
      if (rows.some((row) => current.get(row.id) !== row.text)) return null;
      for (const doc of next) this.replaceRow(doc);
      return next;
    }, 'now');
  }

  private async updateRows(read: () => StoredRow[], update: Update<T>): Promise<T[]> {
    for (let attempt = 1; ; attempt++) {
      const written = await this.replaceIfUnchanged(read, (doc) =>
        this.validated(
          applyUpdate(doc as unknown as Record<string, unknown>, update as Record<string, unknown>, false),
        ),
      );
      if (written) return written;
      if (attempt >= WRITE_RACE_RETRIES) throw duplicateKeyError(this.name, 'concurrent update');
    }
  }

  private storedRows(filter: Filter<T>, options: FindOptions<T> = {}): StoredRow[] {
    const { sql, params } = this.selectSql(filter, options, '_id AS id, json(doc) AS text');
    return this.statement(sql, params).all(...params) as StoredRow[];
  }

  /** The SELECT for a find, shared with `explain` so a test sees the plan of the real query. */
  selectSql(filter: Filter<T>, options: FindOptions<T> = {}, columns = 'json(doc)'): SqlPart {
    const where = whereSql(filter as Record<string, unknown>, this.fields);
    let sql = `SELECT ${columns} FROM ${this.table} WHERE ${where.sql}${orderSql(options.sort as never, this.fields)}`;
    const params: SqlValue[] = [...where.params];
    if (options.limit || options.skip) {
      sql += ' LIMIT ? OFFSET ?';
      params.push(options.limit || -1, options.skip ?? 0);
    }
    return { sql, params };
  }

  private rows(filter: Filter<T>, options: FindOptions<T> = {}): T[] {
    const { sql, params } = this.selectSql(filter, options);
    return (
      this.statement(sql, params)
        .pluck()
        .all(...params) as string[]
    ).map((text) => JSON.parse(text) as T);
  }

  private insertRow(doc: T): void {
    this.statement(this.insertSql).run(doc._id, JSON.stringify(doc));
  }

  private replaceRow(doc: T): void {
    this.statement(`UPDATE ${this.table} SET doc = jsonb(?) WHERE _id = ?`).run(JSON.stringify(doc), doc._id);
  }

  /**
   * Inside the caller's write transaction: `set` applied to the first match of `filter`, written
   * as given (the server's own values: no schema run); null when nothing matches.
   */
  setWithin(filter: Filter<T>, set: Partial<Omit<T, '_id'>>): T | null {
    const [row] = this.storedRows(filter, { limit: 1 });
    if (!row) return null;
    const next = JSON.parse(row.text) as T;
    for (const [field, value] of Object.entries(set)) {
      if (value !== undefined) (next as Record<string, unknown>)[field] = value;
    }
    this.replaceRow(next);
    // The caller's transaction commits it: counted as this collection's write (`changesOf`).
    this.committed += 1;
    return next;
  }

  /** Inside the caller's write transaction: the number after the highest `field` matching `scope` (or `floor`). */
  nextNumberWithin({ scope, field, floor }: LinkedNumbering<T>): number {
    const where = whereSql(scope as Record<string, unknown>, this.fields);
    const last = this.statement(
      `SELECT max(${this.fields.field(field)}) FROM ${this.table} WHERE ${where.sql}`,
      where.params,
    )
      .pluck()
      .get(...where.params) as number | null;
    return Math.max(last ?? 0, floor) + 1;
  }

  /** Inside the caller's write transaction: `doc` inserted as given (the server's own: no schema run). */
  insertWithin(doc: T): void {
    this.guard(() => this.insertRow(doc));
    this.committed += 1;
  }

  /** The distinct values of one field (sorted), read from its index when it has one. */
  distinct<K extends keyof T & string>(field: K): T[K][] {
    const column = this.fields.field(field);
    const sql = `SELECT DISTINCT ${column} FROM ${this.table} WHERE ${column} IS NOT NULL ORDER BY 1`;
    return this.statement(sql).pluck().all() as T[K][];
  }

  private planOf(sql: string, params: SqlValue[]): string[] {
    return (this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map(
      (row) => row.detail,
    );
  }

  /** The plan SQLite picks for a find: one line per step, as `EXPLAIN QUERY PLAN` prints them. */
  explain(filter: Filter<T>, options: FindOptions<T> = {}): string[] {
    const { sql, params } = this.selectSql(filter, options);
    return this.planOf(sql, params);
  }

  // Inserts and deletes need no turn of their own (the mutex is for read-modify-writes): those
  // asked for at the same moment share a commit.
  insertOne(doc: T): Promise<T> {
    return EmbeddedCollection.after(this.validatedSoon(doc), (valid) =>
      this.transaction(() => this.insertRow(valid)).then(() => valid),
    );
  }

  /**
   * Stores `build(n)` where n follows the highest `field` among the documents matching `scope`
   * (and `floor`), in one write transaction: processes sharing the file never take the same
   * number, and a number is taken only by a stored document. `build(n)` may differ between
   * numbers only in `_id` and `field`: it is validated once, before the transaction.
   */
  insertNumbered<K extends keyof T & string>(
    scope: Filter<T>,
    field: K,
    floor: number,
    build: (n: number) => T,
  ): Promise<T> {
    return EmbeddedCollection.after(this.validatedSoon(build(floor + 1)), (valid) =>
      this.transaction(() => {
        const n = this.nextNumberWithin({ scope, field, floor });
        const numbered = build(n);
        const doc = { ...valid, _id: numbered._id, [field]: numbered[field] } as T;
        this.insertRow(doc);
        return doc;
      }),
    );
  }

  /** All or nothing: one failing document leaves none of the batch stored. */
  insertMany(docs: readonly T[]): Promise<T[]> {
    const checked = docs.map((doc) => this.validatedSoon(doc));
    const all = checked.some((doc) => doc instanceof Promise) ? Promise.all(checked) : (checked as T[]);
    return EmbeddedCollection.after(all, (valid) =>
      this.transaction(() => valid.forEach((doc) => this.insertRow(doc))).then(() => valid),
    );
  }

  findOne(filter: Filter<T>, options: Pick<FindOptions<T>, 'sort'> = {}): Promise<T | null> {
    return this.read(() => this.rows(filter, { ...options, limit: 1 })[0] ?? null);
  }

  find(filter: Filter<T>, options: FindOptions<T> = {}): Promise<T[]> {
    return this.read(() => this.rows(filter, options));
  }

  valuesOf<K extends ScalarField<T>>(
    filter: Filter<T>,
    field: K,
    options: FindOptions<T> = {},
  ): Promise<(T[K] | null)[]> {
    return this.read(() => {
      const { sql, params } = this.selectSql(filter, options, this.fields.field(field));
      return this.statement(sql, params)
        .pluck()
        .all(...params) as (T[K] | null)[];
    });
  }

  fieldsOf<K extends keyof T & string>(
    filter: Filter<T>,
    fields: readonly K[],
    options: FindOptions<T> = {},
  ): Promise<FieldsOf<T, K>[]> {
    // SQLite builds the small object: the JSON parsed here is a few fields, not the document.
    const pairs = fields.map((field) => `'${field}', ${fieldJsonSql(field)}`);
    return this.read(() => {
      const { sql, params } = this.selectSql(
        filter,
        options,
        `json_object(${["'_id', _id", ...pairs].join(', ')})`,
      );
      return (
        this.statement(sql, params)
          .pluck()
          .all(...params) as string[]
      ).map((text) => JSON.parse(text) as FieldsOf<T, K>);
    });
  }

  count(filter: Filter<T>): Promise<number> {
    return this.read(() => {
      const { sql, params } = this.selectSql(filter, {}, 'count(*)');
      return this.statement(sql, params)
        .pluck()
        .get(...params) as number;
    });
  }

  countBy<K extends keyof T & string>(filter: Filter<T>, field: K): Promise<Map<T[K], number>> {
    return this.read(() => {
      const { sql, params } = this.selectSql(
        filter,
        {},
        `${this.fields.field(field)} AS value, count(*) AS n`,
      );
      const rows = this.statement(`${sql} GROUP BY 1`, params).all(...params) as { value: T[K]; n: number }[];
      return new Map(rows.map((row) => [row.value, row.n]));
    });
  }

  findOneAndUpdate(
    filter: Filter<T>,
    update: Update<T>,
    options: { upsert?: boolean } = {},
  ): Promise<T | null> {
    return this.mutex.run(async () => {
      const [updated] = await this.updateRows(
        () => this.guard(() => this.storedRows(filter, { limit: 1 })),
        update,
      );
      if (updated || !options.upsert) return updated ?? null;
      const base = equalityFields(filter as Record<string, unknown>);
      const created = await this.validated(applyUpdate(base, update as Record<string, unknown>, true));
      // A document inserted meanwhile with the same id is a duplicate, as a racing upsert is on MongoDB.
      await this.transaction(() => this.insertRow(created), 'now');
      return created;
    });
  }

  async updateOne(filter: Filter<T>, update: Update<T>): Promise<{ matched: number }> {
    return { matched: (await this.findOneAndUpdate(filter, update)) ? 1 : 0 };
  }

  updateMany(filter: Filter<T>, update: Update<T>): Promise<{ matched: number }> {
    return this.mutex.run(async () => ({
      matched: (await this.updateRows(() => this.guard(() => this.storedRows(filter)), update)).length,
    }));
  }

  deleteOne(filter: Filter<T>): Promise<{ deleted: number }> {
    return this.transaction(() => {
      const { sql, params } = this.selectSql(filter, { limit: 1 }, '_id');
      const id = this.statement(sql, params)
        .pluck()
        .get(...params) as string | undefined;
      if (id === undefined) return { deleted: 0 };
      return { deleted: this.statement(`DELETE FROM ${this.table} WHERE _id = ?`).run(id).changes };
    });
  }

  deleteMany(filter: Filter<T>): Promise<{ deleted: number }> {
    return this.transaction(() => {
      const where = whereSql(filter as Record<string, unknown>, this.fields);
      return {
        deleted: this.statement(`DELETE FROM ${this.table} WHERE ${where.sql}`).run(...where.params).changes,
      };
    });
  }
}

export interface EmbeddedStorage extends Storage {
  readonly kind: 'embedded';
  collection<T extends BaseDoc>(def: CollectionDef<T>): EmbeddedCollection<T>;
  /** The SQLite file, for tools that read it on their own connection. */
  readonly file: string;
}

const hasTable = (db: Database.Database, name: string) =>
  db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;

/** The table every collection is: the id, and the document as JSONB (its key columns: `reconcileTable`). */
export function createCollectionTable(db: Database.Database, name: string): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${quoteName(name)} (_id TEXT PRIMARY KEY NOT NULL, doc BLOB NOT NULL)`);
}

/**
 * The embedded default: one SQLite file (WAL) under DATA_DIR/db, a table per collection with the
 * documents as JSONB; each field a declared index covers is kept in a column beside the document
 * (`sqlite/key-columns.ts`), and the indexes are on those columns, spelled as the queries spell them. Every write is committed before it is acknowledged; nothing is held in memory but SQLite's
 * bounded page cache.
 */
export function openEmbeddedStorage(
  dataDir: string,
  options: EmbeddedOptions | string = {},
): EmbeddedStorage {
  const opts = typeof options === 'string' ? { purpose: options } : options;
  const {
    purpose = 'server',
    synchronous = SynchronousMode.Full,
    onIndexChange,
    readonly = false,
    onNewQuery,
    clusterMember = false,
    checkpointInBackground,
  } = opts;
  const file = embeddedFileOf(dataDir);
  if (!readonly) fs.mkdirSync(path.dirname(file), { recursive: true });
  const unlocked = purpose === 'ops' || readonly;
  if (clusterMember && !unlocked) assertClusterLock(dataDir);
  const release = unlocked || clusterMember ? () => undefined : acquireStoreLock(dataDir, purpose);
  let db: Database.Database;
  try {
    // A folder no server has used yet reads as an empty store.
    db =
      readonly && !fs.existsSync(file)
        ? openDatabase(':memory:')
        : openDatabase(file, { readonly, fileMustExist: readonly });
    if (readonly) pragma(db, `busy_timeout = ${LOCK_WAIT_MS}`);
    else {
      configureConnection(db, synchronous);
      pragma(db, NO_LOCK_SLEEP);
    }
  } catch (error) {
    release();
    throw error;
  }
  const validator = new Mongoose();
  const collections = new Map<string, EmbeddedCollection<BaseDoc>>();
  const durability = readonly ? undefined : commitDurability(db, synchronous === SynchronousMode.Full);
  let checkpointer: Checkpointer | null = null;
  if (checkpointInBackground && !readonly) {
    pragma(db, `wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    checkpointer = startCheckpointer(file, checkpointInBackground);
  }
  const logSync = readonly || synchronous !== SynchronousMode.Full ? null : writeAheadLogSync(file);
  const flush = logSync ? groupCommit(logSync.sync) : async () => undefined;

  const batched = transactionBatcher(db, durability?.as ?? ((_relaxed, transaction) => transaction()));
  // Relaxed when its flow asked for it (`withoutWaitingForDisk`). Inserts, deletes and a new
  // document with its event join this turn's shared commit; an update (under its collection's
  // mutex) and a change with its event (a running task's step, watched live) commit at once.
  const writes: CollectionWrites = {
    inTurn: (work) => batched.inTurn(work, diskWaitRelaxed()),
    now: (work) => batched.now(work, diskWaitRelaxed()),
  };
  /** Inside a linked write: the document built from the first one, numbered and inserted (none when built null). */
  function followingInsert<T extends BaseDoc, U extends BaseDoc>(
    first: T,
    insert: FollowingInsert<T, U>,
  ): U | null {
    const log = storage.collection(insert.def);
    const doc = insert.build(first, insert.numbered ? log.nextNumberWithin(insert.numbered) : 0);
    if (doc) log.insertWithin(doc);
    return doc;
  }

  const storage: EmbeddedStorage = {
    kind: 'embedded',
    file,
    collection<T extends BaseDoc>(def: CollectionDef<T>): EmbeddedCollection<T> {
      const existing = collections.get(def.name);
      if (existing) return existing as unknown as EmbeddedCollection<T>;
      if (readonly) {
        // A temporary table lives in memory beside the read-only file and stands in for a missing one.
        if (!hasTable(db, def.name))
          db.exec(
            `CREATE TEMP TABLE ${quoteName(def.name)} (_id TEXT PRIMARY KEY NOT NULL, doc BLOB NOT NULL)`,
          );
      } else {
        blockingUntilUnlocked(db, () =>
          db
            .transaction(() => {
              createCollectionTable(db, def.name);
              const changes = reconcileTable(db, def.name, def.schema.indexes());
              if (changes.created.length || changes.dropped.length) onIndexChange?.(def.name, changes);
            })
            .immediate(),
        );
      }
      const model = validator.model<Record<string, unknown>>(def.name, def.schema, def.name);
      const collection = new EmbeddedCollection<T>(def.name, db, model, writes, onNewQuery);
      collections.set(def.name, collection as unknown as EmbeddedCollection<BaseDoc>);
      return collection;
    },
    async ready() {},
    async ping() {
      db.prepare('SELECT 1').get();
    },
    flush,
    updateThenInsert<T extends BaseDoc, U extends BaseDoc>({ update, insert }: LinkedWrite<T, U>) {
      const target = storage.collection(update.def);
      return writes.now(() => {
        const updated = target.setWithin(update.filter, update.set);
        return updated && { updated, inserted: followingInsert(updated, insert) };
      });
    },
    async insertThenInsert<T extends BaseDoc, U extends BaseDoc>({ create, insert }: LinkedInsert<T, U>) {
      const target = storage.collection(create.def);
      const checked = target.validatedSoon(create.doc);
      const created = checked instanceof Promise ? await checked : checked;
      return writes.inTurn(() => {
        target.insertWithin(created);
        return { created, inserted: followingInsert(created, insert) };
      });
    },
    changesOf(defs) {
      const watched = defs.map((def) => storage.collection(def));
      const tables = defs.map((def) => def.name);
      // Another connection's commits (an ops command, another cluster member) to these tables,
      // counted by SQLite's triggers; this process's own commits are counted per collection.
      if (!readonly) countWritesTo(db, tables);
      const elsewhere = commitsElsewhere(db, tables, !readonly);
      return () => watched.reduce((sum, collection) => sum + collection.writes, elsewhere());
    },
    async close() {
      // Its connection first: the writer's close, as the last one, checkpoints and removes the log.
      await checkpointer?.stop();
      // Writes asked for just before are committed, not cut off by the close.
      await batched.drain();
      await logSync?.close();
      if (db.open) db.close();
      release();
    },
  };
  return storage;
}
