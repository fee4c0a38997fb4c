import mongoose, { type Connection, type Model } from 'mongoose';
import { duplicateKeyError, invalidDocumentError, invalidQueryError } from './errors';
import {
  insertThenInsertInTurn,
  updateThenInsertInTurn,
  type BaseDoc,
  type Collection,
  type CollectionDef,
  type FieldsOf,
  type Filter,
  type FindOptions,
  type ScalarField,
  type Storage,
  type Update,
} from './port';
import { validateDocument } from './schema';
import { applyUpdate, equalityFields } from './sqlite/update';

type Doc = Record<string, unknown>;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** ASCII letters either way round, everything else literally: what `$contains` means on SQLite too. */
const containsPattern = (text: string) =>
  escapeRegex(text).replace(/[A-Za-z]/g, (letter) => `[${letter.toLowerCase()}${letter.toUpperCase()}]`);

/** The port's own operators in MongoDB's words (`$contains` → an escaped regex). */
function toMongoFilter(filter: unknown): Doc {
  return convert(filter) as Doc;
}

function convert(filter: unknown): unknown {
  if (Array.isArray(filter)) return filter.map(convert);
  if (filter === null || typeof filter !== 'object') return filter;
  const out: Doc = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && '$contains' in value) {
      const { $contains, ...rest } = value as { $contains: unknown };
      if (typeof $contains !== 'string') throw invalidQueryError('$contains needs a string');
      out[key] = { ...rest, $regex: containsPattern($contains) };
    } else {
      out[key] = key === '$or' || key === '$and' ? convert(value) : value;
    }
  }
  return out;
}

/**
 * The few operations the adapter asks of a MongoDB collection. The driver implements them
 * (`driverDocs`); a fake does in tests, so the adapter's own rules (validation, batches, updates)
 * are tested without a server.
 */
export interface MongoDocs {
  findOne(filter: Doc, sort?: Doc): Promise<Doc | null>;
  /** `projection` may be ignored (the fake returns whole documents): callers pick their fields. */
  find(
    filter: Doc,
    options?: { sort?: Doc; skip?: number; limit?: number; projection?: Doc },
  ): AsyncIterable<Doc>;
  count(filter: Doc): Promise<number>;
  /** Matches per value of `field`. */
  countBy(filter: Doc, field: string): Promise<{ value: unknown; n: number }[]>;
  insertOne(doc: Doc): Promise<void>;
  /** Ordered: stops at the first failure, which says (`writeErrors[0].index`) how many got in before it. */
  insertMany(docs: readonly Doc[]): Promise<void>;
  /** Replaces `current` with `next` only if the stored document is still exactly `current`. */
  replaceIfUnchanged(current: Doc, next: Doc): Promise<boolean>;
  deleteOne(filter: Doc): Promise<number>;
  deleteMany(filter: Doc): Promise<number>;
}

export interface MongoLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A write whose document another process changed this many times in a row gives up, as on the embedded store. */
const WRITE_RACE_RETRIES = 20;

function translate(name: string, error: unknown): never {
  const e = error as {
    code?: number;
    name?: string;
    keyValue?: Record<string, unknown>;
    keyPattern?: Record<string, unknown>;
  };
  if (e?.code === 11000)
    throw duplicateKeyError(name, Object.keys(e.keyValue ?? e.keyPattern ?? {}).join(','));
  if (e?.name === 'ValidationError' || e?.name === 'StrictModeError' || e?.name === 'CastError') {
    throw invalidDocumentError(String(e));
  }
  throw error;
}

const isDuplicate = (error: unknown) => (error as { code?: number })?.code === 11000;

/** How many documents of an ordered insertMany were stored before it failed (null: unknown). */
function insertedBefore(error: unknown): number | null {
  const writeErrors = (error as { writeErrors?: unknown })?.writeErrors;
  const first = Array.isArray(writeErrors) ? writeErrors[0] : writeErrors;
  const index = (first as { index?: unknown } | undefined)?.index;
  return typeof index === 'number' ? index : null;
}

/** Runs work for one key at a time in this process (writes to one document queue instead of racing). */
class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();
  run<R>(key: string, work: () => Promise<R>): Promise<R> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

const RETRY = Symbol('retry');

/**
 * The storage port on MongoDB with the embedded store's rules: every written document is the
 * whole document validated by its schema. MongoDB's own update validators skip `$inc` and do not
 * enforce `required` on upserts, so updates are not sent as operators: the document is read, the
 * update applied and the result validated here, then written only if the stored document is still
 * the one read (else it is read again). Writes of this process to one document queue.
 */
