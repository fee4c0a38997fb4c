import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { api } from '../testing/http';
import type { BenchReport, Figure } from './report';
import type { BaselineSpec, SampledResponse } from './rest/baseline-server';
import { sampleEach, startProcess, type BenchProcess } from './rest/processes';
import { idleWakeCostUs } from './rest/wake-cost';

/**
 * REST throughput and tail latency of two hot routes, `GET /api/draw/channels` and
 * `POST /api/mj/submit/imagine/{channelId}`, against a bare Fastify process answering the same
 * bytes. Both servers run as their own process (autocannon uses a core of its own here), one at a
 * time, with the same autocannon settings. Then one process of ours against WORKERS=2 on a copy of
 * the same folder, at the same offered load, in runs that alternate between the two.
 */
const DURATION_S = 10;
/** Runs at a fixed load alternate between one process and two, this many times each, this long. */
const PAIRS = 3;
const PAIR_S = 6;
const WARMUP_S = 2;
const CONNECTIONS = 10;
const CHANNELS_PER_USER = 20;
/** Submits are limited to 30/min per user: each submitting user is used at most this often. */
const SUBMITS_PER_USER = 29;
/** Enough users that SUBMITS_PER_USER × users exceeds what one server takes in its submit runs (full throttle, then the pairs at half of it). */
const SUBMIT_USERS = 900;
const SIGN_IN_PARALLEL = 8;
/** The several-process row: the server as WORKERS=2 on the same folder. */
const CLUSTER_WORKERS = 2;
/** The fixed load both process counts are compared at, as a share of one process's throughput. */
const OFFERED_SHARE = 0.5;
const PROMPT = 'a lighthouse on a cliff at dusk, watercolor, soft light';

interface Measured {
  rps: number;
  /** CPU (ms) the server's processes spent per request answered, summed over all of them. */
  cpuMsPerRequest: number;
  /** Per request, for each process of the server, in the tree's order (a cluster: the primary first). */
  byProcess: { cpuMs: number; wakes: number }[];
  p99: number;
  p50: number;
  total: number;
  succeeded: number;
  failed: number;
  statuses: Record<string, number>;
}

