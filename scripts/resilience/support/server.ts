import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerProcess } from '../../testing/server-process';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

export interface ServerProcessOptions {
  /**
   * The most files (descriptors: files, sockets) the process may hold, set through `prlimit`
   * (util-linux): suites that drive the server to that limit reach it in a few hundred requests.
   */
  openFiles?: number;
}

/** The command that starts the server, under `prlimit` when the open files are limited. */
function serverCommand(options: ServerProcessOptions): [string, string[]] {
  const node: [string, string[]] = [process.execPath, ['--import', 'tsx', 'server/src/main.ts']];
  if (options.openFiles === undefined) return node;
  const prlimit = ['/usr/bin/prlimit', '/bin/prlimit'].find((candidate) => fs.existsSync(candidate));
  if (!prlimit)
    throw new Error('a limit on open files needs prlimit (util-linux): apt-get install util-linux');
  // prlimit sets the limit and then becomes the server (exec): the child's pid is the server's.
  return [prlimit, [`--nofile=${options.openFiles}:${options.openFiles}`, node[0], ...node[1]]];
}

/**
 * Starts `server/src/main.ts` on a given port and data folder, like `startServer` in
 * scripts/testing, but with a start deadline fit for a loaded CI machine, and a child that is
 * killed (never left holding the data folder's lock) when it does not come up in time.
 */
export async function startServerProcess(
  env: Record<string, string> & { PORT: string },
  dataDir: string,
  startTimeoutMs = 120_000,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const logs: string[] = [];
  const [command, args] = serverCommand(options);
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<void>((resolve) => {
      if (exited()) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  const origin = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (exited())
      throw new Error(`server exited early (${child.exitCode ?? child.signalCode}):\n${logs.join('')}`);
    try {
      const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`server did not start within ${startTimeoutMs} ms:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin, dataDir, child, logs, stop };
}
