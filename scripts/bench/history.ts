import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  Channels,
  Members,
  memberId,
  type ChannelDoc,
  type MemberDoc,
} from '../../server/src/features/channels/repository';
import { openEmbeddedStorage } from '../../server/src/storage/embedded';
import { api } from '../testing/http';
import { Better, type BenchReport, type Figure } from './report';
import { loopMaxima, loopProbeEnv, type ProcessLoop } from './history/loop-delay';
import { checkoutEarlier, firstAnswer, spawnServer } from './history/server';
import { runTraffic, type Member, type TrafficResult } from './history/traffic';
import { captureSession } from './replay/capture';
import { generateLog, type GeneratedLog } from './replay/generate';
import { signIn } from './rest';

/**
 * A server on a long history (`npm run bench -- history`): the project's log generator writes a
 * realistic event log (tasks, messages, events) of HISTORY_EVENTS events as NeDB files; the SQLite
 * server moves it into its store at its first start, the NeDB server of the commit before the
 * SQLite change (HISTORY_NEDB_COMMIT) reads the same files. For each, in this run: a restart
 * (process spawn to the first /healthz and to the first signed-in answer), its RSS, and a live
 * phase (HISTORY_LIVE_MINUTES) with the event loop's maximum delay, request latency and catch-up reads.
 * Ours then runs again as a cluster (HISTORY_WORKERS, default 1 and 2 processes) on the same folder
 * with the same traffic: restart and live phase side by side with the one-process run.
 */

const SIZES = (process.env.HISTORY_EVENTS ?? '100000,1000000').split(',').map(Number);
const LIVE_MINUTES = Number(process.env.HISTORY_LIVE_MINUTES ?? 15);
/** The NeDB side needs ~6 minutes to start and ~6 GB at 1,000,000 events: skipped above this many. */
const NEDB_MAX_EVENTS = Number(process.env.HISTORY_NEDB_MAX_EVENTS ?? Number.POSITIVE_INFINITY);
const NEDB_COMMIT = process.env.HISTORY_NEDB_COMMIT ?? '14e8936';
const SEED = Number(process.env.HISTORY_SEED ?? 20_261_125);
/** The process counts ours runs at (WORKERS), one after the other on the same folder. */
const WORKER_COUNTS = workerCountsOf(process.env.HISTORY_WORKERS ?? '1,2');
const MEMBERS = Number(process.env.HISTORY_MEMBERS ?? 12);
const STEP_MS = Number(process.env.HISTORY_STEP_MS ?? 1_000);
const CATCH_UP_EVENTS = 100;
const START_TIMEOUT_MS = 20 * 60_000;
const STOP_GRACE_MS = 15 * 60_000;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const MB = 2 ** 20;
const liveMs = LIVE_MINUTES * 60_000;

const Store = { Sqlite: 'sqlite', Nedb: 'nedb' } as const;
type Store = (typeof Store)[keyof typeof Store];

function workerCountsOf(text: string): number[] {
  const counts = [...new Set(text.split(',').map(Number))].sort((a, b) => a - b);
  if (counts.length === 0 || counts.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`HISTORY_WORKERS: process counts separated by commas, e.g. 1,2 (got "${text}")`);
  return counts;
}

interface Measured {
  firstStartS: number;
  healthzMs: number;
  apiMs: number;
  rssAfterStart: number;
  peakRss: number;
  live: TrafficResult;
  /**
   * Each process's largest event-loop delay during the live phase (the probe, ours only): the
   * spawned process first (a cluster's primary), then its members.
   */
  loops: ProcessLoop[];
}

/** Ours, one run per process count, in the order they ran. */
type MeasuredByWorkers = Map<number, Measured>;

const serverEnv = (workers = 1): Record<string, string> => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  FREE_DAILY_CREDITS: '1000000',
  BUILTIN_ENGINE_STEP_MS: String(STEP_MS),
  WORKERS: String(workers),
});

interface Setup {
  members: Member[];
  liveChannelId: string;
  readerId: string;
}

/** Members sign in; the first creates the live channel, the others join it by invite code. */
async function setUpTeam(origin: string, offset: number): Promise<Setup> {
  const tokens: string[] = [];
  for (let i = 0; i < MEMBERS; i += 1) tokens.push(await signIn(origin, offset + i));
  const [reader, ...others] = tokens as [string, ...string[]];
  const channel = await api<{ id: string; creatorId: string }>(origin, 'POST', '/api/draw/channel', reader, {
    title: 'Live team',
    isBan: false,
  });
  const { inviteCode } = await api<{ inviteCode: string }>(
    origin,
    'POST',
    `/api/draw/invite-code/${channel.id}`,
    reader,
    {},
  );
  for (const token of others) await api(origin, 'POST', `/api/draw/join-channel/${inviteCode}`, token);
  return {
    members: tokens.map((token) => ({ token })),
    liveChannelId: channel.id,
    readerId: channel.creatorId,
  };
}

