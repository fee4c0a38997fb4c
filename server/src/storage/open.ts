import pino from 'pino';
import { workerCount, type Config } from '../config';
import { loggerOptions } from '../logger';
import { openEmbeddedStorage } from './embedded';
import { migrateNedbFolder, type MigrationLog } from './migrate-nedb';
import { MongoTopologyError, openMongoStorage, topologyProblem } from './mongo';
import type { Storage } from './port';

type StorageConfig = Pick<Config, 'MONGODB_URI' | 'DATA_DIR'> &
  Partial<Pick<Config, 'SQLITE_SYNCHRONOUS' | 'LOG_LEVEL' | 'NODE_ENV' | 'WORKERS'>>;

/**
 * MongoDB when MONGODB_URI is set, otherwise the embedded SQLite store in DATA_DIR (a folder the
 * NeDB versions wrote is moved into it first).
 */
export async function openStorage(
  config: StorageConfig,
  purpose = 'server',
  options: { clusterMember?: boolean } = {},
): Promise<Storage> {
  // A server logs to standard output; a tool (ops) keeps it for its own answer (`--json`), so it logs to standard error.
  const log = pino(
    loggerOptions({
      LOG_LEVEL: config.LOG_LEVEL ?? 'info',
      NODE_ENV: config.NODE_ENV ?? 'development',
    } as Config) as object,
    pino.destination(purpose === 'server' ? 1 : 2),
  );
  if (config.MONGODB_URI) {
    const storage = await openMongoStorage(config.MONGODB_URI, { log });
    const problem = topologyProblem(storage.topology, workerCount({ WORKERS: config.WORKERS ?? '1' }));
    if (problem) {
      await storage.close();
      throw new MongoTopologyError(problem);
    }
    return storage;
  }
  // A cluster's primary moved it before starting its members.
  if (!options.clusterMember) await migrateNedbFolder(config.DATA_DIR, log as MigrationLog);
  return openEmbeddedStorage(config.DATA_DIR, {
    purpose,
    clusterMember: options.clusterMember,
    synchronous: config.SQLITE_SYNCHRONOUS ?? 'full',
    onIndexChange: (collection, changes) => log.info({ collection, ...changes }, 'store indexes changed'),
    ...(purpose === 'server'
      ? {
          checkpointInBackground: {
            onFailure: (message: string) =>
              log.warn({ message }, 'store checkpoint failed; the next one tries again'),
          },
        }
      : {}),
  });
}
