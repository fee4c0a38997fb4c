/**
 * Live fan-out: many sockets across many channels, a task progressing in every channel; the delay
 * from the engine's progress callback to receipt at every member of the channel, and the server's
 * memory per connected socket. Baseline: a bare Socket.IO server broadcasting payloads of the same
 * size to the same rooms on the same timetable, measured in the same run.
 *
 * Processes: ours (buildApp on the embedded store) and bare each run alone in a child with
 * --expose-gc, so their heap and RSS hold nothing else; the sockets live in FANOUT_CLIENT_PROCESSES
 * client processes so their CPU is not counted in the server's event loop. Stamps are taken on the
 * shared monotonic clock (fanout/clock.ts).
 *
 * Env: FANOUT_SOCKETS (1000), FANOUT_CHANNELS (100), FANOUT_STEPS (progress callbacks per task,
 * 10), FANOUT_STEP_MS (pace, 500), FANOUT_CLIENT_PROCESSES (2), FANOUT_CPU_PROF (a folder: our server
 * writes a CPU profile of each round there).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile, type BenchReport, type Figure } from './report';
import type { MemorySample } from './fanout/clock';
import { forkChild, type ChildHandle } from './fanout/ipc';
import type {
  BareCommands,
  ClientCommands,
  ClusterCommands,
  Load,
  Member,
  Mode,
  OursCommands,
  ReplayEmit,
  RoundResult,
  Stamp,
} from './fanout/protocol';

/** The several-process row: ours as WORKERS=2 would run it. */
const CLUSTER_PROCESSES = 2;

