import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../server/src/config';
import type { OpsContext } from './command';

/** Test helpers for the ops commands: a temporary data folder, captured output, the real CLI. */

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'draw-ops-'));
}

export function opsConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
}

export interface Captured {
  ctx: OpsContext;
  out: string[];
  err: string[];
  /** Everything printed to stdout, joined. */
  stdout(): string;
  stderr(): string;
}

export function capture(config: Config, now: () => number = Date.now, stdin = ''): Captured {
  const out: string[] = [];
  const err: string[] = [];
  return {
    ctx: {
      config,
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      now,
      readStdin: async () => stdin,
    },
    out,
    err,
    stdout: () => out.join('\n'),
    stderr: () => err.join('\n'),
  };
}

/** A CLI process loads the whole server with tsx: seconds each, more on a busy machine. */
export const CLI_TIMEOUT = 120_000;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node --import tsx scripts/ops/main.ts ...args` as its own process on the embedded store in dataDir. */
export function runCli(
  args: string[],
  dataDir: string,
  env: Record<string, string> = {},
  input?: string,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/ops/main.ts', ...args], {
      cwd: root,
      env: { ...process.env, MONGODB_URI: '', NODE_ENV: 'test', DATA_DIR: dataDir, ...env },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (input !== undefined) child.stdin?.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
