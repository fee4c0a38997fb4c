import { ConfigError, loadConfig, workerCount } from './config';
import { announceReady, clusterRole, runPrimary } from './cluster';
import { StoreInUseError } from './storage/lock';
import { MongoTopologyError } from './storage/mongo';
import { buildApp } from './app';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const workers = workerCount(config);
  const role = clusterRole();
  if (workers > 1 && !role) {
    try {
      return await runPrimary(config, workers);
    } catch (error) {
      if (error instanceof StoreInUseError) {
        console.error(error.message);
        process.exit(3);
      }
      throw error;
    }
  }
  let app;
  try {
    app = await buildApp(config, role ? { cluster: role } : {});
  } catch (error) {
    if (error instanceof StoreInUseError || error instanceof MongoTopologyError) {
      console.error(error.message);
      process.exit(3);
    }
    throw error;
  }
  const shutdown = async (signal: string) => {
    app.http.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  if (role) {
    // The primary listens and hands connections over (sticky sessions); this member only serves them.
    await app.http.ready();
    announceReady();
    return;
  }
  await app.http.listen({ port: config.PORT, host: config.HOST });
}

void main();
