import type { Config } from '../../server/src/config';
import { openMongoStorage } from '../../server/src/storage/mongo';
import { readEmbeddedCollection } from '../../server/src/storage/snapshot';
import type { BaseDoc, CollectionDef, Filter } from '../../server/src/storage/port';

/** Top-level fields equal to a value, or one of several (`{ $in: [...] }`): all ops reads need. */
export type Where<T> = { [K in keyof T]?: T[K] | { $in: readonly T[K][] } };

/**
 * Read-only access to every stored collection: straight from the embedded files (safe while a
 * server runs, nothing is written) or from MongoDB.
 */
export interface ReadSource {
  all<T extends BaseDoc>(def: CollectionDef<T>): Promise<T[]>;
  /** The documents matching `where` (filtered by MongoDB itself, or in memory for the files). */
  where<T extends BaseDoc>(def: CollectionDef<T>, where: Where<T>): Promise<T[]>;
  close(): Promise<void>;
}

function matches<T>(doc: T, where: Where<T>): boolean {
  return Object.entries(where).every(([key, expected]) => {
    const value = (doc as Record<string, unknown>)[key];
    if (expected !== null && typeof expected === 'object' && '$in' in expected) return (expected.$in as unknown[]).includes(value);
    return value === expected;
  });
}

export async function openReadSource(config: Pick<Config, 'MONGODB_URI' | 'DATA_DIR'>): Promise<ReadSource> {
  if (!config.MONGODB_URI) {
    return {
      all: (def) => readEmbeddedCollection(config.DATA_DIR, def),
      where: async (def, where) => (await readEmbeddedCollection(config.DATA_DIR, def)).filter((doc) => matches(doc, where)),
      close: async () => undefined,
    };
  }
  const storage = await openMongoStorage(config.MONGODB_URI);
  return {
    all: (def) => storage.collection(def).find({}),
    where: <T extends BaseDoc>(def: CollectionDef<T>, where: Where<T>) => storage.collection(def).find(where as Filter<T>),
    close: () => storage.close(),
  };
}
