import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** Starts and stops real server processes for system tests (browser, crash, resilience). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  origin: string;
  dataDir: string;
  child: ChildProcess;
  logs: string[];
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the real server (`server/src/main.ts`) as its own process on a free port. */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<ServerProcess> {
  // A caller may choose the port (its PUBLIC_URL, e.g. for upstream hooks, must name it).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'draw-e2e-'));
  const logs: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      BUILTIN_ENGINE_STEP_MS: '150',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));
  const origin = `http://127.0.0.1:${port}`;
  // Generous: on the shared 2-core machine a cold `tsx` start has taken 34 s.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited early:\n${logs.join('')}`);
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    dataDir: dir,
    child,
    logs,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