/** Signs a phone user in; every user comes from its own address, as real users do. */
export async function signIn(origin: string, index: number): Promise<string> {
  const headers = { 'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` };
  const phone = `139${String(index).padStart(8, '0')}`;
  const codeRes = await fetch(`${origin}/api/login/send-login-code?phone=${phone}`, { headers });
  const { data: code } = (await codeRes.json()) as { data: { devCode: string } };
  const loginRes = await fetch(`${origin}/api/login/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ loginType: 'Captcha', account: phone, code: code.devCode }),
  });
  const envelope = (await loginRes.json()) as { success: boolean; message: string; data: { token: string } };
  if (!envelope.success) throw new Error(`sign-in ${phone}: ${envelope.message}`);
  return envelope.data.token;
}

async function inBatches<T>(
  count: number,
  parallel: number,
  work: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - start) }, (_, i) => work(start + i));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

const SKIPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
async function sample(res: Response): Promise<SampledResponse> {
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!SKIPPED_HEADERS.has(name)) headers[name] = value;
  });
  return { status: res.status, headers, body: await res.text() };
}

interface Load {
  method: 'GET' | 'POST';
  /** Path, headers and body of the next request (over all connections). */
  request(): { path: string; headers: Record<string, string>; body?: string };
  /** Whether a 2xx answer's body is the success the client wanted. */
  succeeded(body: string): boolean;
}

/**
 * One autocannon run against a server. `server` names the process whose tree's CPU is counted;
 * `rate` (requests per second over all connections) offers a fixed load instead of as much as the
 * server takes, so two servers can be compared at the same offered load.
 */
async function cannon(server: BenchProcess, load: Load, durationS: number, rate?: number): Promise<Measured> {
  const before = sampleEach(server.child.pid!);
  let succeeded = 0;
  let failedEnvelopes = 0;
  const statuses: Record<string, number> = {};
  const result = await autocannon({
    url: server.origin,
    connections: CONNECTIONS,
    duration: durationS,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: load.method,
        setupRequest: (request) => {
          const next = load.request();
          return {
            ...request,
            path: next.path,
            headers: { ...request.headers, ...next.headers },
            body: next.body,
          };
        },
        onResponse: (status, body) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status >= 200 && status < 300 && load.succeeded(body)) succeeded += 1;
          else failedEnvelopes += 1;
        },
      },
    ],
  });
  const total = result.requests.total;
  const perRequest = (value: number) => value / Math.max(1, total);
  const byProcess = [...sampleEach(server.child.pid!)].map(([pid, after]) => ({
    cpuMs: perRequest(after.cpuMs - (before.get(pid)?.cpuMs ?? 0)),
    wakes: perRequest(after.wakes - (before.get(pid)?.wakes ?? 0)),
  }));
  return {
    rps: total / (result.duration || durationS),
    cpuMsPerRequest: byProcess.reduce((sum, next) => sum + next.cpuMs, 0),
    byProcess,
    p99: result.latency.p99,
    p50: result.latency.p50,
    total,
    succeeded,
    // Socket errors and timeouts never reach onResponse; count them too.
    failed: failedEnvelopes + result.errors + result.timeouts,
    statuses,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Runs of one server at one load taken as one: requests and CPU summed (so CPU per request is
 * over every request of them), throughput their mean, latencies their median.
 */
function pooled(runs: Measured[]): Measured {
  const total = runs.reduce((sum, run) => sum + run.total, 0);
  const perRequest = (of: (run: Measured) => number) =>
    runs.reduce((sum, run) => sum + of(run) * run.total, 0) / Math.max(1, total);
  const statuses: Record<string, number> = {};
  for (const run of runs)
    for (const [status, count] of Object.entries(run.statuses))
      statuses[status] = (statuses[status] ?? 0) + count;
  return {
    rps: runs.reduce((sum, run) => sum + run.rps, 0) / Math.max(1, runs.length),
    cpuMsPerRequest: perRequest((run) => run.cpuMsPerRequest),
    // The same server in every run: its processes are the same, in the same order.
    byProcess: (runs[0]?.byProcess ?? []).map((_, i) => ({
      cpuMs: perRequest((run) => run.byProcess[i]?.cpuMs ?? 0),
      wakes: perRequest((run) => run.byProcess[i]?.wakes ?? 0),
    })),
    p99: median(runs.map((run) => run.p99)),
    p50: median(runs.map((run) => run.p50)),
    total,
    succeeded: runs.reduce((sum, run) => sum + run.succeeded, 0),
    failed: runs.reduce((sum, run) => sum + run.failed, 0),
    statuses,
  };
}

/** CPU and event-loop wakes per request, summed and (for a cluster) process by process. */
function costOf(m: Measured): string {
  const wakes = m.byProcess.reduce((sum, next) => sum + next.wakes, 0);
  const summed = `${m.cpuMsPerRequest.toFixed(3)} ms CPU and ${wakes.toFixed(2)} event-loop wakes per request`;
  const spent = m.byProcess.filter((next) => next.cpuMs > 0);
  if (spent.length < 2) return summed;
  const each = spent.map((next) => `${next.cpuMs.toFixed(3)} ms, ${next.wakes.toFixed(2)} wakes`);
  return `${summed} (by process: ${each.join('; ')})`;
}

export async function run(): Promise<BenchReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-bench-rest-'));
  const running: BenchProcess[] = [];
  /** Stops one process before the end (the `finally` below stops whatever is still running). */
  const stopEarly = (server: BenchProcess) => running.splice(running.indexOf(server), 1)[0]!.stop();
  const serverEnv: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: path.join(dir, 'data'),
    // The production default: every request is logged, as in a deployment.
    LOG_LEVEL: 'info',
    FREE_DAILY_CREDITS: '1000000',
    // Tasks queue but do not render during the run: the bench measures the API, not the engine.
    BUILTIN_ENGINE_STEP_MS: '60000',
    ENGINE_CONCURRENCY: '1',
  };
  // BENCH_CPU_PROFILE_DIR=dir writes each server process's V8 CPU profile there (one process, then
  // the cluster's primary and members), to find where its time goes.
  const profiling = process.env.BENCH_CPU_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROFILE_DIR)}`]
    : [];
  /** Our server on `env`, stopped with the rest at the end (or earlier by `stopEarly`). */
  const startServer = async (env: Record<string, string>, logName: string) => {
    const server = await startProcess('server/src/main.ts', env, path.join(dir, logName), profiling);
    running.push(server);
    return server;
  };
  try {
    const ours = await startServer(serverEnv, 'server.log');

    const setupStarted = Date.now();
    const reader = await signIn(ours.origin, 0);
    for (let i = 0; i < CHANNELS_PER_USER; i += 1) {
      await api(ours.origin, 'POST', '/api/draw/channel', reader, {
        title: `Channel ${i + 1}`,
        isBan: false,
      });
    }
    const submitters = await inBatches(SUBMIT_USERS, SIGN_IN_PARALLEL, async (i) => {
      const token = await signIn(ours.origin, i + 1);
      const channel = await api<{ id: string }>(ours.origin, 'POST', '/api/draw/channel', token, {
        title: `Studio ${i + 1}`,
        isBan: false,
      });
      return { token, channelId: channel.id };
    });
    const setupSeconds = (Date.now() - setupStarted) / 1000;

    const channelsRes = await fetch(`${ours.origin}/api/draw/channels`, {
      headers: { authorization: `Bearer ${reader}` },
    });
    const channelsSample = await sample(channelsRes);
    const listed = (JSON.parse(channelsSample.body) as { data: unknown[] }).data.length;
    if (listed !== CHANNELS_PER_USER)
      throw new Error(`expected ${CHANNELS_PER_USER} channels, got ${listed}`);

    // The last submitter's sample submit is its one request outside the measured run.
    const sampler = submitters.at(-1);
    if (!sampler) throw new Error('no submitting users');
    const submitRes = await fetch(`${ours.origin}/api/mj/submit/imagine/${sampler.channelId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sampler.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: PROMPT }),
    });
    const submitSample = await sample(submitRes);
    const sampledTask = JSON.parse(submitSample.body) as { success: boolean; data: { taskId: string } };
    if (!sampledTask.success) throw new Error(`sample submit failed: ${submitSample.body}`);

    const spec: BaselineSpec = {
      channels: channelsSample,
      submit: { ...submitSample, taskId: sampledTask.data.taskId },
    };
    const specFile = path.join(dir, 'baseline.json');
    fs.writeFileSync(specFile, JSON.stringify(spec));
    const baseline = await startProcess(
      'scripts/bench/rest/baseline-server.ts',
      { BASELINE_SPEC: specFile },
      path.join(dir, 'baseline.log'),
    );
    running.push(baseline);

    const listLoad: Load = {
      method: 'GET',
      request: () => ({ path: '/api/draw/channels', headers: { authorization: `Bearer ${reader}` } }),
      succeeded: (body) => body.startsWith('{"code":200') && body.includes('"success":true'),
    };
    // Round-robin over the submitters, one turn per server (its rate counts are its own, in
    // memory), continued from one run to the next against it, so no user exceeds its limit until
    // every user has sent SUBMITS_PER_USER (then the 429s count as failures, and the bench warns).
    const usable = submitters.slice(0, -1);
    const submitsTo = () => {
      let submitted = 0;
      const load: Load = {
        method: 'POST',
        request: () => {
          const user = usable[submitted++ % usable.length]!;
          return {
            path: `/api/mj/submit/imagine/${user.channelId}`,
            headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ prompt: PROMPT }),
          };
        },
        succeeded: (body) => body.includes('"success":true') && body.includes('"taskId"'),
      };
      return {
        load,
        warnIfSpent(server: string) {
          if (submitted > usable.length * SUBMITS_PER_USER)
            console.warn(
              `rest bench: ${submitted} submits to ${server} exceed ${usable.length} users × ${SUBMITS_PER_USER}; raise SUBMIT_USERS`,
            );
        },
      };
    };
    const firstSubmits = submitsTo();

    // Warm both processes' JIT on the read route (a submit warm-up would spend rate-limit budget).
    await cannon(ours, listLoad, WARMUP_S);
    await cannon(baseline, listLoad, WARMUP_S);
    const list = {
      ours: await cannon(ours, listLoad, DURATION_S),
      baseline: await cannon(baseline, listLoad, DURATION_S),
    };
    const submit = {
      ours: await cannon(ours, firstSubmits.load, DURATION_S),
      // Its own turn: the bare server counts nothing, and its requests must not spend ours'.
      baseline: await cannon(baseline, submitsTo().load, DURATION_S),
    };
    // The same offered loads for one and for several processes: half of what one process took (at
    // full throttle two members also compete with autocannon and the primary for the two cores).
    const offered = Math.max(50, Math.round(list.ours.rps * OFFERED_SHARE));
    const offeredSubmits = Math.max(20, Math.round(submit.ours.rps * OFFERED_SHARE));

    // One process and WORKERS=2 (a primary handing connections to two members) up at once, on
    // copies of the same folder and users: the runs at those loads alternate between them, so a
    // change in the host's speed over the bench weighs on both alike.
    await stopEarly(ours);
    const clusterEnv = {
      ...serverEnv,
      DATA_DIR: path.join(dir, 'cluster-data'),
      WORKERS: String(CLUSTER_WORKERS),
    };
    fs.cpSync(serverEnv.DATA_DIR!, clusterEnv.DATA_DIR, { recursive: true });
    const single = await startServer(serverEnv, 'server.log');
    const cluster = await startServer(clusterEnv, 'cluster.log');
    const singleSubmits = submitsTo();
    const clusterSubmits = submitsTo();
    await cannon(cluster, listLoad, WARMUP_S);
    const clusteredAtFullThrottle = {
      list: await cannon(cluster, listLoad, DURATION_S),
      submit: await cannon(cluster, clusterSubmits.load, DURATION_S),
    };
    // The restarted single process's code paths are cold: warmed as the cluster's just were.
    await cannon(single, listLoad, WARMUP_S);
    await cannon(single, singleSubmits.load, WARMUP_S, offeredSubmits);
    const runs = { list: [[], []] as Measured[][], submit: [[], []] as Measured[][] };
    const servers = [single, cluster];
    const submitLoads = [singleSubmits.load, clusterSubmits.load];
    for (let pair = 0; pair < PAIRS; pair++) {
      const order = pair % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) runs.list[i]!.push(await cannon(servers[i]!, listLoad, PAIR_S, offered));
      for (const i of order)
        runs.submit[i]!.push(await cannon(servers[i]!, submitLoads[i]!, PAIR_S, offeredSubmits));
    }
    firstSubmits.warnIfSpent('one process, before the pairs');
    singleSubmits.warnIfSpent('one process');
    clusterSubmits.warnIfSpent(`${CLUSTER_WORKERS} processes`);
    const listAtRate = pooled(runs.list[0]!);
    const submitAtRate = pooled(runs.submit[0]!);
    const clustered = {
      ...clusteredAtFullThrottle,
      listAtRate: pooled(runs.list[1]!),
      submitAtRate: pooled(runs.submit[1]!),
    };
    /** Each pair's ratio, two processes against one, of CPU per request. */
    const pairRatios = (of: Measured[][]) =>
      of[1]!.map((two, i) => `${(two.cpuMsPerRequest / of[0]![i]!.cpuMsPerRequest).toFixed(2)}×`).join(', ');

    // Measured alone, with every server stopped, so the machine is as idle as the sleeper.
    await stopEarly(single);
    await stopEarly(cluster);
    await stopEarly(baseline);
    const wakeUs = await idleWakeCostUs();

    const figures: Figure[] = [
      {
        label: 'GET /api/draw/channels throughput',
        unit: 'req/s',
        ours: list.ours.rps,
        baseline: list.baseline.rps,
        better: 'higher',
      },
      {
        label: 'GET /api/draw/channels latency p99',
        unit: 'ms',
        ours: list.ours.p99,
        baseline: list.baseline.p99,
        better: 'lower',
        resolution: 1,
      },
      {
        label: 'POST /api/mj/submit/imagine throughput',
        unit: 'req/s',
        ours: submit.ours.rps,
        baseline: submit.baseline.rps,
        better: 'higher',
      },
      {
        label: 'POST /api/mj/submit/imagine latency p99',
        unit: 'ms',
        ours: submit.ours.p99,
        baseline: submit.baseline.p99,
        better: 'lower',
        resolution: 1,
      },
      {
        label: 'POST /api/mj/submit/imagine CPU per request',
        unit: 'ms',
        ours: submit.ours.cpuMsPerRequest,
        baseline: submit.baseline.cpuMsPerRequest,
        better: 'lower',
      },
      {
        label: `GET /api/draw/channels CPU per request, ${CLUSTER_WORKERS} processes vs 1`,
        unit: 'ms',
        ours: clustered.list.cpuMsPerRequest,
        baseline: list.ours.cpuMsPerRequest,
        better: 'lower',
      },
      {
        label: `GET /api/draw/channels CPU per request at ${offered} req/s offered, ${CLUSTER_WORKERS} processes vs 1`,
        unit: 'ms',
        ours: clustered.listAtRate.cpuMsPerRequest,
        baseline: listAtRate.cpuMsPerRequest,
        better: 'lower',
      },
      {
        label: `POST /api/mj/submit/imagine CPU per request, ${CLUSTER_WORKERS} processes vs 1`,
        unit: 'ms',
        ours: clustered.submit.cpuMsPerRequest,
        baseline: submit.ours.cpuMsPerRequest,
        better: 'lower',
      },
      {
        label: `POST /api/mj/submit/imagine CPU per request at ${offeredSubmits} req/s offered, ${CLUSTER_WORKERS} processes vs 1`,
        unit: 'ms',
        ours: clustered.submitAtRate.cpuMsPerRequest,
        baseline: submitAtRate.cpuMsPerRequest,
        better: 'lower',
      },
      {
        label: `POST /api/mj/submit/imagine latency p99 at ${offeredSubmits} req/s offered, ${CLUSTER_WORKERS} processes vs 1`,
        unit: 'ms',
        ours: clustered.submitAtRate.p99,
        baseline: submitAtRate.p99,
        better: 'lower',
        resolution: 1,
      },
      {
        label: `GET /api/draw/channels latency p99 at ${offered} req/s offered, ${CLUSTER_WORKERS} processes vs 1`,
        unit: 'ms',
        ours: clustered.listAtRate.p99,
        baseline: listAtRate.p99,
        better: 'lower',
        resolution: 1,
      },
      {
        label: `GET /api/draw/channels throughput, ${CLUSTER_WORKERS} processes`,
        unit: 'req/s',
        ours: clustered.list.rps,
        baseline: list.baseline.rps,
        better: 'higher',
      },
      {
        label: `POST /api/mj/submit/imagine throughput, ${CLUSTER_WORKERS} processes`,
        unit: 'req/s',
        ours: clustered.submit.rps,
        baseline: submit.baseline.rps,
        better: 'higher',
      },
    ];
    const outcome = (m: Measured) =>
      `${m.succeeded}/${m.total} succeeded, ${m.failed} failed (statuses ${JSON.stringify(m.statuses)}), p50 ${m.p50} ms, ${costOf(m)}`;
    return {
      name: 'REST API',
      ours: `the real server process (server/src/main.ts, embedded store, LOG_LEVEL=info), signed-in users`,
      baseline:
        'a bare Fastify 5 process (no plugins or hooks, no logging) sending the same sampled bytes and headers',
      figures,
      notes: [
        `autocannon ${CONNECTIONS} connections, ${DURATION_S} s per run after a ${WARMUP_S} s warm-up of the read route; server and baseline each in their own process, autocannon in the bench process.`,
        `channels list: one user with ${CHANNELS_PER_USER} channels, ${Buffer.byteLength(channelsSample.body)} bytes per answer; ours ${outcome(list.ours)}; baseline ${outcome(list.baseline)}.`,
        `submit: ${usable.length} users (30 submits/min each), each in its own channel, round-robin; FREE_DAILY_CREDITS=1000000, BUILTIN_ENGINE_STEP_MS=60000, ENGINE_CONCURRENCY=1 so tasks queue without rendering; ours ${outcome(submit.ours)}; baseline ${outcome(submit.baseline)}.`,
        `${CLUSTER_WORKERS} processes: the same folder, users and loads served by WORKERS=${CLUSTER_WORKERS} (members listening on the port themselves, the primary handing each connection over once), against the same single bare process and against one process of ours; list ${outcome(clustered.list)}; submit ${outcome(clustered.submit)}.`,
        `At the same offered load, one process and ${CLUSTER_WORKERS} up at once on copies of the folder, ${PAIRS} runs of ${PAIR_S} s each, alternating (CPU per request over all of a server's runs, latencies their median): list at ${offered} req/s, ${CLUSTER_WORKERS} processes ${outcome(clustered.listAtRate)}, one process ${outcome(listAtRate)}, CPU ${CLUSTER_WORKERS} vs 1 in each pair ${pairRatios(runs.list)}; submit at ${offeredSubmits} req/s, ${CLUSTER_WORKERS} processes ${outcome(clustered.submitAtRate)}, one process ${outcome(submitAtRate)}, in each pair ${pairRatios(runs.submit)}. CPU is summed over every process of the server (the primary first, then its members; tsx's helpers) from /proc. On a machine of ${os.cpus().length} cores autocannon, the primary and the members share them.`,
        `This machine charges a Node process ${wakeUs.toFixed(0)} µs of CPU per wake from idle (1,000 waits of 2 ms, nothing else running): each hop a request makes between processes (a member asking the primary for a rate count) is a wake on each side, which weighs the ${CLUSTER_WORKERS}-process CPU figures.`,
        'Latencies are whole milliseconds (autocannon): a baseline p99 of 0 ms is under 1 ms, so its ratio is computed against 1 ms and printed as a lower bound (≥).',
        `A failure is a non-2xx status, a body without "success":true, a socket error or a timeout. Setup (sign-ins, channels) took ${setupSeconds.toFixed(1)} s.`,
      ],
    };
  } finally {
    for (const p of running.reverse()) await p.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
