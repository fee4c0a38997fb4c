import { ConfigError, loadConfig, workerCount } from './config';
import { clusterRole, joinWhenTold, runPrimary } from './cluster';
import { StoreInUseError } from './storage/lock';
import { MongoTopologyError } from './storage/mongo';
import { buildApp, type App } from './app';

/**
 * Docker sends SIGTERM, then SIGKILL 10 s later (`docker stop`'s default timeout): the process
 * must be gone before that, so a close that hangs (a stuck upstream fetch) is cut at 8 s.
 */
const FORCE_EXIT_MS = 8_000;

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
  // Handlers go in first: as PID 1 in a container, a signal without a handler is ignored, so a
  // stop during a slow start (a MongoDB that does not answer) would wait for SIGKILL.
  let app: App | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), FORCE_EXIT_MS);
    force.unref();
    // Still starting: the start finishes below and closes what it opened (or the timer cuts it).
    if (!app) return;
    app.http.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  try {
    app = await buildApp(config, role ? { cluster: role } : {});
  } catch (error) {
    if (error instanceof StoreInUseError || error instanceof MongoTopologyError) {
      console.error(error.message);
      process.exit(3);
    }
    throw error;
  }
  if (stopping) {
    await app.close();
    process.exit(0);
  }
  const listen = () => app!.http.listen({ port: config.PORT, host: config.HOST });
  // A cluster's members listen on the port too (Node's cluster shares it, and the primary hands
  // each connection to one of them), once the primary says the cluster is ready.
  if (role) await joinWhenTold(listen);
  else await listen();
}

void main();
