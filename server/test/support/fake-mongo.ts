import { isDeepStrictEqual } from 'node:util';
import { Mongoose } from 'mongoose';
import sift from 'sift';
import { MongoCollection, type MongoDocs } from '../../src/storage/mongo';
import {
  insertThenInsertInTurn,
  updateThenInsertInTurn,
  type BaseDoc,
  type Collection,
  type CollectionDef,
  type Storage,
} from '../../src/storage/port';

type Doc = Record<string, unknown>;

const valueAt = (doc: Doc, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Doc)[key] : undefined), doc);

/** MongoDB's order for the values we store: missing and null first, then numbers, then strings. */
function compareValues(a: unknown, b: unknown): number {
  const rank = (v: unknown) => (v === undefined || v === null ? 0 : typeof v === 'number' ? 1 : 2);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (rank(a) === 0) return 0;
  return (a as number | string) < (b as number | string)
    ? -1
    : (a as number | string) > (b as number | string)
      ? 1
      : 0;
}

/** A duplicate key as the driver reports it. */
class FakeDuplicateKey extends Error {
  readonly code = 11000;
  constructor(
    readonly keyValue: Doc,
    readonly writeErrors?: { index: number }[],
  ) {
    super(`E11000 duplicate key ${JSON.stringify(keyValue)}`);
  }
}

/**
 * One collection held in memory with MongoDB's matching rules (sift implements the query language)
 * and the schema's unique indexes: stands in for the driver so `MongoCollection` runs in tests
 * without a server. Not a database: one process, no persistence beyond the object.
 */
export function fakeMongoDocs(def: CollectionDef<BaseDoc>, rows: Doc[] = []): MongoDocs & { rows: Doc[] } {
  const unique = [[{ _id: 1 }, { unique: true }] as const, ...def.schema.indexes()].filter(
    ([, options]) => (options as { unique?: boolean })?.unique,
  );
  const keyOf = (doc: Doc, fields: object) => Object.keys(fields).map((path) => valueAt(doc, path) ?? null);
  const checkUnique = (doc: Doc, except?: unknown, index?: number) => {
    for (const [fields] of unique) {
      const key = keyOf(doc, fields);
      const clash = rows.find((row) => row._id !== except && isDeepStrictEqual(keyOf(row, fields), key));
      if (clash)
        throw new FakeDuplicateKey(
          Object.fromEntries(Object.keys(fields).map((f, i) => [f, key[i]])),
          index === undefined ? undefined : [{ index }],
        );
    }
  };
  const matching = (filter: Doc) => rows.filter(sift(filter as never));
  const sorted = (docs: Doc[], sort?: Doc) => {
    const terms = Object.entries(sort ?? {}) as [string, number][];
    return [...docs].sort((a, b) => {
      for (const [path, direction] of terms) {
        const order = compareValues(valueAt(a, path), valueAt(b, path)) * direction;
        if (order) return order;
      }
      return 0;
    });
  };
  const copy = (doc: Doc) => structuredClone(doc);
  return {
    rows,
    async findOne(filter, sort) {
      const doc = sorted(matching(filter), sort)[0];
      return doc ? copy(doc) : null;
    },
    async *find(filter, options = {}) {
      let docs = sorted(matching(filter), options.sort);
      docs = docs.slice(options.skip ?? 0, options.limit ? (options.skip ?? 0) + options.limit : undefined);
      for (const doc of docs) yield copy(doc);
    },
    async count(filter) {
      return matching(filter).length;
    },
    async countBy(filter, field) {
      const counts = new Map<unknown, number>();
      for (const doc of matching(filter))
        counts.set(valueAt(doc, field), (counts.get(valueAt(doc, field)) ?? 0) + 1);
      return [...counts].map(([value, n]) => ({ value, n }));
    },
    async insertOne(doc) {
      checkUnique(doc);
      rows.push(copy(doc));
    },
    async insertMany(docs) {
      docs.forEach((doc, index) => {
        checkUnique(doc, undefined, index);
        rows.push(copy(doc));
      });
    },
    async replaceIfUnchanged(current, next) {
      const at = rows.findIndex((row) => row._id === current._id);
      if (at < 0 || !isDeepStrictEqual(rows[at], current)) return false;
      checkUnique(next, current._id);
      rows[at] = copy(next);
      return true;
    },
    async deleteOne(filter) {
      const [doc] = matching(filter);
      if (!doc) return 0;
      rows.splice(rows.indexOf(doc), 1);
      return 1;
    },
    async deleteMany(filter) {
      const gone = new Set(matching(filter));
      const kept = rows.filter((row) => !gone.has(row));
      rows.splice(0, rows.length, ...kept);
      return gone.size;
    },
  };
}

/** The MongoDB adapter's collections over in-memory fakes; `data` survives a "reopen" like a server's would. */
export function fakeMongoStorage(data = new Map<string, Doc[]>()): Storage & { data: Map<string, Doc[]> } {
  const models = new Mongoose();
  const collections = new Map<string, Collection<BaseDoc>>();
  const storage: Storage & { data: Map<string, Doc[]> } = {
    kind: 'mongodb',
    data,
    collection<T extends BaseDoc>(def: CollectionDef<T>): Collection<T> {
      const existing = collections.get(def.name);
      if (existing) return existing as unknown as Collection<T>;
      if (!data.has(def.name)) data.set(def.name, []);
      const model = models.model<Doc>(def.name, def.schema, def.name);
      const collection = new MongoCollection<T>(
        def.name,
        model,
        fakeMongoDocs(def as CollectionDef<BaseDoc>, data.get(def.name)),
      );
      collections.set(def.name, collection as unknown as Collection<BaseDoc>);
      return collection;
    },
    async ready() {},
    async ping() {},
    async flush() {},
    updateThenInsert: (write) => updateThenInsertInTurn(storage)(write),
    insertThenInsert: (write) => insertThenInsertInTurn(storage)(write),
    async close() {},
  };
  return storage;
}