export class MongoCollection<T extends BaseDoc> implements Collection<T> {
  private readonly locks = new KeyedLock();

  constructor(
    readonly name: string,
    private readonly model: Model<Doc>,
    private readonly docs: MongoDocs,
    private readonly readonly = false,
  ) {}

  private async run<R>(work: () => Promise<R>): Promise<R> {
    try {
      return await work();
    } catch (error) {
      translate(this.name, error);
    }
  }

  private writable(): void {
    if (this.readonly) throw new Error(`the store is open read-only; ${this.name} cannot be written`);
  }

  private validate(doc: unknown): Promise<T> {
    return validateDocument(this.model, doc) as Promise<T>;
  }

  insertOne(doc: T): Promise<T> {
    this.writable();
    return this.run(async () => {
      const valid = await this.validate(doc);
      await this.docs.insertOne(valid as unknown as Doc);
      return valid;
    });
  }

  /**
   * All or nothing, as on the embedded store. Without a transaction (which would need a replica
   * set): every document is validated before any is written, and when the ordered insert stops at
   * one (a duplicate), those stored before it are deleted again before the error is returned.
   */
  insertMany(docs: readonly T[]): Promise<T[]> {
    this.writable();
    return this.run(async () => {
      const valid = await Promise.all(docs.map((doc) => this.validate(doc)));
      if (valid.length === 0) return valid;
      try {
        await this.docs.insertMany(valid as unknown as Doc[]);
      } catch (error) {
        const stored = insertedBefore(error);
        if (stored)
          await this.docs.deleteMany({ _id: { $in: valid.slice(0, stored).map((doc) => doc._id) } });
        throw error;
      }
      return valid;
    });
  }

  findOne(filter: Filter<T>, options: Pick<FindOptions<T>, 'sort'> = {}): Promise<T | null> {
    return this.run(
      async () =>
        (await this.docs.findOne(toMongoFilter(filter), options.sort as Doc | undefined)) as T | null,
    );
  }

  find(filter: Filter<T>, options: FindOptions<T> = {}): Promise<T[]> {
    return this.run(async () => {
      const found: T[] = [];
      for await (const doc of this.docs.find(toMongoFilter(filter), options as never)) found.push(doc as T);
      return found;
    });
  }

  valuesOf<K extends ScalarField<T>>(
    filter: Filter<T>,
    field: K,
    options: FindOptions<T> = {},
  ): Promise<(T[K] | null)[]> {
    return this.run(async () => {
      const values: (T[K] | null)[] = [];
      const projection = { [field]: 1, ...(field === '_id' ? {} : { _id: 0 }) };
      for await (const doc of this.docs.find(toMongoFilter(filter), { ...options, projection } as never))
        values.push((doc[field] ?? null) as T[K] | null);
      return values;
    });
  }

  fieldsOf<K extends keyof T & string>(
    filter: Filter<T>,
    fields: readonly K[],
    options: FindOptions<T> = {},
  ): Promise<FieldsOf<T, K>[]> {
    return this.run(async () => {
      const picked: FieldsOf<T, K>[] = [];
      const projection = Object.fromEntries(fields.map((field) => [field, 1]));
      for await (const doc of this.docs.find(toMongoFilter(filter), { ...options, projection } as never)) {
        const entry: Record<string, unknown> = { _id: doc._id };
        for (const field of fields) entry[field] = doc[field] ?? null;
        picked.push(entry as FieldsOf<T, K>);
      }
      return picked;
    });
  }

  count(filter: Filter<T>): Promise<number> {
    return this.run(() => this.docs.count(toMongoFilter(filter)));
  }

  countBy<K extends keyof T & string>(filter: Filter<T>, field: K): Promise<Map<T[K], number>> {
    return this.run(
      async () =>
        new Map(
          (await this.docs.countBy(toMongoFilter(filter), field)).map(({ value, n }) => [value as T[K], n]),
        ),
    );
  }

  /** Reads `found` again under its lock and writes the updated, validated document if nobody changed it meanwhile. */
  private updateFound(filter: Filter<T>, found: Doc, update: Update<T>): Promise<T | null | typeof RETRY> {
    return this.locks.run(String(found._id), async () => {
      const current = await this.docs.findOne({ $and: [toMongoFilter(filter), { _id: found._id }] });
      if (!current) return null;
      const next = await this.validate(applyUpdate(current, update as Doc, false));
      return (await this.docs.replaceIfUnchanged(current, next as unknown as Doc)) ? next : RETRY;
    });
  }

