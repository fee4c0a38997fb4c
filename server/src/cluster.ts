import cluster, { type Worker } from 'node:cluster';
import fs from 'node:fs';
import os from 'node:os';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import { makeSessionsDir, SESSIONS_DIR_ENV } from './realtime/member-sessions';
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
export const LISTEN_MESSAGE = 'drawspace:listen';
export const LISTENING_MESSAGE = 'drawspace:listening';

const isMessage = (message: unknown, type: string) => (message as { type?: string } | null)?.type === type;

/** This process's role when it is a cluster member, else null. */
export function clusterRole(): ClusterRole | null {
  if (!cluster.isWorker) return null;
  const role = process.env[ROLE_ENV];
  return role === ClusterRole.First || role === ClusterRole.Joining || role === ClusterRole.Replacement
    ? role
    : ClusterRole.Replacement;
}

/**
 * A member says it is ready, waits for the primary's word, listens, and says so: a starting
 * cluster begins serving once every member can take connections, not with its first alone.
 */
export async function joinWhenTold(listen: () => Promise<unknown>): Promise<void> {
  const told = new Promise<void>((resolve) => {
    const onMessage = (message: unknown) => {
      if (!isMessage(message, LISTEN_MESSAGE)) return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
  });
  process.send?.({ type: READY_MESSAGE });
  await told;
  await listen();
  process.send?.({ type: LISTENING_MESSAGE });
}

/** Tells a ready member to listen; resolves once it does. */
function startListening(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (!isMessage(message, LISTENING_MESSAGE)) return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.send({ type: LISTEN_MESSAGE });
  });
}

/** How soon a member that keeps dying is started again. */
const RESTART_DELAY_MS = 1_000;

/**
 * The primary of WORKERS > 1: it holds the data folder's lock for the cluster (embedded store),
 * starts the members and counts the route table's rate limits once for all of them. It runs no
 * app code and carries no request's bytes and no broadcast: the members listen on the port
 * themselves (Node's cluster shares the listening socket; on Linux the primary accepts each
 * connection and hands it to a member in turn, once), share their rooms member to member
 * (`realtime/member-rooms.ts`), and pass a long-polling Socket.IO session that reaches the wrong
 * member to its owner (`realtime/member-sessions.ts`).
 */
/**
 * What a cluster's primary does for its members: counts the route table's rate limits once for
 * the cluster (`http/admission.ts`). A member's limiter asks this process; with no one answering,
 * each of its requests would wait out the limiter's timeout.
 */
export function countLimitsForMembers(): void {
  new RateLimiterClusterMaster();
}

export async function runPrimary(config: Config, workers: number): Promise<void> {
  const log = pino(loggerOptions(config) as object);
  let release = () => undefined as void;
  if (!config.MONGODB_URI) {
    release = acquireStoreLock(config.DATA_DIR, `server cluster of ${workers}`);
    // Before any member opens the store: a folder the NeDB versions wrote is moved once, here.
    await migrateNedbFolder(config.DATA_DIR, log as MigrationLog);
  }
  // Round-robin hand-over is Node's default on Linux; said here so no platform default decides it.
  cluster.schedulingPolicy = cluster.SCHED_RR;
  cluster.setupPrimary({ serialization: 'advanced' });
  countLimitsForMembers();
  const sessionsDir = makeSessionsDir(os.tmpdir(), process.pid);

  let stopping = false;
  const fork = (role: ClusterRole): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork({ [ROLE_ENV]: role, [SESSIONS_DIR_ENV]: sessionsDir });
      const onMessage = (message: unknown) => {
        if (!isMessage(message, READY_MESSAGE)) return;
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
    const force = setTimeout(() => process.exit(code), 10_000);
    force.unref();
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length > 0) return;
      clearInterval(check);
      fs.rmSync(sessionsDir, { recursive: true, force: true });
      release();
      process.exit(code);
    }, 50);
  };

  try {
    const first = await fork(ClusterRole.First);
    const joining = await Promise.all(Array.from({ length: workers - 1 }, () => fork(ClusterRole.Joining)));
    await Promise.all([first, ...joining].map(startListening));
  } catch (error) {
    log.error({ err: error }, 'the cluster could not start');
    stop(1);
    return;
  }
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.error({ pid: worker.process.pid, code, signal }, 'a server process died; starting another');
    setTimeout(() => {
      if (!stopping)
        fork(ClusterRole.Replacement)
          .then(startListening)
          .catch((err: unknown) => log.error({ err }, 'a replacement server process failed to start'));
    }, RESTART_DELAY_MS).unref();
  });
  process.once('SIGTERM', () => stop(0));
  process.once('SIGINT', () => stop(0));
  log.info({ port: config.PORT, workers }, 'cluster listening');
}
