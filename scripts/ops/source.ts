import type { Config } from '../../server/src/config';
import { openEmbeddedStorage, type EmbeddedStorage } from '../../server/src/storage/embedded';
import { openMongoStorage } from '../../server/src/storage/mongo';
import type { BaseDoc, CollectionDef, FieldsOf, Filter, FindOptions } from '../../server/src/storage/port';

/** Top-level fields equal to a value, or one of several (`{ $in: [...] }`): all ops reads need. */
export type Where<T> = { [K in keyof T]?: T[K] | { $in: readonly T[K][] } };

/**
 * Read-only access to every stored collection, safe while a server runs: the embedded SQLite file
 * through a read-only connection (SQLite's WAL lets it read beside the server's writes), or
 * MongoDB. Filters run in the store, on its indexes.
 */
export interface ReadSource {
  /**
   * How the store numbers channel events: from the log itself (embedded: no gaps unless events
   * are lost) or from a shared counter (MongoDB: a process dying between the increment and the
   * write skips a number, which loses nothing).
   */
  readonly numbering: 'log' | 'counter';
  all<T extends BaseDoc>(def: CollectionDef<T>): Promise<T[]>;
  /** The documents matching `where`, in the order `options.sort` asks. */
  where<T extends BaseDoc>(def: CollectionDef<T>, where: Where<T>, options?: FindOptions<T>): Promise<T[]>;
  /** `where`'s matches, each as its `_id` and the fields asked for (null where absent): no whole document read. */
  fieldsWhere<T extends BaseDoc, K extends keyof T & string>(
    def: CollectionDef<T>,
    where: Where<T>,
    fields: readonly K[],
  ): Promise<FieldsOf<T, K>[]>;
  /** The distinct values of one field across a collection. */
  distinct<T extends BaseDoc, K extends keyof T & string>(def: CollectionDef<T>, field: K): Promise<T[K][]>;
  close(): Promise<void>;
}

function embeddedSource(storage: EmbeddedStorage): ReadSource {
  return {
    numbering: 'log',
    all: (def) => storage.collection(def).find({}),
    where: (def, where, options) => storage.collection(def).find(where as Filter<never>, options),
    fieldsWhere: (def, where, fields) => storage.collection(def).fieldsOf(where as Filter<never>, fields),
    distinct: async (def, field) => storage.collection(def).distinct(field),
    close: () => storage.close(),
  };
}

export async function openReadSource(config: Pick<Config, 'MONGODB_URI' | 'DATA_DIR'>): Promise<ReadSource> {
  if (!config.MONGODB_URI) return embeddedSource(openEmbeddedStorage(config.DATA_DIR, { readonly: true }));
  // Read-only really: no collection or index is created, and a mistyped database name is refused.
  const storage = await openMongoStorage(config.MONGODB_URI, { readonly: true });
  return {
    numbering: 'counter',
    all: (def) => storage.collection(def).find({}),
    where: <T extends BaseDoc>(def: CollectionDef<T>, where: Where<T>, options?: FindOptions<T>) =>
      storage.collection(def).find(where as Filter<T>, options),
    fieldsWhere: <T extends BaseDoc, K extends keyof T & string>(
      def: CollectionDef<T>,
      where: Where<T>,
      fields: readonly K[],
    ) => storage.collection(def).fieldsOf(where as Filter<T>, fields),
    distinct: (def, field) => storage.connection.collection(def.name).distinct(field) as never,
    close: () => storage.close(),
  };
}
