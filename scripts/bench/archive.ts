import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ArchiveKind,
  ArchiveRatio,
  ArchiveScope,
  TaskAction,
  TaskStatus,
  type ArchiveQuery,
} from '@draw/shared';
import { openEmbeddedStorage } from '../../server/src/storage/embedded';
import { folderBlobStore } from '../../server/src/blobs/folder';
import { Users, authRepository } from '../../server/src/features/auth/repository';
import {
  Channels,
  Members,
  channelsRepository,
  memberId,
} from '../../server/src/features/channels/repository';
import { Tasks, tasksRepository, type TaskDoc } from '../../server/src/features/tasks/repository';
import {
  Favorites,
  archiveImagesRepository,
  favoritesRepository,
} from '../../server/src/features/archive/repository';
import { archiveService } from '../../server/src/features/archive/service';
import type { ChannelHub } from '../../server/src/realtime/hub';
import { api } from '../testing/http';
import { Better, type BenchReport, type Figure } from './report';
import { signIn } from './rest';
import { cpuMsOfTree, startProcess, type BenchProcess } from './rest/processes';

/**
 * An archive page with 100,000 tasks in the embedded store: the service's `page` (visibility,
 * every filter, search included, cursor pages) timed call by call, beside a bare indexed query of
 * the same store (one channel's newest finished tasks, one statement on the same index). Then the
 * same pages over HTTP from the real server on the same folder (`GET /api/archive`, the reader
 * signed in), as one process and as a cluster of ARCHIVE_WORKERS: one pager, and several at once.
 */
const TASKS = Number(process.env.ARCHIVE_TASKS ?? 100_000);
const USERS = 200;
const CHANNELS = 100;
const CHANNELS_PER_USER = 5;
const ROUNDS = Number(process.env.ARCHIVE_ROUNDS ?? 30);
const WARMUP_ROUNDS = 3;
/** The reader's index among the seeded users: its place is taken by a person signed in through the real routes. */
const READER = 3;
/** The cluster the one-process server is compared with (WORKERS). */
const CLUSTER_WORKERS = Number(process.env.ARCHIVE_WORKERS ?? 2);
/** Pagers at once in the concurrent phase (the route lets one person have 16 pages in flight). */
const PAGERS = Number(process.env.ARCHIVE_PAGERS ?? 4);

const WORDS_EN = [
  'lighthouse',
  'fox',
  'castle',
  'river',
  'neon city',
  'forest',
  'portrait',
  'robot',
  'ocean',
  'desert',
];
const WORDS_ZH = ['橘猫', '灯塔', '山水', '雪山', '樱花', '长城', '机器人', '星空', '竹林', '古镇'];
const ACTIONS = [
  TaskAction.Imagine,
  TaskAction.Imagine,
  TaskAction.Upscale,
  TaskAction.Upscale,
  TaskAction.Variation,
  TaskAction.Zoom,
  TaskAction.Pan,
  TaskAction.Inpaint,
  TaskAction.Blend,
  TaskAction.Describe,
];
const SIZES = [
  [1024, 1024],
  [1456, 816],
  [816, 1456],
] as const;

/** A repeatable pseudo-random sequence, so every run stores the same history. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const serverEnv = (dataDir: string, workers: number): Record<string, string> => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  MONGODB_URI: '',
  // The production default: every request is logged, as in a deployment.
  LOG_LEVEL: 'info',
  WORKERS: String(workers),
});

/** The reader, signed in through the real routes on the (empty) folder before it is seeded. */
async function signInReader(dataDir: string, logFile: string): Promise<{ token: string; id: string }> {
  const server = await startProcess('server/src/main.ts', serverEnv(dataDir, 1), logFile);
  try {
    const token = await signIn(server.origin, READER);
    const session = await api<{ auth: boolean; id?: string }>(server.origin, 'GET', '/api/home/index', token);
    if (!session.id) throw new Error('archive bench: the reader is not signed in');
    return { token, id: session.id };
  } finally {
    await server.stop();
  }
}