function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, not ${raw}`);
  return value;
}

interface Delivery {
  latencies: number[];
  expected: number;
  missing: number;
  bytesByKey: Record<string, number>;
}

type Clients = ChildHandle<ClientCommands>[];

/** Connects every member's socket, spread round-robin over the client processes. */
async function connectAll(clients: Clients, mode: Mode, origin: string, members: Member[]): Promise<number> {
  const shares = clients.map((_, i) => members.filter((__, m) => m % clients.length === i));
  const answers = await Promise.all(
    clients.map((client, i) =>
      client.call('connect', { mode, origin, members: shares[i] ?? [], parallel: 25 }, 180_000),
    ),
  );
  const connected = answers.reduce((sum, a) => sum + a.connected, 0);
  if (connected !== members.length)
    throw new Error(`${mode}: ${connected} of ${members.length} sockets connected`);
  return Math.max(...answers.map((a) => a.connectMs));
}

/** Every member's receipt of every stamped step, as latency from the stamp. */
async function collectAll(clients: Clients, round: RoundResult): Promise<Delivery> {
  const stampAt = new Map(round.stamps.map((s) => [s.key, s.at]));
  const expected = round.stamps.map(({ key, channelId }) => ({ key, channelId }));
  const answers = await Promise.all(
    clients.map((client) => client.call('collect', { expected, timeoutMs: 15_000 }, 60_000)),
  );
  const receipts: Stamp[] = answers.flatMap((a) => a.receipts);
  return {
    latencies: receipts.map((r) => r.at - stampAt.get(r.key)!).sort((a, b) => a - b),
    expected: receipts.length + answers.reduce((sum, a) => sum + a.missing, 0),
    missing: answers.reduce((sum, a) => sum + a.missing, 0),
    bytesByKey: Object.assign({}, ...answers.map((a) => a.bytesByKey)) as Record<string, number>,
  };
}

/** Ours' round as a timetable for the baseline: the same rooms, moments and payload sizes. */
function timetableOf(
  round: RoundResult,
  bytesByKey: Record<string, number>,
  fallbackBytes: number,
): ReplayEmit[] {
  const first = Math.min(...round.stamps.map((s) => s.at));
  return round.stamps.map((s) => ({
    key: s.key,
    room: s.channelId,
    offsetMs: s.at - first,
    bytes: bytesByKey[s.key] ?? fallbackBytes,
  }));
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

interface Side {
  delivery: Delivery;
  before: MemorySample;
  after: MemorySample;
  round: RoundResult;
  connectMs: number;
}

async function measureOurs(
  load: Load,
  clientProcesses: number,
): Promise<Side & { warm: RoundResult; warmBytes: Record<string, number>; setupMs: number }> {
  const cpuProfDir = process.env.FANOUT_CPU_PROF ?? '';
  // Made here and removed here, so a server that had to be killed leaves nothing behind.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-bench-fanout-'));
  const server = forkChild<OursCommands>('ours-server.ts', {
    nodeArgs: ['--expose-gc'],
    env: { FANOUT_DATA_DIR: dataDir, ...(cpuProfDir ? { FANOUT_CPU_PROF: cpuProfDir } : {}) },
  });
  const clients: Clients = Array.from({ length: clientProcesses }, () =>
    forkChild<ClientCommands>('clients.ts'),
  );
  try {
    const { origin, members, setupMs } = await server.call('setup', load, 300_000);
    const before = await server.call('memory', null);
    const connectMs = await connectAll(clients, 'ours', origin, members);
    const after = await server.call('memory', null);
    // The first round warms both ends (JIT, buffers); the second is measured.
    const warm = await server.call('round', null, 300_000);
    const warmDelivery = await collectAll(clients, warm);
    const round = await server.call('round', null, 300_000);
    const delivery = await collectAll(clients, round);
    await Promise.all(clients.map((c) => c.call('disconnect', null)));
    return { delivery, before, after, round, connectMs, warm, warmBytes: warmDelivery.bytesByKey, setupMs };
  } finally {
    await Promise.all([server.stop(), ...clients.map((c) => c.stop())]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Ours as a cluster: the same load, each channel's members spread over the processes. */
async function measureOursCluster(
  load: Load,
  clientProcesses: number,
): Promise<Pick<Side, 'delivery' | 'round' | 'connectMs'>> {
  const primary = forkChild<ClusterCommands>('ours-cluster.ts', {
    env: { FANOUT_CLUSTER_WORKERS: String(CLUSTER_PROCESSES) },
  });
  const clients: Clients = Array.from({ length: clientProcesses }, () =>
    forkChild<ClientCommands>('clients.ts'),
  );
  try {
    const { origin, members } = await primary.call('setup', load, 300_000);
    const connectMs = await connectAll(clients, 'ours', origin, members);
    await collectAll(clients, await primary.call('round', null, 300_000));
    const round = await primary.call('round', null, 300_000);
    const delivery = await collectAll(clients, round);
    await Promise.all(clients.map((c) => c.call('disconnect', null)));
    return { delivery, round, connectMs };
  } finally {
    await Promise.all([primary.stop(), ...clients.map((c) => c.stop())]);
  }
}

async function measureBare(
  members: Member[],
  timetables: ReplayEmit[][],
  clientProcesses: number,
): Promise<Side> {
  const server = forkChild<BareCommands>('bare-server.ts', { nodeArgs: ['--expose-gc'] });
  const clients: Clients = Array.from({ length: clientProcesses }, () =>
    forkChild<ClientCommands>('clients.ts'),
  );
  try {
    const { origin } = await server.call('start', null);
    const before = await server.call('memory', null);
    const connectMs = await connectAll(clients, 'bare', origin, members);
    const after = await server.call('memory', null);
    let last: { round: RoundResult; delivery: Delivery } | null = null;
    for (const timetable of timetables) {
      const round = await server.call('replay', timetable, 300_000);
      last = { round, delivery: await collectAll(clients, round) };
    }
    await Promise.all(clients.map((c) => c.call('disconnect', null)));
    return { ...last!, before, after, connectMs };
  } finally {
    await Promise.all([server.stop(), ...clients.map((c) => c.stop())]);
  }
}

export async function run(): Promise<BenchReport> {
  const sockets = intFromEnv('FANOUT_SOCKETS', 1000, 2, 20_000);
  const channels = intFromEnv('FANOUT_CHANNELS', 100, 1, sockets);
  if (sockets % channels !== 0)
    throw new Error(`FANOUT_SOCKETS (${sockets}) must be a multiple of FANOUT_CHANNELS (${channels})`);
  const load: Load = {
    channels,
    membersPerChannel: sockets / channels,
    steps: intFromEnv('FANOUT_STEPS', 10, 1, 99),
    stepMs: intFromEnv('FANOUT_STEP_MS', 500, 10, 60_000),
  };
  const clientProcesses = intFromEnv('FANOUT_CLIENT_PROCESSES', 2, 1, Math.max(1, os.cpus().length * 2));

  const ours = await measureOurs(load, clientProcesses);
  const allBytes = Object.values(ours.delivery.bytesByKey);
  const typicalBytes = allBytes.length > 0 ? median(allBytes) : 1000;
  // The same members (rooms named by our channel ids), the same two timetables.
  const members: Member[] = [];
  for (const stamp of ours.round.stamps)
    if (!members.some((m) => m.channelId === stamp.channelId))
      for (let m = 0; m < load.membersPerChannel; m++) members.push({ channelId: stamp.channelId });
  const bare = await measureBare(
    members,
    [
      timetableOf(ours.warm, ours.warmBytes, typicalBytes),
      timetableOf(ours.round, ours.delivery.bytesByKey, typicalBytes),
    ],
    clientProcesses,
  );

  const clustered = await measureOursCluster(load, clientProcesses);

  const kib = (bytes: number) => bytes / 1024;
  const perSocket = (side: Side, field: keyof MemorySample) =>
    kib((side.after[field] - side.before[field]) / sockets);
  const latencyFigure = (label: string, p: number): Figure => ({
    label: `progress → member latency ${label}`,
    unit: 'ms',
    ours: percentile(ours.delivery.latencies, p),
    baseline: percentile(bare.delivery.latencies, p),
    better: 'lower',
  });
  const deliveryNote = (name: string, side: Pick<Side, 'delivery' | 'round' | 'connectMs'>) =>
    `${name}: ${side.delivery.expected - side.delivery.missing} of ${side.delivery.expected} deliveries received (${side.delivery.missing} missing); callbacks at most ${side.round.maxLateMs.toFixed(1)} ms behind their timetable; all ${sockets} sockets connected in ${(side.connectMs / 1000).toFixed(1)} s`;

  return {
    name: 'fanout',
    ours: `buildApp on the embedded store: ${sockets} users, ${channels} channels of ${load.membersPerChannel} members, each socket with a pre-connect ticket and channel:subscribe; one imagine task per channel through the task runner, task.updated fanned out`,
    baseline: `a plain Socket.IO server, ${sockets} sockets in the same ${channels} rooms, broadcasting payloads of the same JSON size on ours' exact timetable`,
    figures: [
      latencyFigure('p50', 50),
      latencyFigure('p99', 99),
      latencyFigure('max', 100),
      {
        label: 'server CPU per progress step (whole round)',
        unit: 'ms',
        ours: ours.round.cpuMs / ours.round.stamps.length,
        baseline: bare.round.cpuMs / bare.round.stamps.length,
        better: 'lower',
      },
      {
        label: `progress → member latency p50, ${CLUSTER_PROCESSES} processes`,
        unit: 'ms',
        ours: percentile(clustered.delivery.latencies, 50),
        baseline: percentile(bare.delivery.latencies, 50),
        better: 'lower',
      },
      {
        label: `progress → member latency p99, ${CLUSTER_PROCESSES} processes`,
        unit: 'ms',
        ours: percentile(clustered.delivery.latencies, 99),
        baseline: percentile(bare.delivery.latencies, 99),
        better: 'lower',
      },
      {
        label: `server CPU per progress step, ${CLUSTER_PROCESSES} processes`,
        unit: 'ms',
        ours: clustered.round.cpuMs / clustered.round.stamps.length,
        baseline: bare.round.cpuMs / bare.round.stamps.length,
        better: 'lower',
      },
      {
        label: 'server heap per connected socket (after GC)',
        unit: 'KiB',
        ours: perSocket(ours, 'heapUsed'),
        baseline: perSocket(bare, 'heapUsed'),
        better: 'lower',
      },
      {
        label: 'server RSS per connected socket (after GC)',
        unit: 'KiB',
        ours: perSocket(ours, 'rss'),
        baseline: perSocket(bare, 'rss'),
        better: 'lower',
      },
    ],
    notes: [
      `load: ${load.steps} progress callbacks per task, one every ${load.stepMs} ms, all ${channels} tasks at once (ENGINE_CONCURRENCY raised to ${channels} for the run); ${load.steps * channels} progress events → ${load.steps * sockets} deliveries per round; a warm-up round first, the second round measured`,
      `latency: from the stamping engine's call of the runner's progress callback (store update, event log, room emit) to the client's channel:event handler, on the shared monotonic clock; baseline from its emit call`,
      `server CPU: user + system time of the server process over the measured round divided by its progress steps; ours' round also submits the ${channels} tasks (task.created, message.created, status changes), the baseline only broadcasts`,
      `payload: task.updated events of ${typicalBytes} bytes of JSON (median), baseline padded to each step's size`,
      deliveryNote('ours', ours),
      deliveryNote('baseline', bare),
      deliveryNote(`ours, ${CLUSTER_PROCESSES} processes`, clustered),
      `${CLUSTER_PROCESSES} processes: ours as WORKERS=${CLUSTER_PROCESSES} runs it (a primary holding the folder and counting rate limits, members sharing rooms with each other and the SQLite store), each channel's members spread over both processes, channel c's task submitted through process c mod ${CLUSTER_PROCESSES} and run by whichever claims it; CPU is every member's plus the primary's; compared with the same single bare Socket.IO process`,
      `memory: heap used and RSS of the server process after forced GC, before and after connecting ${sockets} sockets, divided by ${sockets}; ours includes each socket's stored ticket, user room and channel room`,
      `clients in ${clientProcesses} processes; ours' setup (users, channels, memberships through the routes) took ${(ours.setupMs / 1000).toFixed(1)} s`,
    ],
  };
}
