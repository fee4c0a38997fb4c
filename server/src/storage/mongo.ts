import mongoose, { type Connection, type Model } from 'mongoose';
import { describeValidation, duplicateKeyError, invalidDocumentError, invalidQueryError } from './errors';
import type { BaseDoc, Collection, CollectionDef, Filter, FindOptions, Storage, Update } from './port';

function translate(name: string, error: unknown): never {
  const e = error as { code?: number; name?: string; keyValue?: Record<string, unknown> };
  if (e?.code === 11000) throw duplicateKeyError(name, Object.keys(e.keyValue ?? {}).join(','));
  if (e?.name === 'ValidationError' || e?.name === 'StrictModeError' || e?.name === 'CastError') {
    throw invalidDocumentError(describeValidation(error));
  }
  throw error;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** ASCII letters either way round, everything else literally: what `$contains` means on SQLite too. */
const containsPattern = (text: string) =>
  escapeRegex(text).replace(/[A-Za-z]/g, (letter) => `[${letter.toLowerCase()}${letter.toUpperCase()}]`);

/** The port's own operators in MongoDB's words (`$contains` → an escaped regex). */
function toMongoFilter(filter: unknown): unknown {
  if (Array.isArray(filter)) return filter.map(toMongoFilter);
  if (filter === null || typeof filter !== 'object') return filter;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && '$contains' in value) {
      const { $contains, ...rest } = value as { $contains: unknown };
      if (typeof $contains !== 'string') throw invalidQueryError('$contains needs a string');
      out[key] = { ...rest, $regex: containsPattern($contains) };
    } else {
      out[key] = key === '$or' || key === '$and' ? toMongoFilter(value) : value;
    }
  }
  return out;
}

class MongoCollection<T extends BaseDoc> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly model: Model<Record<string, unknown>>,
  ) {}

  private async run<R>(work: () => Promise<R>): Promise<R> {
    try {
      return await work();
    } catch (error) {
      translate(this.name, error);
    }
  }

  insertOne(doc: T): Promise<T> {
    return this.run(async () => (await this.model.create(doc as never)).toObject({ versionKey: false }) as unknown as T);
  }
  insertMany(docs: readonly T[]): Promise<T[]> {
    return this.run(async () =>
      (await this.model.insertMany(docs as never[], { ordered: true })).map((d) => (d as { toObject(o: object): unknown }).toObject({ versionKey: false }) as T),
    );
  }
  findOne(filter: Filter<T>, options: Pick<FindOptions<T>, 'sort'> = {}): Promise<T | null> {
    return this.run(
      async () => (await this.model.findOne(toMongoFilter(filter) as never).sort(options.sort as never).lean()) as T | null,
    );
  }
  find(filter: Filter<T>, options: FindOptions<T> = {}): Promise<T[]> {
    return this.run(async () => {
      let query = this.model.find(toMongoFilter(filter) as never);
      if (options.sort) query = query.sort(options.sort as never);
      if (options.skip) query = query.skip(options.skip);
      if (options.limit) query = query.limit(options.limit);
      return (await query.lean()) as T[];
    });
  }
  count(filter: Filter<T>): Promise<number> {
    return this.run(() => this.model.countDocuments(toMongoFilter(filter) as never));
  }
  findOneAndUpdate(filter: Filter<T>, update: Update<T>, options: { upsert?: boolean } = {}): Promise<T | null> {
    return this.run(
      async () =>
        (await this.model
          .findOneAndUpdate(toMongoFilter(filter) as never, update as never, {
            returnDocument: 'after',
            upsert: Boolean(options.upsert),
            runValidators: true,
            setDefaultsOnInsert: true,
          })
          .lean()) as T | null,
    );
  }
  updateOne(filter: Filter<T>, update: Update<T>): Promise<{ matched: number }> {
    return this.run(async () => ({
      matched: (await this.model.updateOne(toMongoFilter(filter) as never, update as never, { runValidators: true })).matchedCount,
    }));
  }
  updateMany(filter: Filter<T>, update: Update<T>): Promise<{ matched: number }> {
    return this.run(async () => ({
      matched: (await this.model.updateMany(toMongoFilter(filter) as never, update as never, { runValidators: true })).matchedCount,
    }));
  }
  deleteOne(filter: Filter<T>): Promise<{ deleted: number }> {
    return this.run(async () => ({ deleted: (await this.model.deleteOne(toMongoFilter(filter) as never)).deletedCount }));
  }
  deleteMany(filter: Filter<T>): Promise<{ deleted: number }> {
    return this.run(async () => ({ deleted: (await this.model.deleteMany(toMongoFilter(filter) as never)).deletedCount }));
  }
}

/** MongoDB through mongoose: the same contract, indexes created at start. */
export async function openMongoStorage(uri: string): Promise<Storage & { connection: Connection }> {
  const connection = await mongoose.createConnection(uri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  const collections = new Map<string, MongoCollection<BaseDoc>>();
  const indexing: Promise<unknown>[] = [];
  return {
    kind: 'mongodb',
    connection,
    collection<T extends BaseDoc>(def: CollectionDef<T>): Collection<T> {
      const existing = collections.get(def.name);
      if (existing) return existing as unknown as Collection<T>;
      const model = connection.model<Record<string, unknown>>(def.name, def.schema, def.name);
      indexing.push(model.createIndexes());
      const collection = new MongoCollection<T>(def.name, model);
      collections.set(def.name, collection as unknown as MongoCollection<BaseDoc>);
      return collection;
    },
    async ready() {
      await Promise.all(indexing);
    },
    async close() {
      await connection.close();
    },
  };
}
