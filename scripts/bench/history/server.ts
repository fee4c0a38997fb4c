import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../testing/server-process';
import { processTreeOf } from '../rest/processes';

/**
 * The two servers the history bench compares, each the real `server/src/main.ts` in its own
 * process: this checkout's (SQLite), and the commit before the SQLite change (NeDB) run from a
 * temporary git worktree that borrows this checkout's node_modules.
 */

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL after `graceMs` (the NeDB server rewrites every file at close). */
  stop(graceMs?: number): Promise<void>;
  /**
   * Resident memory now and its peak since start (VmRSS, VmHWM), in bytes, summed over the
   * server's node processes (a cluster's primary and members; the peaks are each process's own).
   */
  memory(): { rss: number; peak: number };
  /** The server's node processes, the spawned one first (a cluster: the primary, then its members). */
  processes(): number[];
}

export interface ServerSpec {
  /** The checkout whose server/src/main.ts runs (its own node_modules resolve its imports). */
  cwd: string;
  dataDir: string;
  logFile: string;
  env: Record<string, string>;
  /** Runs the compiled server (server/dist/main.js, as `npm start` does) instead of the TypeScript through tsx. */
  compiled?: boolean;
}

/** A /proc/<pid>/status field in bytes; 0 once the process is gone (a member that just exited). */
function statusField(pid: number, field: string): number {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0;
  }
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/**
 * The server's own processes: the spawned one and the members it forked, not helpers of another
 * program under it (tsx's esbuild service, which the earlier server runs with).
 */
function nodeProcessesOf(pid: number): number[] {
  return processTreeOf(pid).filter((each) => {
    try {
      return fs.readlinkSync(`/proc/${each}/exe`) === fs.realpathSync(process.execPath);
    } catch {
      return false;
    }
  });
}

/** Spawns the server; resolves at once (the caller times its first answers). */
export async function spawnServer(spec: ServerSpec): Promise<ServerProcess> {
  const port = await freePort();
  const log = fs.openSync(spec.logFile, 'a');
  const args = spec.compiled ? ['server/dist/main.js'] : ['--import', 'tsx', 'server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: spec.cwd,
    env: {
      ...process.env,
      MONGODB_URI: '',
      HOST: '127.0.0.1',
      ...spec.env,
      DATA_DIR: spec.dataDir,
      PORT: String(port),
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    origin: `http://127.0.0.1:${port}`,
    child,
    stop: (graceMs = 60_000) =>
      new Promise<void>((resolve) => {
        if (exited()) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
    memory: () => {
      if (exited() || !child.pid) return { rss: Number.NaN, peak: Number.NaN };
      const servers = nodeProcessesOf(child.pid);
      const sum = (field: string) => servers.reduce((total, pid) => total + statusField(pid, field), 0);
      return { rss: sum('VmRSS'), peak: sum('VmHWM') };
    },
    processes: () => (exited() || !child.pid ? [] : nodeProcessesOf(child.pid)),
  };
}

/** Polls `probe` every 10 ms until it holds; the milliseconds since `since`. */
export async function firstAnswer(
  server: ServerProcess,
  logFile: string,
  since: number,
  probe: () => Promise<boolean>,
  timeoutMs: number,
): Promise<number> {
  const deadline = since + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`the server exited early:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    }
    const answered = await probe().catch(() => false);
    if (answered) return performance.now() - since;
    if (performance.now() > deadline)
      throw new Error(
        `no answer within ${timeoutMs / 1000} s:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`,
      );
    await new Promise((r) => setTimeout(r, 10));
  }
}

export interface EarlierCheckout {
  dir: string;
  remove(): void;
}

/**
 * A detached worktree of `commit` whose node_modules are links to this checkout's packages, except
 * the workspace packages (`@draw/*`), which are the worktree's own.
 */
export function worktreeAt(root: string, commit: string, dir: string): EarlierCheckout {
  execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: root, stdio: 'ignore' });
  const modules = path.join(root, 'node_modules');
  const target = path.join(dir, 'node_modules');
  fs.mkdirSync(target);
  for (const name of fs.readdirSync(modules)) {
    if (name === '@draw') continue;
    fs.symlinkSync(path.join(modules, name), path.join(target, name));
  }
  fs.mkdirSync(path.join(target, '@draw'));
  for (const name of fs.readdirSync(path.join(modules, '@draw'))) {
    fs.symlinkSync(path.join('..', '..', name), path.join(target, '@draw', name));
  }
  // A workspace's own versions of a package (server/node_modules/lru-cache …) are linked too.
  for (const workspace of fs.readdirSync(dir)) {
    const own = path.join(root, workspace, 'node_modules');
    const into = path.join(dir, workspace, 'node_modules');
    if (fs.existsSync(own) && fs.existsSync(path.join(dir, workspace)) && !fs.existsSync(into))
      fs.symlinkSync(own, into);
  }
  return {
    dir,
    remove() {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
    },
  };
}

/**
 * The NeDB server of `commit` in a worktree (`worktreeAt`). It needs `@seald-io/nedb`, a dev
 * dependency of the scripts workspace for this reason.
 */
export function checkoutEarlier(
  root: string,
  commit: string,
  dir: string,
  env: { compactionMs: number },
): EarlierCheckout {
  const checkout = worktreeAt(root, commit, dir);
  // Its rewrite of every file runs every 10 minutes; a live phase shorter than that would never
  // see one, so the interval is shortened to fall inside the phase (the rewrite itself is unchanged).
  const storeFile = path.join(dir, 'server/src/storage/embedded.ts');
  const source = fs.readFileSync(storeFile, 'utf8');
  const patched = source.replace(
    'const COMPACTION_INTERVAL_MS = 10 * 60 * 1000;',
    `const COMPACTION_INTERVAL_MS = ${env.compactionMs};`,
  );
  if (patched === source)
    throw new Error(`history bench: ${commit}'s NeDB adapter has no COMPACTION_INTERVAL_MS to shorten`);
  fs.writeFileSync(storeFile, patched);
  return checkout;
}
