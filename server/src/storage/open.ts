import pino from 'pino';
import type { Config } from '../config';
import { loggerOptions } from '../logger';
import { openEmbeddedStorage } from './embedded';
import { migrateNedbFolder, type MigrationLog } from './migrate-nedb';
import { openMongoStorage } from './mongo';
import type { Storage } from './port';

type StorageConfig = Pick<Config, 'MONGODB_URI' | 'DATA_DIR'> & Partial<Pick<Config, 'SQLITE_SYNCHRONOUS' | 'LOG_LEVEL' | 'NODE_ENV'>>;

/**
 * MongoDB when MONGODB_URI is set, otherwise the embedded SQLite store in DATA_DIR (a folder the
 * NeDB versions wrote is moved into it first).
 */
export async function openStorage(config: StorageConfig, purpose = 'server'): Promise<Storage> {
  if (config.MONGODB_URI) return openMongoStorage(config.MONGODB_URI);
  const log = pino(loggerOptions({ LOG_LEVEL: config.LOG_LEVEL ?? 'info', NODE_ENV: config.NODE_ENV ?? 'development' } as Config) as object);
  await migrateNedbFolder(config.DATA_DIR, log as MigrationLog);
  return openEmbeddedStorage(config.DATA_DIR, {
    purpose,
    synchronous: config.SQLITE_SYNCHRONOUS ?? 'full',
    onIndexChange: (collection, changes) => log.info({ collection, ...changes }, 'store indexes changed'),
  });
}
