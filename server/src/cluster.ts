import type { Socket } from 'node:net';
import cluster, { type Worker } from 'node:cluster';
import http from 'node:http';
import { setupMaster } from '@socket.io/sticky';
import { setupPrimary } from '@socket.io/cluster-adapter';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import { capConnectionsPerAddress, connectionBoundsOf, httpServerOptions } from './http/connections';
import pino from 'pino';
import type { Config } from './config';
import { loggerOptions } from './logger';
import { acquireStoreLock } from './storage/lock';
import { migrateNedbFolder, type MigrationLog } from './storage/migrate-nedb';

/**
 * A cluster member's part in the start. The `first` starts alone and does what must happen once
 * per cluster (leases of a stopped predecessor voided at once, unsent events republished); the
 * others `join` after it is ready; a `replacement` of a member that died republishes what that
 * member stored and never sent, leaving its leases to expire as any process's would.
 */
export const ClusterRole = { First: 'first', Joining: 'joining', Replacement: 'replacement' } as const;
export type ClusterRole = (typeof ClusterRole)[keyof typeof ClusterRole];

export const ROLE_ENV = 'DRAWSPACE_CLUSTER_ROLE';
export const READY_MESSAGE = 'drawspace:ready';

/** This process's role when it is a cluster member, else null. */
export function clusterRole(): ClusterRole | null {
  if (!cluster.isWorker) return null;
  const role = process.env[ROLE_ENV];
  return role === ClusterRole.First || role === ClusterRole.Joining || role === ClusterRole.Replacement
    ? role
    : ClusterRole.Replacement;
}

/** A member tells the primary it is serving. */
export function announceReady(): void {
  process.send?.({ type: READY_MESSAGE });
}

/** How soon a member that keeps dying is started again. */
const RESTART_DELAY_MS = 1_000;

/**
 * The primary of WORKERS > 1: it holds the data folder's lock for the cluster (embedded store),
 * listens on the port and hands each connection to a member, sticky by Socket.IO session so a
 * client's polling requests reach the process that holds its socket (@socket.io/sticky), and relays
 * room broadcasts between members (@socket.io/cluster-adapter). It runs no app code itself.
 */
export async function runPrimary(config: Config, workers: number): Promise<void> {
  const log = pino(loggerOptions(config) as object);
  let release = () => undefined as void;
  if (!config.MONGODB_URI) {
    release = acquireStoreLock(config.DATA_DIR, `server cluster of ${workers}`);
    // Before any member opens the store: a folder the NeDB versions wrote is moved once, here.
    await migrateNedbFolder(config.DATA_DIR, log as MigrationLog);
  }
  // Connections' first bytes travel to members as Buffers, which the default JSON channel would not keep.
  cluster.setupPrimary({ serialization: 'advanced' });
  // It reads only a request's first bytes (to pick the member): the members cut slow requests.
  const server = http.createServer(httpServerOptions(connectionBoundsOf(config)));
  capConnectionsPerAddress(server, config.CONNECTIONS_PER_ADDRESS);
  // 'least-connection' counts only Socket.IO sessions, so plain HTTP requests mostly go to one
  // member; round-robin spreads them but races a polling session's second request against the
  // member's note of its session id (a wrong member answers 'Session ID unknown'), which hung a
  // removal test under load. Sessions first.
  setupMaster(server, { loadBalancingMethod: 'least-connection' });
  setupPrimary();
  // The route table's rate limits count here, once for the cluster (`http/admission.ts`).
  new RateLimiterClusterMaster();
  // A request with a body stays on the primary's socket, its bytes relayed to a member; when that
  // member dies nothing ends the socket, and the client would wait forever. Sockets handed over to
  // a member close here at once, so what is still open on a member's death is relayed: end it,
  // and the client retries on a new connection (other members' relayed requests in flight are cut
  // too: a member's death is rare, a hang is worse).
  const relayed = new Set<Socket>();
  server.on('connection', (socket) => {
    relayed.add(socket);
    socket.once('close', () => relayed.delete(socket));
  });

  let stopping = false;
  const fork = (role: ClusterRole): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork({ [ROLE_ENV]: role });
      const onMessage = (message: unknown) => {
        if ((message as { type?: string })?.type !== READY_MESSAGE) return;
        worker.off('message', onMessage);
        worker.off('exit', onEarlyExit);
        resolve(worker);
      };
      const onEarlyExit = (code: number) =>
        reject(new Error(`server process ${worker.process.pid} stopped while starting (exit ${code})`));
      worker.on('message', onMessage);
      worker.once('exit', onEarlyExit);
    });

  const stop = (code: number) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    server.close();
    const force = setTimeout(() => process.exit(code), 10_000);
    force.unref();
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length > 0) return;
      clearInterval(check);
      release();
      process.exit(code);
    }, 50);
  };

  try {
    await fork(ClusterRole.First);
    await Promise.all(Array.from({ length: workers - 1 }, () => fork(ClusterRole.Joining)));
  } catch (error) {
    log.error({ err: error }, 'the cluster could not start');
    stop(1);
    return;
  }
  cluster.on('exit', (worker, code, signal) => {
    for (const socket of relayed) socket.destroy();
    if (stopping) return;
    log.error({ pid: worker.process.pid, code, signal }, 'a server process died; starting another');
    setTimeout(() => {
      if (!stopping)
        fork(ClusterRole.Replacement).catch((err: unknown) =>
          log.error({ err }, 'a replacement server process failed to start'),
        );
    }, RESTART_DELAY_MS).unref();
  });
  process.once('SIGTERM', () => stop(0));
  process.once('SIGINT', () => stop(0));
  server.listen(config.PORT, config.HOST, () =>
    log.info({ port: config.PORT, workers }, 'cluster listening'),
  );
}
