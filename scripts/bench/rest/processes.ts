import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../testing/server-process';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

export interface BenchProcess {
  origin: string;
  child: ChildProcess;
  /** SIGTERM lets the process write its CPU profile (if asked) on a clean exit; SIGKILL follows after 10 s. */
  stop(): Promise<void>;
}

/**
 * Starts a TypeScript entry point as its own process, its output going to a file rather than
 * through a pipe into this process: autocannon runs here and must not pay for the server's logs.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  logFile: string,
  nodeArgs: string[] = [],
): Promise<BenchProcess> {
  const port = await freePort();
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${entry} exited early:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    try {
      // Any answer means it listens (the baseline has no /healthz and answers 404).
      await fetch(`${origin}/healthz`);
      return { origin, child, stop };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${entry} did not start:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const TICKS_PER_SECOND = 100;

/** A process's children (Linux: /proc/<pid>/task/<pid>/children). */
function childrenOf(pid: number): number[] {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU time (user + system, ms) a process has used, 0 once it is gone. */
function cpuMsOf(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU time used so far by a process and every process under it (a cluster's primary and its
 * members, tsx's helpers): what a machine pays for the server, however many processes it runs.
 */
export function cpuMsOfTree(pid: number): number {
  return processTreeOf(pid).reduce((total, next) => total + cpuMsOf(next), 0);
}

/**
 * Times a process's main thread (its event loop) went to sleep and had to be woken: the kernel's
 * count of its voluntary context switches. On a virtual machine each wake costs tens of µs.
 */
function wakesOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^voluntary_ctxt_switches:\s*(\d+)/m.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export interface ProcessSample {
  cpuMs: number;
  wakes: number;
}

/** CPU time and wakes of a process and every process under it, in the tree's order (a cluster: the primary first). */
export function sampleEach(pid: number): Map<number, ProcessSample> {
  return new Map(processTreeOf(pid).map((next) => [next, { cpuMs: cpuMsOf(next), wakes: wakesOf(next) }]));
}

/** A process and every process under it, the process itself first (a cluster: primary, then members). */
export function processTreeOf(pid: number): number[] {
  const tree: number[] = [];
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.shift()!;
    tree.push(next);
    pending.push(...childrenOf(next));
  }
  return tree;
}
