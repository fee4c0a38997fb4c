import type { StoredSchema } from './schema';

/**
 * The storage port. Repositories are written once against `Collection`, a Mongo-style subset
 * (filters, update operators, unique indexes, sort/limit); adapters implement it for the embedded
 * file store and for MongoDB. Nothing else in the server talks to a database driver.
 */
export interface BaseDoc {
  _id: string;
}

type Comparable<V> = {
  $eq?: V;
  $ne?: V | null;
  $in?: readonly V[];
  $nin?: readonly V[];
  $gt?: V;
  $gte?: V;
  $lt?: V;
  $lte?: V;
  $exists?: boolean;
  /**
   * Substring match on a string field, case-insensitive for ASCII letters only (other letters,
   * Chinese included, match as written). No patterns: the text is matched literally.
   */
  $contains?: V extends string ? string : never;
};

export type Filter<T> = {
  [K in keyof T]?: T[K] | Comparable<T[K]> | null;
} & {
  $or?: Filter<T>[];
  $and?: Filter<T>[];
  /** Dotted paths into sub-documents. */
  [path: `${string}.${string}`]: unknown;
};

type Numeric<T> = { [K in keyof T as T[K] extends number ? K : never]?: number };
type ArrayItems<T> = {
  [K in keyof T as T[K] extends readonly unknown[] ? K : never]?: T[K] extends readonly (infer I)[]
    ? I
    : never;
};

export interface Update<T> {
  $set?: Partial<Omit<T, '_id'>> & { [path: `${string}.${string}`]: unknown };
  $unset?: { [K in keyof T]?: true };
  $inc?: Numeric<T>;
  $push?: ArrayItems<T>;
  $addToSet?: ArrayItems<T>;
  $pull?: ArrayItems<T>;
  $setOnInsert?: Partial<T>;
}

export type Sort<T> = { [K in keyof T]?: 1 | -1 };

/** What `fieldsOf` answers: the `_id` and the fields asked for, null where a document lacks one. */
export type FieldsOf<T extends BaseDoc, K extends keyof T> = Pick<T, '_id'> & { [P in K]: T[P] | null };

/** The fields of T that hold a string or a number. */
export type ScalarField<T> = {
  [K in keyof T]-?: T[K] extends string | number | undefined ? K : never;
}[keyof T] &
  string;

export interface FindOptions<T> {
  sort?: Sort<T>;
  skip?: number;
  limit?: number;
}

export interface Collection<T extends BaseDoc> {
  readonly name: string;
  insertOne(doc: T): Promise<T>;
  insertMany(docs: readonly T[]): Promise<T[]>;
  findOne(filter: Filter<T>, options?: Pick<FindOptions<T>, 'sort'>): Promise<T | null>;
  find(filter: Filter<T>, options?: FindOptions<T>): Promise<T[]>;
  count(filter: Filter<T>): Promise<number>;
  /**
   * One string or number field of each match, in the find's order (null where a document lacks
   * it): reads no whole document, for lists that need only ids.
   */
  valuesOf<K extends ScalarField<T>>(
    filter: Filter<T>,
    field: K,
    options?: FindOptions<T>,
  ): Promise<(T[K] | null)[]>;
  /**
   * Some fields of each match with its `_id`, in the find's order (null where a document lacks
   * one): for reads of many large documents that need a few of their fields.
   */
  fieldsOf<K extends keyof T & string>(
    filter: Filter<T>,
    fields: readonly K[],
    options?: FindOptions<T>,
  ): Promise<FieldsOf<T, K>[]>;
  /** How many matches each value of `field` has (values with none are absent): counts without reading documents. */
  countBy<K extends keyof T & string>(filter: Filter<T>, field: K): Promise<Map<T[K], number>>;
  /** Applies the update to the first match and returns the document as it is afterwards. */
  findOneAndUpdate(filter: Filter<T>, update: Update<T>, options?: { upsert?: boolean }): Promise<T | null>;
  updateOne(filter: Filter<T>, update: Update<T>): Promise<{ matched: number }>;
  updateMany(filter: Filter<T>, update: Update<T>): Promise<{ matched: number }>;
  deleteOne(filter: Filter<T>): Promise<{ deleted: number }>;
  deleteMany(filter: Filter<T>): Promise<{ deleted: number }>;
}

/** A named collection with the mongoose schema that defines and validates its documents. */
export interface CollectionDef<T extends BaseDoc> {
  readonly name: string;
  readonly schema: StoredSchema;
  /** Phantom field: carries the document type. */
  readonly _doc?: T;
}

export function defineCollection<T extends BaseDoc>(name: string, schema: StoredSchema): CollectionDef<T> {
  return { name, schema };
}

/**
 * `Storage.updateThenInsert`: a change to one document and the document it leads to (a task's step
 * and its event). Both documents are the server's own, built from typed values: the embedded store
 * writes them as given, without running the schema over them again.
 */
