import type { Config } from '../../server/src/config';
import { openMongoStorage } from '../../server/src/storage/mongo';
import { readEmbeddedCollection } from '../../server/src/storage/snapshot';
import type { BaseDoc, CollectionDef } from '../../server/src/storage/port';

/**
 * Read-only access to every stored collection: straight from the embedded files (safe while a
 * server runs, nothing is written) or from MongoDB.
 */
export interface ReadSource {
  all<T extends BaseDoc>(def: CollectionDef<T>): Promise<T[]>;
  close(): Promise<void>;
}

export async function openReadSource(config: Pick<Config, 'MONGODB_URI' | 'DATA_DIR'>): Promise<ReadSource> {
  if (!config.MONGODB_URI) {
    return { all: (def) => readEmbeddedCollection(config.DATA_DIR, def), close: async () => undefined };
  }
  const storage = await openMongoStorage(config.MONGODB_URI);
  return { all: (def) => storage.collection(def).find({}), close: () => storage.close() };
}
