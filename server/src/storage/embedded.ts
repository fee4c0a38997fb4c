import fs from 'node:fs';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import nedbModel from '@seald-io/nedb/lib/model.js';
import { Mongoose, type Model } from 'mongoose';
import { describeValidation, duplicateKeyError, invalidDocumentError } from './errors';
import { keepAppendHandleOpen, type AppendHandle } from './append';
import { acquireStoreLock } from './lock';
import { embeddedIndexesOf } from './embedded-indexes';
import type { BaseDoc, Collection, CollectionDef, Filter, FindOptions, Storage, Update } from './port';

const COMPACTION_INTERVAL_MS = 10 * 60 * 1000;

/** Serialises read-modify-write sequences so updates validate and apply atomically in-process. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<R>(work: () => Promise<R>): Promise<R> {
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

function isUniqueViolation(error: unknown): error is { key?: string } {
  return (error as { errorType?: string })?.errorType === 'uniqueViolated';
}

/** Equality fields of a filter become the base of an upserted document, as MongoDB does. */
function equalityFields(filter: Record<string, unknown>): Record<string, unknown> {
  const base: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$') || key.includes('.')) continue;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) continue;
    base[key] = value;
  }
  return base;
}

class EmbeddedCollection<T extends BaseDoc> implements Collection<T> {
  private readonly mutex = new Mutex();
  constructor(
    readonly name: string,
    private readonly ds: Datastore<T>,
    private readonly model: Model<Record<string, unknown>>,
    readonly loaded: Promise<void>,
    private readonly appendHandle: AppendHandle,
  ) {}

  private async validate(doc: unknown): Promise<T> {
    try {
      const instance = new this.model(doc);
      await instance.validate();
      return instance.toObject({ versionKey: false }) as T;
    } catch (error) {
      throw invalidDocumentError(describeValidation(error));
    }
  }

  private async guard<R>(work: () => Promise<R>): Promise<R> {
    await this.loaded;
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateKeyError(this.name, String(error.key ?? ''));
      throw error;
    }
  }

  insertOne(doc: T): Promise<T> {
    return this.guard(() => this.mutex.run(async () => (await this.ds.insertAsync(await this.validate(doc))) as T));
  }

  insertMany(docs: readonly T[]): Promise<T[]> {
    return this.guard(() =>
      this.mutex.run(async () => (await this.ds.insertAsync(await Promise.all(docs.map((d) => this.validate(d))))) as unknown as T[]),
    );
  }

  findOne(filter: Filter<T>, options: Pick<FindOptions<T>, 'sort'> = {}): Promise<T | null> {
    return this.guard(async () => {
      const [doc] = await this.find(filter, { ...options, limit: 1 });
      return doc ?? null;
    });
  }

  find(filter: Filter<T>, options: FindOptions<T> = {}): Promise<T[]> {
    return this.guard(async () => {
      let cursor = this.ds.findAsync(filter as never);
      if (options.sort) cursor = cursor.sort(options.sort as Record<string, number>);
      if (options.skip) cursor = cursor.skip(options.skip);
      if (options.limit) cursor = cursor.limit(options.limit);
      return (await cursor) as T[];
    });
  }

  count(filter: Filter<T>): Promise<number> {
    return this.guard(() => this.ds.countAsync(filter as never));
  }

  findOneAndUpdate(filter: Filter<T>, update: Update<T>, options: { upsert?: boolean } = {}): Promise<T | null> {
    return this.guard(() =>
      this.mutex.run(async () => {
        const [current] = (await this.ds.findAsync(filter as never).limit(1)) as T[];
        if (!current) {
          if (!options.upsert) return null;
          const { $setOnInsert, ...rest } = update;
          const base = { ...equalityFields(filter as Record<string, unknown>), ...($setOnInsert ?? {}) };
          const created = await this.validate(nedbModel.modify(base, rest));
          return (await this.ds.insertAsync(created)) as T;
        }
        const { $setOnInsert: _ignored, ...rest } = update;
        const next = await this.validate(nedbModel.modify(current, rest));
        await this.ds.updateAsync({ _id: current._id } as never, next as never, {});
        return next;
      }),
    );
  }

  async updateOne(filter: Filter<T>, update: Update<T>): Promise<{ matched: number }> {
    const doc = await this.findOneAndUpdate(filter, update);
    return { matched: doc ? 1 : 0 };
  }

  updateMany(filter: Filter<T>, update: Update<T>): Promise<{ matched: number }> {
    return this.guard(() =>
      this.mutex.run(async () => {
        const { $setOnInsert: _ignored, ...rest } = update;
        const docs = (await this.ds.findAsync(filter as never)) as T[];
        const next = await Promise.all(docs.map((doc) => this.validate(nedbModel.modify(doc, rest))));
        for (const doc of next) await this.ds.updateAsync({ _id: doc._id } as never, doc as never, {});
        return { matched: next.length };
      }),
    );
  }

  deleteOne(filter: Filter<T>): Promise<{ deleted: number }> {
    return this.guard(() =>
      this.mutex.run(async () => {
        const [doc] = (await this.ds.findAsync(filter as never).limit(1)) as T[];
        if (!doc) return { deleted: 0 };
        return { deleted: await this.ds.removeAsync({ _id: doc._id } as never, {}) };
      }),
    );
  }

  deleteMany(filter: Filter<T>): Promise<{ deleted: number }> {
    return this.guard(() =>
      this.mutex.run(async () => ({ deleted: await this.ds.removeAsync(filter as never, { multi: true }) })),
    );
  }

  compact(): Promise<void> {
    return this.mutex.run(() => this.ds.compactDatafileAsync());
  }

  /** Compacts and lets go of the file: the last step of closing the store. */
  async closeFile(): Promise<void> {
    await this.compact();
    await this.appendHandle.close();
  }
}

