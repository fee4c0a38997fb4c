import type { Config } from '../config';
import { openEmbeddedStorage } from './embedded';
import { openMongoStorage } from './mongo';
import type { Storage } from './port';

/** MongoDB when MONGODB_URI is set, otherwise the embedded store in DATA_DIR. */
export async function openStorage(config: Pick<Config, 'MONGODB_URI' | 'DATA_DIR'>, purpose = 'server'): Promise<Storage> {
  return config.MONGODB_URI ? openMongoStorage(config.MONGODB_URI) : openEmbeddedStorage(config.DATA_DIR, purpose);
}