/** The documents that make the reader a member of the longest generated channel. */
function membershipOf(setup: Setup, generated: GeneratedLog): { channel: ChannelDoc; member: MemberDoc } {
  const { channelId } = generated.largest;
  const now = Date.now();
  return {
    channel: {
      _id: channelId,
      title: 'Long history',
      isBan: false,
      creatorId: setup.readerId,
      createdAt: now,
      updatedAt: now,
    },
    member: { _id: memberId(channelId, setup.readerId), channelId, userId: setup.readerId, joinedAt: now },
  };
}

const sizeOf = (dir: string): number =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .reduce(
      (sum, e) =>
        sum + (e.isDirectory() ? sizeOf(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size),
      0,
    );

interface StartOptions {
  /** A member signed in before: times the first signed-in answer too. */
  token?: string;
  workers?: number;
  /** Loads the event-loop probe into every process of the server, writing here. */
  loopDir?: string;
}

/** Spawn → first /healthz → first signed-in answer (GET /api/draw/channels). */
async function timedStart(cwd: string, dataDir: string, logFile: string, options: StartOptions = {}) {
  const { token, workers, loopDir } = options;
  const since = performance.now();
  // Ours runs compiled, as production does; the earlier version ran its TypeScript through tsx in production.
  const server = await spawnServer({
    cwd,
    dataDir,
    logFile,
    env: { ...serverEnv(workers), ...(loopDir ? loopProbeEnv(loopDir) : {}) },
    compiled: cwd === root,
  });
  const healthzMs = await firstAnswer(
    server,
    logFile,
    since,
    async () => (await fetch(`${server.origin}/healthz`)).ok,
    START_TIMEOUT_MS,
  );
  const apiMs = token
    ? await firstAnswer(
        server,
        logFile,
        since,
        async () => {
          const res = await fetch(`${server.origin}/api/draw/channels`, {
            headers: { authorization: `Bearer ${token}` },
          });
          return res.ok && (await res.text()).includes('"success":true');
        },
        START_TIMEOUT_MS,
      )
    : Number.NaN;
  return { server, healthzMs, apiMs };
}

async function measure(
  store: Store,
  cwd: string,
  dataDir: string,
  generated: GeneratedLog,
  genDir: string,
  work: string,
  workerCounts: number[],
): Promise<MeasuredByWorkers> {
  const logFile = path.join(work, `${store}.log`);
  const dbDir = path.join(dataDir, 'db');
  fs.mkdirSync(dbDir, { recursive: true });
  const copyHistory = () => {
    for (const name of fs.readdirSync(path.join(genDir, 'db'))) {
      fs.appendFileSync(path.join(dbDir, name), fs.readFileSync(path.join(genDir, 'db', name)));
    }
  };
  // SQLite: the first start moves the generated NeDB files into the store (and builds its indexes).
  // NeDB: the team is set up on an empty folder, then the history is appended to its files, so
  // only the measured start pays for loading it (~6 minutes at 1,000,000 events).
  if (store === Store.Sqlite) copyHistory();
  const first = await timedStart(cwd, dataDir, logFile);
  const setup = await setUpTeam(first.server.origin, store === Store.Sqlite ? 1 : 100_001);
  await first.server.stop(STOP_GRACE_MS);
  const { channel, member } = membershipOf(setup, generated);
  if (store === Store.Sqlite) {
    const storage = openEmbeddedStorage(dataDir, 'bench');
    await storage.collection(Channels).insertOne(channel);
    await storage.collection(Members).insertOne(member);
    await storage.close();
  } else {
    copyHistory();
    fs.appendFileSync(path.join(dbDir, 'channels.db'), `${JSON.stringify(channel)}\n`);
    fs.appendFileSync(path.join(dbDir, 'members.db'), `${JSON.stringify(member)}\n`);
  }

  // The same folder, team and traffic for each process count, one run after the other.
  const measured: MeasuredByWorkers = new Map();
  for (const workers of workerCounts) {
    const loopDir = store === Store.Sqlite ? path.join(work, `loop-${store}-${workers}`) : undefined;
    const { server, healthzMs, apiMs } = await timedStart(cwd, dataDir, logFile, {
      token: setup.members[0]!.token,
      workers,
      loopDir,
    });
    try {
      const rssAfterStart = server.memory().rss;
      const live = await runTraffic(server, {
        members: setup.members,
        liveChannelId: setup.liveChannelId,
        history: { channelId: generated.largest.channelId, lastSeq: generated.largest.events },
        durationMs: liveMs,
        catchUpEvents: CATCH_UP_EVENTS,
        processes: workers,
      });
      const peakRss = server.memory().peak;
      const loops = loopDir ? loopMaxima(loopDir, server.processes(), live.window) : [];
      console.log(
        `history bench: ${store} at ${generated.events} events, WORKERS=${workers}: data folder ${(sizeOf(dataDir) / MB).toFixed(0)} MB`,
      );
      measured.set(workers, {
        firstStartS: first.healthzMs / 1000,
        healthzMs,
        apiMs,
        rssAfterStart,
        peakRss,
        live,
        loops,
      });
    } finally {
      await server.stop(STOP_GRACE_MS);
    }
  }
  return measured;
}

const skipped = (): Measured => {
  const nan = Number.NaN;
  return {
    firstStartS: nan,
    healthzMs: nan,
    apiMs: nan,
    rssAfterStart: nan,
    peakRss: nan,
    live: {
      requests: 0,
      failed: 0,
      failures: [],
      p50: nan,
      p99: nan,
      max: nan,
      catchUp: { reads: 0, p50: nan, max: nan },
      eventLoopMaxMs: nan,
      rssMax: nan,
      tasksSubmitted: 0,
      eventsReceived: 0,
      window: { from: 0, to: 0 },
    },
    loops: [],
  };
};

/** The largest delay over every process of the server (NaN when the probe saw none). */
const loopMaxOf = (m: Measured) =>
  m.loops.some((l) => !Number.isNaN(l.maxMs))
    ? Math.max(...m.loops.filter((l) => !Number.isNaN(l.maxMs)).map((l) => l.maxMs))
    : Number.NaN;

function figuresAt(events: number, ours: Measured, base: Measured): Figure[] {
  const at = `${events.toLocaleString('en-US')} events:`;
  const lower = Better.lower;
  return [
    {
      label: `${at} restart → first /healthz`,
      unit: 's',
      ours: ours.healthzMs / 1000,
      baseline: base.healthzMs / 1000,
      better: lower,
    },
    {
      label: `${at} restart → first signed-in answer`,
      unit: 's',
      ours: ours.apiMs / 1000,
      baseline: base.apiMs / 1000,
      better: lower,
    },
    {
      label: `${at} RSS after start`,
      unit: 'MB',
      ours: ours.rssAfterStart / MB,
      baseline: base.rssAfterStart / MB,
      better: lower,
    },
    {
      label: `${at} RSS max during live traffic`,
      unit: 'MB',
      ours: ours.live.rssMax / MB,
      baseline: base.live.rssMax / MB,
      better: lower,
    },
    {
      label: `${at} peak RSS since start (VmHWM)`,
      unit: 'MB',
      ours: ours.peakRss / MB,
      baseline: base.peakRss / MB,
      better: lower,
    },
    {
      label: `${at} event loop max delay during live traffic`,
      unit: 'ms',
      ours: ours.live.eventLoopMaxMs,
      baseline: base.live.eventLoopMaxMs,
      better: lower,
    },
    {
      label: `${at} request latency p99 during live traffic`,
      unit: 'ms',
      ours: ours.live.p99,
      baseline: base.live.p99,
      better: lower,
    },
    {
      label: `${at} request latency max during live traffic`,
      unit: 'ms',
      ours: ours.live.max,
      baseline: base.live.max,
      better: lower,
    },
    {
      label: `${at} catch-up read of ${CATCH_UP_EVENTS} events, median`,
      unit: 'ms',
      ours: ours.live.catchUp.p50,
      baseline: base.live.catchUp.p50,
      better: lower,
    },
  ];
}

/** Ours as a cluster of `workers` processes beside ours as one, same folder, traffic and run. */
function clusterFiguresAt(events: number, workers: number, many: Measured, one: Measured): Figure[] {
  const at = `${events.toLocaleString('en-US')} events:`;
  const vs = `${workers} processes vs 1`;
  const lower = Better.lower;
  return [
    {
      label: `${at} restart → first signed-in answer, ${vs}`,
      unit: 's',
      ours: many.apiMs / 1000,
      baseline: one.apiMs / 1000,
      better: lower,
    },
    {
      label: `${at} event loop max delay during live traffic, the largest of every process (probe), ${vs}`,
      unit: 'ms',
      ours: loopMaxOf(many),
      baseline: loopMaxOf(one),
      better: lower,
    },
    {
      label: `${at} request latency p50 during live traffic, ${vs}`,
      unit: 'ms',
      ours: many.live.p50,
      baseline: one.live.p50,
      better: lower,
    },
    {
      label: `${at} request latency p99 during live traffic, ${vs}`,
      unit: 'ms',
      ours: many.live.p99,
      baseline: one.live.p99,
      better: lower,
    },
    {
      label: `${at} catch-up read of ${CATCH_UP_EVENTS} events, median, ${vs}`,
      unit: 'ms',
      ours: many.live.catchUp.p50,
      baseline: one.live.catchUp.p50,
      better: lower,
    },
    {
      label: `${at} RSS max during live traffic, every process summed, ${vs}`,
      unit: 'MB',
      ours: many.live.rssMax / MB,
      baseline: one.live.rssMax / MB,
      better: lower,
    },
  ];
}

/** Each process's largest delay: "primary 12 ms, members 30, 41 ms" (one process: "the process 12 ms"). */
const loopsNote = (loops: ProcessLoop[]) => {
  const [first, ...members] = loops.map((l) => (Number.isNaN(l.maxMs) ? '—' : l.maxMs.toFixed(0)));
  if (first === undefined) return 'event loop probe: nothing written';
  return members.length === 0
    ? `event loop (probe) ${first} ms`
    : `event loop (probe) primary ${first} ms, members ${members.join(', ')} ms`;
};

const liveNote = (store: string, m: Measured) =>
  m.live.requests === 0
    ? `${store}: not measured`
    : `${store}: first start ${m.firstStartS.toFixed(1)} s; ${m.live.requests} requests (${m.live.failed} failed${m.live.failures.length ? `: ${m.live.failures.join('; ')}` : ''}), p50 ${m.live.p50.toFixed(1)} ms; ${m.live.tasksSubmitted} tasks submitted; ${m.live.eventsReceived} live events received by the members' sockets; ${m.live.catchUp.reads} catch-up reads, slowest ${m.live.catchUp.max.toFixed(0)} ms; restart → first /healthz ${(m.healthzMs / 1000).toFixed(2)} s; RSS after start ${(m.rssAfterStart / MB).toFixed(0)} MB${m.loops.length > 0 ? `; ${loopsNote(m.loops)} (/metrics, whichever process answered each scrape: ${m.live.eventLoopMaxMs.toFixed(0)} ms)` : ''}`;

export async function run(): Promise<BenchReport> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-bench-history-'));
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'ignore' });
  const needsNedb = SIZES.some((n) => n <= NEDB_MAX_EVENTS);
  const earlier = needsNedb
    ? checkoutEarlier(root, NEDB_COMMIT, path.join(work, 'nedb-checkout'), {
        compactionMs: Math.min(10 * 60_000, Math.max(30_000, Math.floor(liveMs / 2))),
      })
    : null;
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    // What a start costs with no history at all (module loading, tsx): the floor under every restart.
    const emptyStart = async (cwd: string, name: string) => {
      const { server, healthzMs } = await timedStart(
        cwd,
        path.join(work, name),
        path.join(work, `${name}.log`),
      );
      await server.stop();
      return healthzMs / 1000;
    };
    const emptySqlite = await emptyStart(root, 'empty-sqlite');
    const emptyNedb = earlier ? await emptyStart(earlier.dir, 'empty-nedb') : Number.NaN;
    figures.push({
      label: 'empty data folder: start → first /healthz',
      unit: 's',
      ours: emptySqlite,
      baseline: emptyNedb,
      better: Better.lower,
    });
    const session = await captureSession();
    for (const events of SIZES) {
      const started = performance.now();
      const genDir = path.join(work, `gen-${events}`);
      const generated = generateLog(genDir, session, { events, seed: SEED });
      notes.push(
        `${events.toLocaleString('en-US')} events: ${generated.channels.toLocaleString('en-US')} channels, ${generated.tasks.toLocaleString('en-US')} tasks, ${generated.messages.toLocaleString('en-US')} live messages, ${((generated.bytes.events + generated.bytes.tasks + generated.bytes.messages) / MB).toFixed(0)} MB of NeDB files, generated in ${((performance.now() - started) / 1000).toFixed(0)} s; catch-up channel holds ${generated.largest.events.toLocaleString('en-US')} events`,
      );
      const oursByWorkers = await measure(
        Store.Sqlite,
        root,
        path.join(work, `sqlite-${events}`),
        generated,
        genDir,
        work,
        WORKER_COUNTS,
      );
      fs.rmSync(path.join(work, `sqlite-${events}`), { recursive: true, force: true });
      const ours = oursByWorkers.get(1) ?? skipped();
      let base = skipped();
      if (earlier && events <= NEDB_MAX_EVENTS) {
        const nedb = await measure(
          Store.Nedb,
          earlier.dir,
          path.join(work, `nedb-${events}`),
          generated,
          genDir,
          work,
          [1],
        );
        base = nedb.get(1)!;
        fs.rmSync(path.join(work, `nedb-${events}`), { recursive: true, force: true });
      } else {
        notes.push(
          `${events.toLocaleString('en-US')} events: the NeDB side was skipped (HISTORY_NEDB_MAX_EVENTS=${NEDB_MAX_EVENTS})`,
        );
      }
      fs.rmSync(genDir, { recursive: true, force: true });
      // HISTORY_WORKERS without 1 and no NeDB side: no one-process row to print.
      if (oursByWorkers.has(1) || base.live.requests > 0) figures.push(...figuresAt(events, ours, base));
      for (const [workers, many] of oursByWorkers) {
        if (workers > 1) figures.push(...clusterFiguresAt(events, workers, many, ours));
      }
      notes.push(
        ...[...oursByWorkers].map(
          ([workers, m]) =>
            `${events.toLocaleString('en-US')} events, ${liveNote(`SQLite, WORKERS=${workers}`, m)}`,
        ),
        `${events.toLocaleString('en-US')} events, ${liveNote('NeDB', base)}`,
      );
      console.log(
        `history bench: ${events} events done in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
  } finally {
    earlier?.remove();
    fs.rmSync(work, { recursive: true, force: true });
  }
  return {
    name: 'A server on a long history',
    ours: `the real server process (server/src/main.ts) on the SQLite store (synchronous=FULL), history moved from NeDB files at its first start`,
    baseline: `the same server at commit ${NEDB_COMMIT} (the NeDB store) on the same history, from a temporary git worktree, in the same run`,
    figures,
    notes: [
      `restart: process spawn until the first 200 of /healthz, and until GET /api/draw/channels answers a member signed in before the restart; RSS from /proc (VmRSS, VmHWM)`,
      `live traffic for ${LIVE_MINUTES} min: ${MEMBERS} members with a subscribed socket each; a chat post every ${2} s, an imagine every 12 s (builtin engine, BUILTIN_ENGINE_STEP_MS=${STEP_MS}), every second a channel list and two message pages (one in the longest generated channel), every 10 s a catch-up read (channel:subscribe with afterSeq, the last ${CATCH_UP_EVENTS} events of the longest generated channel); latency measured by the bench process`,
      `processes: ours runs as WORKERS=${WORKER_COUNTS.join(', then WORKERS=')} (HISTORY_WORKERS), each a fresh start on the same folder with the same team and the same traffic for the same time; with several processes the restart is until the cluster answers (every member listening), RSS is summed over the primary and its members (VmHWM: the sum of each one's own peak), and the event loop figure is the largest over the primary and every member`,
      `event loop probe: ours' processes load scripts/bench/history/loop-probe.mjs (NODE_OPTIONS=--import), the same monitorEventLoopDelay at 10 ms resolution as prom-client, written by each process once a second; a figure is the largest over the seconds wholly inside the live phase. /metrics cannot give it per process: with several processes a scrape reaches whichever member its connection was handed to`,
      `event loop: the largest nodejs_eventloop_lag_max_seconds (prom-client's monitorEventLoopDelay, reset at each scrape) over scrapes of /metrics every 5 s during the live phase; it includes the store's own maintenance: SQLite's WAL checkpoints, and the NeDB server's rewrite of every file, whose 10-minute interval is shortened to ${Math.min(10, Math.max(0.5, LIVE_MINUTES / 2))} min in the temporary worktree so that the live phase sees it`,
      ...notes,
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ' ',
        )} on ${os.cpus().length} cores shared with other engineers' test runs: compare ratios, not absolute figures`,
    ],
  };
}
