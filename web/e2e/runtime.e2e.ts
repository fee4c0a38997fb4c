import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { assembleRuntimeStage, type RuntimeStage } from '../../scripts/docker/stage';
import { freePort } from '../../scripts/testing/server-process';
import { freshPhone, launchBrowser, newUserContext, watchConsole } from './harness';

/**
 * What production runs: the Docker runtime stage (no Docker engine exists on these machines, so
 * scripts/docker/stage.ts assembles it in a folder from the Dockerfile), and `npm start`.
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
let browser: Browser;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-runtime-'));
const children: ChildProcess[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const child of children) if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
  fs.rmSync(work, { recursive: true, force: true });
});

/** The environment of a plain shell: no test runner's loader options leak into the process. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.NODE_OPTIONS;
  for (const key of Object.keys(env))
    if (key.startsWith('VITEST') || key === 'TSX_TSCONFIG_PATH') delete env[key];
  return env;
}

async function waitHealthy(
  origin: string,
  child: ChildProcess,
  logs: string[],
  seconds: number,
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${logs.join('')}`);
    const ok = await fetch(`${origin}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`not healthy in ${seconds} s:\n${logs.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The process tree under `pid`, by walking /proc (Linux). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid !== parent) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const argvOf = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
const envOf = (pid: number) => fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);

/**
 * No TypeScript loader in a node process: none in its arguments or NODE_OPTIONS, and no esbuild
 * service beside it (tsx compiles through one).
 */
function expectPlainNode(pid: number): void {
  expect(argvOf(pid).join(' ')).not.toMatch(
    /tsx|ts-node|--loader|--import|--require|--experimental-strip-types|\.ts\b/,
  );
  expect(envOf(pid).filter((line) => line.startsWith('NODE_OPTIONS='))).toEqual([]);
  expect(descendants(pid).map((child) => argvOf(child).join(' '))).not.toContainEqual(
    expect.stringContaining('esbuild'),
  );
}

describe('the Docker runtime stage, assembled without Docker', () => {
  let stage: RuntimeStage;

  it(
    'holds the server’s production dependencies, the compiled server and web/dist, nothing else',
    { timeout: 300_000 },
    () => {
      stage = assembleRuntimeStage(work);
      const top = fs.readdirSync(stage.appDir).sort();
      expect(top).toEqual([
        'machines',
        'node_modules',
        'package-lock.json',
        'package.json',
        'scripts',
        'server',
        'shared',
        'web',
      ]);
      // server/node_modules holds what npm could not hoist (a second version of a production dependency).
      expect(
        fs
          .readdirSync(path.join(stage.appDir, 'server'))
          .filter((entry) => entry !== 'node_modules')
          .sort(),
      ).toEqual(['dist', 'package.json']);
      expect(fs.readdirSync(path.join(stage.appDir, 'web')).sort()).toEqual(['dist', 'package.json']);
      for (const folder of ['shared', 'machines', 'scripts'])
        expect(fs.readdirSync(path.join(stage.appDir, folder))).toEqual(['package.json']);
      const modules = path.join(stage.appDir, 'node_modules');
      for (const dev of [
        'typescript',
        'tsx',
        'vitest',
        'vite',
        'esbuild',
        'react',
        'eslint',
        'playwright-core',
      ]) {
        expect(
          fs.existsSync(path.join(modules, dev)),
          `${dev} is not a production dependency of the server`,
        ).toBe(false);
      }
      // The native addons were built or fetched for this Node by the stage's own `npm ci`.
      const natives = spawnSync(
        process.execPath,
        ['-e', "new (require('better-sqlite3'))(':memory:'); require('sharp'); require('@node-rs/argon2')"],
        {
          cwd: stage.appDir,
          encoding: 'utf8',
        },
      );
      expect(natives.status, natives.stderr).toBe(0);
      expect(stage.user).toBe('node');
      expect(stage.healthcheck).toContain('/healthz');
      expect(stage.command).toEqual(['node', '--enable-source-maps', 'server/dist/main.js']);
    },
  );

  it(
    'starts with plain node, serves a signed-in page, and stops cleanly on SIGTERM',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const dataDir = path.join(work, 'data');
      // The image runs in production, which refuses the development providers unless told it is a trial.
      const trial = { ALLOW_UNSAFE_SANDBOX_PAYMENTS: 'true', ALLOW_UNSAFE_CONSOLE_SMS: 'true' };
      const env = cleanEnv({
        ...stage.env,
        ...trial,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      });
      const node = (argv: string[]) =>
        [argv[0] === 'node' ? process.execPath : argv[0]!, ...argv.slice(1)] as const;

      // An operator's first account, with the compiled ops CLI the image carries.
      const phone = freshPhone();
      const password = 'runtime-stage-pw-1';
      const [execPath] = node(['node']);
      const created = spawnSync(
        execPath,
        ['server/dist/ops.js', 'users', 'create', '--phone', phone, '--password-stdin'],
        {
          cwd: stage.appDir,
          env,
          input: `${password}\n`,
          encoding: 'utf8',
        },
      );
      expect(created.status, created.stderr).toBe(0);

      const [command, ...args] = node(stage.command);
      const logs: string[] = [];
      const child = spawn(command, args, {
        cwd: stage.appDir,
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()));
      child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));
      const origin = `http://127.0.0.1:${port}`;
      await waitHealthy(origin, child, logs, 30);
      expectPlainNode(child.pid!);

      const context = await newUserContext(browser, origin);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto('/login');
      await page.getByTestId('login-tab-password').click();
      await page.getByTestId('login-account').fill(phone);
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('login-agree').click();
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/\/draw/);
      await page.getByTestId('user-footer').waitFor();
      await page.reload();
      await page.getByTestId('user-footer').waitFor();
      expect(problems).toEqual([]);
      await context.close();

      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      // `docker stop` waits 10 s before SIGKILL.
      const code = await Promise.race([
        exited,
        new Promise<'killed'>((resolve) => setTimeout(() => resolve('killed'), 10_000)),
      ]);
      expect(code).toBe(0);
    },
  );
});

describe('npm start', () => {
  it(
    'builds the web app and the server, then runs the compiled server with no TypeScript loader',
    { timeout: 300_000 },
    async () => {
      const port = await freePort();
      const logs: string[] = [];
      const npm = spawn('npm', ['start'], {
        cwd: root,
        env: cleanEnv({
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(work, 'start-data'),
          LOG_LEVEL: 'warn',
        }),
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(npm);
      npm.stdout?.on('data', (d: Buffer) => logs.push(d.toString()));
      npm.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));
      const origin = `http://127.0.0.1:${port}`;
      await waitHealthy(origin, npm, logs, 240);

      const server = descendants(npm.pid!).find((pid) =>
        argvOf(pid).some((arg) => arg.endsWith('server/dist/main.js')),
      );
      expect(server, `no server/dist/main.js process under npm start:\n${logs.join('')}`).toBeDefined();
      expectPlainNode(server!);
      const page = await fetch(`${origin}/draw`);
      expect(await page.text()).toContain('<div id="root">');

      const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
      process.kill(-npm.pid!, 'SIGTERM');
      await exited;
    },
  );
});