/** `GET /api/archive?…` for a query of the service (every field is a scalar of the query string). */
const archivePath = (query: ArchiveQuery) =>
  `/api/archive?${new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)] as [string, string]),
  ).toString()}`;

interface HttpMeasured {
  /** Each page's time as the pager saw it, sorted, ms. */
  latencies: number[];
  pagesPerSecond: number;
  /** CPU (ms) the server's processes spent per page, summed over all of them (/proc). */
  cpuMsPerPage: number;
}

/**
 * `pagers` clients of the reader at once, each going through every query `rounds` times (each
 * starting at a different query), keep-alive connections of their own; every answer is checked
 * against the page the service gave in-process for the same query.
 */
async function pageOverHttp(
  server: BenchProcess,
  token: string,
  queries: ArchiveQuery[],
  expected: string[][],
  rounds: number,
  pagers: number,
): Promise<HttpMeasured> {
  const latencies: number[] = [];
  const cpuBefore = cpuMsOfTree(server.child.pid!);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: pagers }, async (_, pager) => {
      for (let round = 0; round < rounds; round++) {
        for (let k = 0; k < queries.length; k++) {
          const at = (k + pager) % queries.length;
          const t0 = performance.now();
          const res = await fetch(`${server.origin}${archivePath(queries[at]!)}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const body = await res.text();
          latencies.push(performance.now() - t0);
          const envelope = JSON.parse(body) as {
            success: boolean;
            data?: { items: { task: { id: string } }[] };
          };
          const ids = envelope.data?.items.map((item) => item.task.id).join(',');
          if (!res.ok || !envelope.success || ids !== expected[at]!.join(','))
            throw new Error(
              `archive bench: GET ${archivePath(queries[at]!)} answered ${res.status} ${body.slice(0, 200)}, not the service's page`,
            );
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    latencies: latencies.sort((a, b) => a - b),
    pagesPerSecond: latencies.length / seconds,
    cpuMsPerPage: (cpuMsOfTree(server.child.pid!) - cpuBefore) / latencies.length,
  };
}

/** The server on the seeded folder as `workers` processes: a warm-up, one pager alone, then `PAGERS` at once. */
async function measureServer(
  dataDir: string,
  logFile: string,
  workers: number,
  token: string,
  queries: ArchiveQuery[],
  expected: string[][],
): Promise<{ alone: HttpMeasured; together: HttpMeasured }> {
  const server = await startProcess('server/src/main.ts', serverEnv(dataDir, workers), logFile);
  try {
    // Several connections at once, so every member of a cluster is warmed.
    await pageOverHttp(server, token, queries, expected, WARMUP_ROUNDS, PAGERS);
    return {
      alone: await pageOverHttp(server, token, queries, expected, ROUNDS, 1),
      together: await pageOverHttp(server, token, queries, expected, Math.ceil(ROUNDS / PAGERS), PAGERS),
    };
  } finally {
    await server.stop();
  }
}

export async function run(): Promise<BenchReport> {
  if (!Number.isInteger(CLUSTER_WORKERS) || CLUSTER_WORKERS < 2)
    throw new Error(`ARCHIVE_WORKERS: the cluster's process count, 2 or more (got ${CLUSTER_WORKERS})`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-archive-'));
  const logFile = path.join(root, 'server.log');
  try {
    const readerAccount = await signInReader(root, logFile);
    const measured = await measureInProcess(root, readerAccount.id);
    const byWorkers = new Map<number, { alone: HttpMeasured; together: HttpMeasured }>();
    for (const workers of [1, CLUSTER_WORKERS]) {
      byWorkers.set(
        workers,
        await measureServer(root, logFile, workers, readerAccount.token, measured.queries, measured.expected),
      );
    }
    return reportOf(measured, byWorkers.get(1)!, byWorkers.get(CLUSTER_WORKERS)!);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

interface InProcess {
  queries: ArchiveQuery[];
  /** The task ids of each query's page, as the service gave them in-process. */
  expected: string[][];
  /** The service's page times and the bare statement's, sorted, ms. */
  ours: number[];
  bare: number[];
  slowest: readonly [string, number];
}

/** Seeds the folder (the reader: `readerId`) and times the service in-process; closes the store after. */
async function measureInProcess(root: string, readerId: string): Promise<InProcess> {
  const storage = openEmbeddedStorage(root, 'bench');
  try {
    const tasks = tasksRepository(storage);
    const channels = channelsRepository(storage);
    const favorites = favoritesRepository(storage);
    const users = authRepository(storage).users;
    // The documents are seeded straight into the storage (repositories only answer named queries).
    const seed = {
      channels: storage.collection(Channels),
      members: storage.collection(Members),
      users: storage.collection(Users),
      tasks: storage.collection(Tasks),
      favorites: storage.collection(Favorites),
    };
    await storage.ready();
    const next = random(7);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const started = Date.now() - TASKS * 60_000;

    await seed.channels.insertMany(
      Array.from({ length: CHANNELS }, (_, c) => ({
        _id: `c${c}`,
        title: `channel ${c}`,
        isBan: false,
        creatorId: 'u0',
        createdAt: started,
        updatedAt: started,
      })),
    );
    const userIds = Array.from({ length: USERS }, (_, u) => (u === READER ? readerId : `u${u}`));
    const membership: string[][] = Array.from({ length: USERS }, (_, u) =>
      Array.from({ length: CHANNELS_PER_USER }, (_, k) => `c${(u * 7 + k * 13) % CHANNELS}`),
    );
    await seed.members.insertMany(
      membership.flatMap((list, u) =>
        [...new Set(list)].map((channelId) => ({
          _id: memberId(channelId, userIds[u]!),
          channelId,
          userId: userIds[u]!,
          joinedAt: started,
        })),
      ),
    );
    // The reader's own document is the one its sign-in wrote.
    await seed.users.insertMany(
      Array.from({ length: USERS }, (_, u) => u)
        .filter((u) => u !== READER)
        .map((u) => ({
          _id: `u${u}`,
          name: `user ${u}`,
          description: '',
          avatar: '',
          theme: 'auto' as const,
          nijiRemix: false,
          mjRemix: false,
          isAdmin: false,
          createdAt: started,
        })),
    );

    const BATCH = 2000;
    for (let from = 0; from < TASKS; from += BATCH) {
      const docs: TaskDoc[] = [];
      for (let i = from; i < Math.min(TASKS, from + BATCH); i++) {
        const u = Math.floor(next() * USERS);
        const [width, height] = pick(SIZES);
        const prompt = `${pick(WORDS_ZH)} ${pick(WORDS_EN)} ${pick(WORDS_ZH)}, detailed, ${i}`;
        const finished = next() < 0.9;
        docs.push({
          _id: `t${String(i).padStart(7, '0')}`,
          channelId: pick(membership[u]!),
          userId: userIds[u]!,
          botType: 'MID_JOURNEY',
          action: pick(ACTIONS),
          status: finished ? TaskStatus.Success : TaskStatus.Failure,
          prompt,
          promptEn: '',
          finalPrompt: `${prompt} --v 6.1`,
          description: '',
          submitTime: started + i * 60_000,
          startTime: started + i * 60_000,
          finishTime: started + i * 60_000 + 30_000,
          progress: '100%',
          previewUrl: null,
          imageUrl: finished ? `/files/${i}.png` : null,
          videoUrl: null,
          failReason: null,
          buttons: [],
          parentId: null,
          seed: String(i),
          engine: 'builtin',
          properties: {
            width,
            height,
            ratio:
              width === height
                ? ArchiveRatio.Square
                : width > height
                  ? ArchiveRatio.Landscape
                  : ArchiveRatio.Portrait,
          },
          job: { kind: 'imagine', prompt, seed: i, botType: 'MID_JOURNEY', referenceKeys: [] },
          hookToken: 'x',
          upstreamId: null,
          deadlineAt: 0,
          leaseOwner: null,
          leaseUntil: 0,
          cost: 1,
        } as TaskDoc);
      }
      await seed.tasks.insertMany(docs);
    }

    const reader = readerId;
    const readerDocs = await seed.tasks.find(
      { userId: reader, status: TaskStatus.Success },
      { sort: { finishTime: -1, _id: -1 }, limit: 300 },
    );
    await seed.favorites.insertMany(
      readerDocs
        .filter((_, i) => i % 3 === 0)
        .map((doc) => ({
          _id: `${reader}:${doc._id}`,
          userId: reader,
          taskId: doc._id,
          finishTime: doc.finishTime!,
          createdAt: Date.now(),
        })),
    );
    const hub = { favorite: () => undefined } as unknown as ChannelHub;
    const archive = archiveService({
      tasks,
      images: archiveImagesRepository(storage),
      favorites,
      channels,
      users,
      blobs: folderBlobStore(root),
      hub,
      now: Date.now,
    });

    const middle = started + (TASKS / 2) * 60_000;
    const queries: ArchiveQuery[] = [
      {},
      { scope: ArchiveScope.Mine },
      { channelId: membership[READER]![0] },
      { q: '橘猫' },
      { q: '灯塔 neon' },
      { q: 'LIGHTHOUSE' },
      { q: '不存在的词' },
      { kind: ArchiveKind.Upscale, ratio: ArchiveRatio.Portrait },
      { favorite: true },
      { favorite: true, q: '雪山' },
      { from: middle - 86_400_000 * 7, to: middle },
    ];
    const page2 = (await archive.page(reader, {})).nextCursor!;
    queries.push({ cursor: page2 });

    const ours: number[] = [];
    const worst = new Map<string, number[]>();
    const bare: number[] = [];
    for (let round = 0; round < ROUNDS + 3; round++) {
      for (const query of queries) {
        const t0 = performance.now();
        await archive.page(reader, query);
        const ms = performance.now() - t0;
        if (round < 3) continue; // warm-up: statements prepared, pages in the cache
        ours.push(ms);
        const key = JSON.stringify(query);
        worst.set(key, [...(worst.get(key) ?? []), ms]);
      }
      for (let k = 0; k < queries.length; k++) {
        const t0 = performance.now();
        await seed.tasks.find(
          { channelId: membership[READER]![k % CHANNELS_PER_USER]!, status: TaskStatus.Success },
          { sort: { finishTime: -1, _id: -1 }, limit: 40 },
        );
        if (round >= 3) bare.push(performance.now() - t0);
      }
    }
    ours.sort((a, b) => a - b);
    bare.sort((a, b) => a - b);
    const slowest = [...worst.entries()]
      .map(
        ([key, list]) =>
          [
            key,
            percentile(
              list.sort((a, b) => a - b),
              99,
            ),
          ] as const,
      )
      .sort((a, b) => b[1] - a[1])[0]!;
    const expected: string[][] = [];
    for (const query of queries) {
      expected.push((await archive.page(reader, query)).items.map((item) => item.task.id));
    }
    return { queries, expected, ours, bare, slowest };
  } finally {
    await storage.close();
  }
}

function reportOf(
  measured: InProcess,
  one: { alone: HttpMeasured; together: HttpMeasured },
  cluster: { alone: HttpMeasured; together: HttpMeasured },
): BenchReport {
  const { queries, ours, bare, slowest } = measured;
  const vs = `${CLUSTER_WORKERS} processes vs 1`;
  const lower = Better.lower;
  const p = (m: HttpMeasured, at: number) => percentile(m.latencies, at);
  const figures: Figure[] = [
    {
      label: 'page p50',
      unit: 'ms',
      ours: percentile(ours, 50),
      baseline: percentile(bare, 50),
      better: lower,
    },
    {
      label: 'page p99',
      unit: 'ms',
      ours: percentile(ours, 99),
      baseline: percentile(bare, 99),
      better: lower,
    },
    {
      label: 'GET /api/archive p50, one pager, 1 process vs the service in-process',
      unit: 'ms',
      ours: p(one.alone, 50),
      baseline: percentile(ours, 50),
      better: lower,
    },
    {
      label: 'GET /api/archive p99, one pager, 1 process vs the service in-process',
      unit: 'ms',
      ours: p(one.alone, 99),
      baseline: percentile(ours, 99),
      better: lower,
    },
    {
      label: `GET /api/archive p50, one pager, ${vs}`,
      unit: 'ms',
      ours: p(cluster.alone, 50),
      baseline: p(one.alone, 50),
      better: lower,
    },
    {
      label: `GET /api/archive p99, one pager, ${vs}`,
      unit: 'ms',
      ours: p(cluster.alone, 99),
      baseline: p(one.alone, 99),
      better: lower,
    },
    {
      label: `GET /api/archive CPU per page (every process), one pager, ${vs}`,
      unit: 'ms',
      ours: cluster.alone.cpuMsPerPage,
      baseline: one.alone.cpuMsPerPage,
      better: lower,
    },
    {
      label: `GET /api/archive pages per second, ${PAGERS} pagers at once, ${vs}`,
      unit: 'pages/s',
      ours: cluster.together.pagesPerSecond,
      baseline: one.together.pagesPerSecond,
      better: Better.higher,
    },
    {
      label: `GET /api/archive p50, ${PAGERS} pagers at once, ${vs}`,
      unit: 'ms',
      ours: p(cluster.together, 50),
      baseline: p(one.together, 50),
      better: lower,
    },
    {
      label: `GET /api/archive p99, ${PAGERS} pagers at once, ${vs}`,
      unit: 'ms',
      ours: p(cluster.together, 99),
      baseline: p(one.together, 99),
      better: lower,
    },
    {
      label: `GET /api/archive CPU per page (every process), ${PAGERS} pagers at once, ${vs}`,
      unit: 'ms',
      ours: cluster.together.cpuMsPerPage,
      baseline: one.together.cpuMsPerPage,
      better: lower,
    },
  ];
  const httpNote = (name: string, m: { alone: HttpMeasured; together: HttpMeasured }) =>
    `${name}: one pager ${m.alone.latencies.length} pages, ${m.alone.pagesPerSecond.toFixed(0)} pages/s, ${m.alone.cpuMsPerPage.toFixed(2)} ms CPU per page; ${PAGERS} pagers ${m.together.latencies.length} pages, ${m.together.pagesPerSecond.toFixed(0)} pages/s, ${m.together.cpuMsPerPage.toFixed(2)} ms CPU per page`;
  return {
    name: 'Archive page',
    ours: `archive.page for a member of ${CHANNELS_PER_USER} channels, ${queries.length} queries (every filter, search in Chinese and English, favourites, a cursor page) × ${ROUNDS} rounds; then GET /api/archive with the same queries from the real server on the same folder`,
    baseline:
      "the bare indexed statement of the same store: one channel's 40 newest finished tasks (tasks.find on the channelId/status/finishTime index); for the HTTP rows, the row each names",
    figures,
    notes: [
      `${TASKS.toLocaleString('en')} tasks (90 % finished), ${USERS} users, ${CHANNELS} channels; 40 images a page, each with author, channel and star`,
      `slowest query: ${slowest[0]} at p99 ${slowest[1].toFixed(1)} ms`,
      `HTTP: the real server process (server/src/main.ts through tsx, LOG_LEVEL=info) on the folder the in-process rows read, the reader signed in through the real routes; as WORKERS=1, then WORKERS=${CLUSTER_WORKERS} (ARCHIVE_WORKERS). Each: ${WARMUP_ROUNDS} warm-up rounds by ${PAGERS} pagers, then one pager (sequential, one keep-alive connection, so one member of a cluster serves it) × ${ROUNDS} rounds, then ${PAGERS} pagers at once (ARCHIVE_PAGERS, a connection each) × ${Math.ceil(ROUNDS / PAGERS)} rounds; every answer checked to be the service's in-process page for the same query. Latency measured by the bench process; CPU summed over every process of the server (the primary, its members, tsx's helpers) from /proc; on ${os.cpus().length} cores the bench and the server share them`,
      httpNote('WORKERS=1', one),
      httpNote(`WORKERS=${CLUSTER_WORKERS}`, cluster),
    ],
  };
}