  findOneAndUpdate(
    filter: Filter<T>,
    update: Update<T>,
    options: { upsert?: boolean } = {},
  ): Promise<T | null> {
    this.writable();
    return this.run(async () => {
      for (let attempt = 1; attempt <= WRITE_RACE_RETRIES; attempt++) {
        const found = await this.docs.findOne(toMongoFilter(filter));
        if (found) {
          const updated = await this.updateFound(filter, found, update);
          if (updated !== RETRY && updated !== null) return updated;
          continue;
        }
        if (!options.upsert) return null;
        const created = await this.validate(
          applyUpdate(equalityFields(toMongoFilter(filter)), update as Doc, true),
        );
        try {
          await this.docs.insertOne(created as unknown as Doc);
          return created;
        } catch (error) {
          // Another writer created it first: update theirs (a unique key other than _id stays a conflict).
          if (!isDuplicate(error) || !(await this.docs.findOne({ _id: created._id }))) throw error;
        }
      }
      throw duplicateKeyError(this.name, 'concurrent update');
    });
  }

  async updateOne(filter: Filter<T>, update: Update<T>): Promise<{ matched: number }> {
    return { matched: (await this.findOneAndUpdate(filter, update)) ? 1 : 0 };
  }

  /**
   * Each matching document is updated as `updateOne` does, one after the other (MongoDB's own
   * updateMany is not atomic either); a document that fails validation stops the batch there.
   */
  updateMany(filter: Filter<T>, update: Update<T>): Promise<{ matched: number }> {
    this.writable();
    return this.run(async () => {
      const ids: unknown[] = [];
      for await (const doc of this.docs.find(toMongoFilter(filter), { sort: { _id: 1 } })) ids.push(doc._id);
      let matched = 0;
      for (const id of ids) {
        const byId = { $and: [filter, { _id: id }] } as Filter<T>;
        if (await this.findOneAndUpdate(byId, update)) matched += 1;
      }
      return { matched };
    });
  }

  deleteOne(filter: Filter<T>): Promise<{ deleted: number }> {
    this.writable();
    return this.run(async () => ({ deleted: await this.docs.deleteOne(toMongoFilter(filter)) }));
  }

  deleteMany(filter: Filter<T>): Promise<{ deleted: number }> {
    this.writable();
    return this.run(async () => ({ deleted: await this.docs.deleteMany(toMongoFilter(filter)) }));
  }
}

/** The driver behind `MongoDocs`; the unchanged-check compares the whole stored document with the one read. */
export function driverDocs(collection: mongoose.mongo.Collection<Doc>): MongoDocs {
  return {
    findOne: (filter, sort) =>
      collection.findOne(filter, sort ? { sort: sort as never } : {}) as Promise<Doc | null>,
    find: (filter, options = {}) => {
      let cursor = collection.find(filter);
      if (options.sort) cursor = cursor.sort(options.sort as never);
      if (options.skip) cursor = cursor.skip(options.skip);
      if (options.limit) cursor = cursor.limit(options.limit);
      if (options.projection) cursor = cursor.project(options.projection);
      return cursor as AsyncIterable<Doc>;
    },
    count: (filter) => collection.countDocuments(filter),
    countBy: async (filter, field) =>
      (
        await collection
          .aggregate<{ _id: unknown; n: number }>([
            { $match: filter },
            { $group: { _id: `$${field}`, n: { $sum: 1 } } },
          ])
          .toArray()
      ).map((group) => ({ value: group._id, n: group.n })),
    insertOne: async (doc) => void (await collection.insertOne(doc as never)),
    insertMany: async (docs) => void (await collection.insertMany(docs as never[], { ordered: true })),
    replaceIfUnchanged: async (current, next) =>
      (
        await collection.replaceOne(
          { _id: current._id, $expr: { $eq: ['$$ROOT', { $literal: current }] } } as never,
          next,
        )
      ).matchedCount === 1,
    deleteOne: async (filter) => (await collection.deleteOne(filter)).deletedCount,
    deleteMany: async (filter) => (await collection.deleteMany(filter)).deletedCount,
  };
}

/** `hello`'s answer, as far as the topology check needs it. */
export interface HelloReply {
  setName?: string;
  msg?: string;
}

/**
 * Several processes share rooms through a change stream, which only a replica set (or a sharded
 * cluster, `msg: 'isdbgrid'`) has. Null when fine; else why the server must not start.
 */