export interface LinkedWrite<T extends BaseDoc, U extends BaseDoc> {
  /** The first match of `filter` gets `set` (`$set`); when nothing matches, nothing is written. */
  update: { def: CollectionDef<T>; filter: Filter<T>; set: Partial<Omit<T, '_id'>> };
  /**
   * Built from the document as updated; null inserts nothing. With `numbered`, `n` follows the
   * highest `field` among the documents matching `scope` (and `floor`), taken in the same
   * transaction (several processes on one file number without gaps or repeats).
   */
  insert: FollowingInsert<T, U>;
}

/** The document a linked write inserts after its first one (a change's or a new document's event). */
export interface FollowingInsert<T extends BaseDoc, U extends BaseDoc> {
  def: CollectionDef<U>;
  build: (first: T, n: number) => U | null;
  numbered?: LinkedNumbering<U>;
}

/** `Storage.insertThenInsert`: a new document (checked by its schema) and the document it leads to. */
export interface LinkedInsert<T extends BaseDoc, U extends BaseDoc> {
  create: { def: CollectionDef<T>; doc: T };
  insert: FollowingInsert<T, U>;
}

/** How the inserted document of a `LinkedWrite` is numbered (the embedded store's shared log). */
export interface LinkedNumbering<U extends BaseDoc> {
  scope: Filter<U>;
  field: keyof U & string;
  floor: number;
}

export const StorageKind = { Embedded: 'embedded', MongoDB: 'mongodb' } as const;
export type StorageKind = (typeof StorageKind)[keyof typeof StorageKind];

export interface Storage {
  readonly kind: StorageKind;
  collection<T extends BaseDoc>(def: CollectionDef<T>): Collection<T>;
  /** Resolves once every collection asked for so far has its indexes in place. */
  ready(): Promise<void>;
  /** A cheap round trip to the store (health checks): rejects when it cannot answer. */
  ping(): Promise<void>;
  /**
   * Resolves once every write this process committed so far is on disk. Writes made in a
   * `withoutWaitingForDisk` flow need it before they are acknowledged; callers in the same turn of
   * the event loop share one disk wait (group commit).
   */
  flush(): Promise<void>;
  /**
   * Applies `write.update`, then inserts what `write.insert` builds from its result; null when the
   * update matched nothing (then nothing is written). Embedded store: one transaction, so neither
   * is stored without the other, whatever fails or crashes. MongoDB: the update (schema-checked),
   * then the insert, as two writes (no multi-document transactions without a replica set).
   */
  updateThenInsert<T extends BaseDoc, U extends BaseDoc>(
    write: LinkedWrite<T, U>,
  ): Promise<{ updated: T; inserted: U | null } | null>;
  /**
   * Inserts `write.create.doc` (validated by its schema), then what `write.insert` builds from it,
   * as `updateThenInsert` does: one transaction on the embedded store, two writes on MongoDB.
   */
  insertThenInsert<T extends BaseDoc, U extends BaseDoc>(
    write: LinkedInsert<T, U>,
  ): Promise<{ created: T; inserted: U | null }>;
  /**
   * For caches of what some collections hold: a function whose number changes whenever a document
   * of those collections may have changed, by a write of this process or of any other (an ops
   * command, another cluster member). Absent, or null, when the store cannot tell without a round
   * trip (MongoDB): nothing read from it may be cached then.
   */
  changesOf?(defs: readonly CollectionDef<BaseDoc>[]): (() => number) | null;
  close(): Promise<void>;
}

/** `insertThenInsert` as two writes through the collections (MongoDB). */
export function insertThenInsertInTurn(storage: Pick<Storage, 'collection'>): Storage['insertThenInsert'] {
  return async ({ create, insert }) => {
    if (insert.numbered) throw new Error('a numbered linked write needs the embedded store');
    const created = await storage.collection(create.def).insertOne(create.doc);
    const doc = insert.build(created, 0);
    return { created, inserted: doc && (await storage.collection(insert.def).insertOne(doc)) };
  };
}

/** `updateThenInsert` as two writes through the collections (MongoDB, and stores without transactions). */
export function updateThenInsertInTurn(storage: Pick<Storage, 'collection'>): Storage['updateThenInsert'] {
  return async ({ update, insert }) => {
    const updated = await storage
      .collection(update.def)
      .findOneAndUpdate(update.filter, { $set: update.set } as never);
    if (!updated) return null;
    // Numbering in the write needs a transaction: stores without one number before (a shared counter).
    if (insert.numbered) throw new Error('a numbered linked write needs the embedded store');
    const doc = insert.build(updated, 0);
    return { updated, inserted: doc && (await storage.collection(insert.def).insertOne(doc)) };
  };
}
