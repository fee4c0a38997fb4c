import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../testing/server-process';
import { healthProbe, type HealthReport } from '../resilience/support/health-probe';
import type { BenchReport, Figure } from './report';

/**
 * Issue #36's cheapest attacks, as its attack pass ran them, against a real server process on
 * loopback: `/healthz` answer times while anonymous clients loop nested JSON at the routes, beside
 * the same probe on the same server with nobody attacking (the baseline, same run).
 *
 * `ATTACK_SERVER_DIR=<checkout>` starts the server of another checkout (e.g. the commit before the
 * bounds) with the same attacks, for a before/after on one machine.
 */
const SECONDS = Number(process.env.ATTACK_SECONDS ?? 6);
const root = path.resolve(
  process.env.ATTACK_SERVER_DIR ?? path.join(path.dirname(new URL(import.meta.url).pathname), '../..'),
);

async function startServer(): Promise<{ origin: string; port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-attacks-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** One anonymous POST with the whole body written; resolves when the server answers or closes. */
function post(port: number, url: string, body: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body);
    });
    socket.on('data', () => socket.destroy());
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

const nested = (bytes: number) => Buffer.from('['.repeat(bytes / 2) + ']'.repeat(bytes / 2));

async function probeFor(
  origin: string,
  seconds: number,
  attack?: (until: number) => Promise<number>,
): Promise<HealthReport & { requests: number }> {
  const probe = healthProbe(origin);
  await probe.ready;
  const until = performance.now() + seconds * 1000;
  const requests = attack
    ? await attack(until)
    : await new Promise<number>((r) => setTimeout(() => r(0), seconds * 1000));
  return { ...(await probe.stop()), requests };
}

const loops =
  (count: number, port: number, url: (i: number) => string, body: Buffer) => async (until: number) => {
    let sent = 0;
    await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        while (performance.now() < until) {
          await post(port, url(i), body);
          sent += 1;
        }
      }),
    );
    return sent;
  };

export async function run(): Promise<BenchReport> {
  const server = await startServer();
  try {
    const quiet = await probeFor(server.origin, SECONDS);
    const modal = await probeFor(
      server.origin,
      SECONDS,
      loops(2, server.port, () => '/api/mj/submit/modal/c1', nested(7_600_000)),
    );
    // The other JSON routes took 256 KB with no depth limit: ten loops over a signed-in route and an anonymous one.
    const urls = ['/api/draw/channel', '/api/login/login'];
    const others = await probeFor(
      server.origin,
      SECONDS,
      loops(10, server.port, (i) => urls[i % urls.length]!, nested(256 * 1024)),
    );
    const figure = (label: string, ours: number, baseline: number): Figure => ({
      label,
      unit: 'ms',
      ours,
      baseline,
      better: 'lower',
    });
    return {
      name: 'attacks: /healthz while anonymous clients loop nested JSON at the routes',
      ours: `a real server process under attack (${root === path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..') ? 'this checkout' : root})`,
      baseline: 'the same server, same probe, nobody attacking',
      figures: [
        figure('/healthz p50, two 7.6 MB nesting loops at the modal submit', modal.p50Ms, quiet.p50Ms),
        figure('/healthz p95, two 7.6 MB nesting loops at the modal submit', modal.p95Ms, quiet.p95Ms),
        figure('/healthz max, two 7.6 MB nesting loops at the modal submit', modal.maxMs, quiet.maxMs),
        figure('/healthz p50, ten 256 KB nesting loops', others.p50Ms, quiet.p50Ms),
        figure('/healthz p95, ten 256 KB nesting loops', others.p95Ms, quiet.p95Ms),
        figure('/healthz max, ten 256 KB nesting loops', others.maxMs, quiet.maxMs),
      ],
      notes: [
        `${SECONDS} s each; attack requests answered: ${modal.requests} (7.6 MB), ${others.requests} (256 KB); /healthz answers ${quiet.answers} quiet, ${modal.answers} and ${others.answers} under attack`,
      ],
    };
  } finally {
    await server.stop();
  }
}
