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
import type { BenchReport } from './report';

/**
 * An archive page with 100,000 tasks in the embedded store: the service's `page` (visibility,
 * every filter, search included, cursor pages) timed call by call, beside a bare indexed query of
 * the same store (one channel's newest finished tasks, one statement on the same index).
 */
const TASKS = Number(process.env.ARCHIVE_TASKS ?? 100_000);
const USERS = 200;
const CHANNELS = 100;
const CHANNELS_PER_USER = 5;
const ROUNDS = Number(process.env.ARCHIVE_ROUNDS ?? 30);

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

export async function run(): Promise<BenchReport> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-archive-'));
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
    const membership: string[][] = Array.from({ length: USERS }, (_, u) =>
      Array.from({ length: CHANNELS_PER_USER }, (_, k) => `c${(u * 7 + k * 13) % CHANNELS}`),
    );
    await seed.members.insertMany(
      membership.flatMap((list, u) =>
        [...new Set(list)].map((channelId) => ({
          _id: memberId(channelId, `u${u}`),
          channelId,
          userId: `u${u}`,
          joinedAt: started,
        })),
      ),
    );
    await seed.users.insertMany(
      Array.from({ length: USERS }, (_, u) => ({
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
          userId: `u${u}`,
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

    const reader = 'u3';
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
      { channelId: membership[3]![0] },
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
          { channelId: membership[3]![k % CHANNELS_PER_USER]!, status: TaskStatus.Success },
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
    return {
      name: 'Archive page',
      ours: `archive.page for a member of ${CHANNELS_PER_USER} channels, ${queries.length} queries (every filter, search in Chinese and English, favourites, a cursor page) × ${ROUNDS} rounds`,
      baseline:
        "the bare indexed statement of the same store: one channel's 40 newest finished tasks (tasks.find on the channelId/status/finishTime index)",
      figures: [
        {
          label: 'page p50',
          unit: 'ms',
          ours: percentile(ours, 50),
          baseline: percentile(bare, 50),
          better: 'lower',
        },
        {
          label: 'page p99',
          unit: 'ms',
          ours: percentile(ours, 99),
          baseline: percentile(bare, 99),
          better: 'lower',
        },
      ],
      notes: [
        `${TASKS.toLocaleString('en')} tasks (90 % finished), ${USERS} users, ${CHANNELS} channels; 40 images a page, each with author, channel and star`,
        `slowest query: ${slowest[0]} at p99 ${slowest[1].toFixed(1)} ms`,
      ],
    };
  } finally {
    await storage.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
