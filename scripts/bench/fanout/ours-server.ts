/**
 * The product under test, in its own process: `buildApp` on the embedded store in a temporary
 * folder, with the stamping engine. Users, channels, memberships and tasks are all made through
 * the real routes (in-process `inject`, one made-up client address per sign-in because sign-ins
 * are rate limited per address); the client processes connect over real HTTP and Socket.IO.
 */
import cluster from 'node:cluster';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../server/src/config';
import { buildApp, type App } from '../../../server/src/app';
import { clusterRole } from '../../../server/src/cluster';
import { clockMs, cpuMsSince, settledMemory, sleep } from './clock';
import { StampingEngine } from './engine';
import { serve, type Handlers } from './ipc';
import type { Load, Member, MemberCommands, OursCommands, Owner } from './protocol';

let app: App | null = null;
let engine: StampingEngine | null = null;
let dataDir = '';
let origin = '';
const owners: Owner[] = [];
const channelOfTask = new Map<string, string>();
let rounds = 0;

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  options: { authorization?: string; remoteAddress?: string; payload?: object } = {},
): Promise<T> {
  const res = await app!.http.inject({
    method,
    url,
    ...(options.payload ? { payload: options.payload } : {}),
    headers: options.authorization ? { authorization: options.authorization } : {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  const envelope = res.json() as { success: boolean; data: T; message: string };
  if (!envelope.success) throw new Error(`${method} ${url}: ${res.statusCode} ${envelope.message}`);
  return envelope.data;
}

/** A new phone user through send-login-code + login, from its own client address. */
async function signIn(index: number): Promise<string> {
  const remoteAddress = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const phone = `139${String(index).padStart(8, '0')}`;
  const { devCode } = await call<{ devCode: string }>('GET', `/api/login/send-login-code?phone=${phone}`, {
    remoteAddress,
  });
  const { token } = await call<{ token: string }>('POST', '/api/login/login', {
    remoteAddress,
    payload: { loginType: 'Captcha', account: phone, code: devCode },
  });
  return `Bearer ${token}`;
}

/** Runs `work` over 0..count-1, `parallel` at a time. */
async function pool(count: number, parallel: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/**
 * Builds the app on the folder and listens on a port of its own. As a cluster member it joins the
 * other members' rooms (member to member) and binds exclusively, so each member has
 * its own port and the bench decides which process each socket talks to.
 */
async function start(load: Load) {
  dataDir = process.env.FANOUT_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'draw-bench-fanout-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    FREE_DAILY_CREDITS: '1000',
    // Every bench socket comes from 127.0.0.1, as a proxy's clients would without forwarding.
    CONNECTIONS_PER_ADDRESS: '100000',
  });
  // The issue asks for a task progressing in every channel at once; the configuration caps the
  // runner at 64 concurrent tasks, so the benchmark raises it to the channel count directly.
  engine = new StampingEngine(load.steps, load.stepMs);
  const role = clusterRole();
  app = await buildApp(
    { ...config, ENGINE_CONCURRENCY: Math.max(config.ENGINE_CONCURRENCY, load.channels) },
    { engine, ...(role ? { cluster: role } : {}) },
  );
  await app.http.listen({ port: 0, host: '127.0.0.1', exclusive: cluster.isWorker });
  const address = app.http.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  origin = `http://127.0.0.1:${address.port}`;
  return { origin };
}

async function setup(load: Load) {
  const started = clockMs();
  await start(load);

  const members: Member[] = [];
  await pool(load.channels, 8, async (c) => {
    const base = c * load.membersPerChannel;
    const authorization = await signIn(base);
    const channel = await call<{ id: string }>('POST', '/api/draw/channel', {
      authorization,
      payload: { title: `Fan-out ${c + 1}`, isBan: false },
    });
    const { inviteCode } = await call<{ inviteCode: string }>('POST', `/api/draw/invite-code/${channel.id}`, {
      authorization,
      payload: {},
    });
    owners.push({ channelId: channel.id, authorization });
    members.push({ channelId: channel.id, token: authorization.slice('Bearer '.length) });
    for (let m = 1; m < load.membersPerChannel; m++) {
      const joiner = await signIn(base + m);
      await call('POST', `/api/draw/join-channel/${inviteCode}`, { authorization: joiner });
      members.push({ channelId: channel.id, token: joiner.slice('Bearer '.length) });
    }
  });
  return { origin, members, owners: [...owners], setupMs: clockMs() - started };
}

/** FANOUT_CPU_PROF=<folder>: a CPU profile of each round (not of setup), for finding our costs. */
let profiler: Session | null = null;

async function startProfile(): Promise<void> {
  if (!process.env.FANOUT_CPU_PROF) return;
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}

/** Writes the round's profile, one file per process (a cluster's members each write theirs). */
async function stopProfile(): Promise<void> {
  const folder = process.env.FANOUT_CPU_PROF;
  if (!folder || !profiler) return;
  const { profile } = await profiler.post('Profiler.stop');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(
    path.join(folder, `fanout-round-${rounds}-${process.pid}.cpuprofile`),
    JSON.stringify(profile),
  );
  profiler.disconnect();
  profiler = null;
}

async function profiled<T>(work: () => Promise<T>): Promise<T> {
  await startProfile();
  try {
    return await work();
  } finally {
    await stopProfile();
  }
}

async function round() {
  if (!app || !engine) throw new Error('setup first');
  rounds += 1;
  return profiled(() => runRound());
}

async function runRound() {
  if (!app || !engine) throw new Error('setup first');
  const started = clockMs();
  const cpu = process.cpuUsage();
  const stampsBefore = engine.stamps.length;
  engine.maxLateMs = 0;
  await Promise.all(
    owners.map(async ({ channelId, authorization }) => {
      const { taskId } = await call<{ taskId: string }>('POST', `/api/mj/submit/imagine/${channelId}`, {
        authorization,
        payload: { prompt: `a lighthouse on the cliffs at dusk, round ${rounds}` },
      });
      channelOfTask.set(taskId, channelId);
    }),
  );
  await engine.whenFinished(rounds * owners.length);
  // Until the runner has stored and published every task's end (bounded).
  const deadline = Date.now() + 30_000;
  while (
    Date.now() < deadline &&
    app.services.runner.counts().running + app.services.runner.counts().queued > 0
  )
    await sleep(20);
  const stamps = engine.stamps
    .slice(stampsBefore)
    .map(({ taskId, key, at }) => ({ key, at, channelId: channelOfTask.get(taskId) ?? '' }));
  return { stamps, maxLateMs: engine.maxLateMs, wallMs: clockMs() - started, cpuMs: cpuMsSince(cpu) };
}

/** As a cluster member: what this process did since the primary began the round. */
let roundCpu = process.cpuUsage();
let roundStampsFrom = 0;

async function submit({ owners: share, round: n }: { owners: Owner[]; round: number }) {
  return Promise.all(
    share.map(async ({ channelId, authorization }) => {
      const { taskId } = await call<{ taskId: string }>('POST', `/api/mj/submit/imagine/${channelId}`, {
        authorization,
        payload: { prompt: `a lighthouse on the cliffs at dusk, round ${n}` },
      });
      return { taskId, channelId };
    }),
  );
}

const memberHandlers: Handlers<MemberCommands> = {
  setup,
  join: start,
  async begin() {
    rounds += 1;
    await startProfile();
    roundCpu = process.cpuUsage();
    roundStampsFrom = engine!.stamps.length;
    engine!.maxLateMs = 0;
    return null;
  },
  submit,
  async status() {
    const { running, queued } = app!.services.runner.counts();
    return { finished: engine!.finishedCount, busy: running + queued };
  },
  async harvest() {
    await stopProfile();
    return {
      stamps: engine!.stamps.slice(roundStampsFrom),
      cpuMs: cpuMsSince(roundCpu),
      maxLateMs: engine!.maxLateMs,
    };
  },
};

const cleanup = async () => {
  await app?.close();
  // A cluster's folder belongs to its primary, which removes it once every member has stopped.
  if (dataDir && !cluster.isWorker) fs.rmSync(dataDir, { recursive: true, force: true });
};

if (cluster.isWorker) serve<MemberCommands>(memberHandlers, cleanup);
else serve<OursCommands>({ setup, memory: () => settledMemory(), round }, cleanup);