export function topologyProblem(hello: HelloReply, workers: number): string | null {
  const replicated = Boolean(hello.setName) || hello.msg === 'isdbgrid';
  if (replicated || workers <= 1) return null;
  return (
    `WORKERS=${workers} needs MongoDB to run as a replica set (cross-process broadcasts use change streams), ` +
    'but this server is a standalone. Start it with --replSet and rs.initiate() (docker-compose does), or set WORKERS=1.'
  );
}

export class MongoTopologyError extends Error {
  override name = 'MongoTopologyError';
}

/** Makes a model's indexes the declared ones: creates what is missing, replaces what changed, drops the rest; logged. */
export async function reconcileMongoIndexes(
  model: Pick<Model<Doc>, 'diffIndexes' | 'syncIndexes' | 'createCollection'>,
  name: string,
  log?: MongoLog,
): Promise<void> {
  await model.createCollection().catch((error: { code?: number }) => {
    if (error?.code !== 48) throw error; // 48: NamespaceExists
  });
  const diff = await model.diffIndexes();
  if (diff.toDrop.length === 0 && diff.toCreate.length === 0) return;
  await model.syncIndexes();
  log?.info(
    { collection: name, dropped: diff.toDrop, created: diff.toCreate.map((spec) => JSON.stringify(spec)) },
    'store indexes changed',
  );
}

export interface MongoOptions {
  log?: MongoLog;
  /** Reads only (ops reports, replay): no collection or index is created, writes throw, an unknown database is refused. */
  readonly?: boolean;
}

export interface MongoStorage extends Storage {
  readonly kind: 'mongodb';
  readonly connection: Connection;
  /** The server's `hello` answer at connection: whether change streams (a replica set) are there. */
  readonly topology: HelloReply;
}

/** MongoDB through mongoose models (validation, index declarations) and the driver (reads and writes). */
export async function openMongoStorage(uri: string, options: MongoOptions = {}): Promise<MongoStorage> {
  const { log, readonly = false } = options;
  // Models never create collections or indexes on their own: `ready()` reconciles them, read-only never does.
  const connection = await mongoose
    .createConnection(uri, { serverSelectionTimeoutMS: 10_000, autoCreate: false, autoIndex: false })
    .asPromise();
  connection.on('error', (err: unknown) => log?.error({ err }, 'MongoDB connection error'));
  connection.on('disconnected', () => log?.warn({}, 'MongoDB disconnected; the driver keeps reconnecting'));
  connection.on('reconnected', () => log?.info({}, 'MongoDB reconnected'));
  const db = connection.db!;
  if (readonly) {
    const existing = await db.listCollections({}, { nameOnly: true, authorizedCollections: true }).toArray();
    if (existing.length === 0) {
      await connection.close();
      throw new Error(
        `The database "${db.databaseName}" has no collections: is its name in MONGODB_URI right?`,
      );
    }
  }
  const hello = (await db.admin().command({ hello: 1 })) as HelloReply;
  const collections = new Map<string, MongoCollection<BaseDoc>>();
  // Each reconciliation's failure is kept (caught at once, so it never becomes an unhandled rejection) for `ready()`.
  const indexing: Promise<unknown>[] = [];
  const storage: MongoStorage = {
    kind: 'mongodb',
    connection,
    topology: hello,
    collection<T extends BaseDoc>(def: CollectionDef<T>): Collection<T> {
      const existing = collections.get(def.name);
      if (existing) return existing as unknown as Collection<T>;
      const model = connection.model<Doc>(def.name, def.schema, def.name);
      if (!readonly)
        indexing.push(
          reconcileMongoIndexes(model, def.name, log).then(
            () => null,
            (error: unknown) => error,
          ),
        );
      const collection = new MongoCollection<T>(
        def.name,
        model,
        driverDocs(connection.db!.collection<Doc>(def.name)),
        readonly,
      );
      collections.set(def.name, collection as unknown as MongoCollection<BaseDoc>);
      return collection;
    },
    async ready() {
      const failure = (await Promise.all(indexing)).find((result) => result !== null);
      if (failure) throw failure;
    },
    async ping() {
      await db.admin().command({ ping: 1 });
    },
    // Every MongoDB write is acknowledged under its write concern already: nothing waits behind.
    async flush() {},
    updateThenInsert: (write) => updateThenInsertInTurn(storage)(write),
    insertThenInsert: (write) => insertThenInsertInTurn(storage)(write),
    // Other hosts write without telling this one, and asking costs the round trip a cache saves.
    changesOf: () => null,
    async close() {
      await Promise.all(indexing);
      await connection.close();
    },
  };
  return storage;
}