/**
 * The embedded default: one append-only NeDB file per collection under DATA_DIR/db. Each write is
 * appended before it is acknowledged, so a killed process loses nothing it answered for; files are
 * compacted (write-to-temp, fsync, rename) at load, periodically and at close.
 */
export function openEmbeddedStorage(dataDir: string, purpose = 'server'): Storage {
  const dbDir = path.join(dataDir, 'db');
  fs.mkdirSync(dbDir, { recursive: true });
  const release = acquireStoreLock(dataDir, purpose);
  const validator = new Mongoose();
  const collections = new Map<string, EmbeddedCollection<BaseDoc>>();
  const timer = setInterval(() => {
    for (const c of collections.values()) void c.compact().catch(() => undefined);
  }, COMPACTION_INTERVAL_MS);
  timer.unref();

  return {
    kind: 'embedded',
    collection<T extends BaseDoc>(def: CollectionDef<T>): Collection<T> {
      const existing = collections.get(def.name);
      if (existing) return existing as unknown as Collection<T>;
      const ds = new Datastore<T>({ filename: path.join(dbDir, `${def.name}.db`) });
      const appendHandle = keepAppendHandleOpen(ds as unknown as Datastore<never>);
      const loaded = (async () => {
        await ds.loadDatabaseAsync();
        for (const index of embeddedIndexesOf(def.schema.indexes())) await ds.ensureIndexAsync(index);
      })();
      loaded.catch(() => undefined);
      const model = validator.model<Record<string, unknown>>(def.name, def.schema, def.name);
      const collection = new EmbeddedCollection<T>(def.name, ds, model, loaded, appendHandle);
      collections.set(def.name, collection as unknown as EmbeddedCollection<BaseDoc>);
      return collection;
    },
    async ready() {
      await Promise.all([...collections.values()].map((c) => c.loaded));
    },
    async close() {
      clearInterval(timer);
      await Promise.all([...collections.values()].map((c) => c.loaded.then(() => c.closeFile()).catch(() => undefined)));
      release();
    },
  };
}
