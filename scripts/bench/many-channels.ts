import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ArchiveLimits, ArchiveRatio, TaskAction, TaskStatus } from '@draw/shared';
import { loadConfig } from '../../server/src/config';
import { buildApp } from '../../server/src/app';
import { Channels, Members, memberId } from '../../server/src/features/channels/repository';
import { Tasks, type TaskDoc } from '../../server/src/features/tasks/repository';
import { longestStall } from '../testing/stall';

/**
 * One account in many channels (issue #36: an attacker's free account made 10,000 in 15 s): the
 * time of the requests that read the person's memberships, and the longest the event loop waits
 * while a profile rename is told to every channel. Not part of `npm run bench`:
 *
 *   MANY_CHANNELS=2000 node --import tsx scripts/bench/many-channels.ts
 *
 * The channels are stored through the repositories (the same documents `create` writes): the
 * service now refuses more than `Limits.channelsOwnedMax`, and the point is an account that has
 * them anyway (made before the caps).
 */
const CHANNELS = Number(process.env.MANY_CHANNELS ?? 2000);
const ROUNDS = Number(process.env.MANY_ROUNDS ?? 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(rounds: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return median(times);
}

function task(id: string, channelId: string, userId: string, at: number, parentId: string | null): TaskDoc {
  return {
    _id: id,
    channelId,
    userId,
    botType: 'MID_JOURNEY',
    action: parentId ? TaskAction.Variation : TaskAction.Imagine,
    status: TaskStatus.Success,
    prompt: `image ${id}`,
    promptEn: '',
    finalPrompt: `image ${id}`,
    description: '',
    submitTime: at,
    startTime: at,
    finishTime: at + 1000,
    progress: '100%',
    previewUrl: null,
    imageUrl: `/files/${id}.png`,
    videoUrl: null,
    failReason: null,
    buttons: [],
    parentId,
    seed: '1',
    engine: 'builtin',
    properties: { width: 1024, height: 1024, ratio: ArchiveRatio.Square },
    job: { kind: 'imagine', prompt: 'x', seed: 1, botType: 'MID_JOURNEY', referenceKeys: [] },
    hookToken: 'x',
    upstreamId: null,
    deadlineAt: 0,
    leaseOwner: null,
    leaseUntil: 0,
    cost: 1,
  } as TaskDoc;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-many-channels-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    BUILTIN_ENGINE_STEP_MS: '0',
  });
  const app = await buildApp(config);
  try {
    const phone = '13900001111';
    const sent = await app.http.inject({ method: 'GET', url: `/api/login/send-login-code?phone=${phone}` });
    const login = await app.http.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { loginType: 'Captcha', account: phone, code: sent.json().data.devCode },
    });
    const { token, user } = login.json().data as { token: string; user: { id: string } };
    const headers = { authorization: `Bearer ${token}` };
    const userId = user.id;

    // Seeded straight into the storage (repositories only answer named queries).
    const repo = { channels: app.storage.collection(Channels), members: app.storage.collection(Members) };
    const at = Date.now() - CHANNELS * 1000;
    const ids = Array.from({ length: CHANNELS }, (_, i) => `bench-${String(i).padStart(6, '0')}`);
    for (let from = 0; from < CHANNELS; from += 1000) {
      const slice = ids.slice(from, from + 1000);
      await repo.channels.insertMany(
        slice.map((id, i) => ({
          _id: id,
          title: `c${from + i}`,
          isBan: false,
          creatorId: userId,
          createdAt: at + from + i,
          updatedAt: at + from + i,
        })),
      );
      await repo.members.insertMany(
        slice.map((id, i) => ({ _id: memberId(id, userId), channelId: id, userId, joinedAt: at + from + i })),
      );
    }
    // An image with the deepest family the archive shows, each ancestor a variation of the last,
    // made by another member: the reader sees them through their memberships.
    const tasks = app.storage.collection(Tasks);
    const painter = 'bench-painter';
    await repo.members.insertOne({
      _id: memberId(ids[0]!, painter),
      channelId: ids[0]!,
      userId: painter,
      joinedAt: at,
    });
    const chain = Array.from({ length: ArchiveLimits.familyDepth + 1 }, (_, i) =>
      task(`chain-${i}`, ids[0]!, painter, at + i * 10, i === 0 ? null : `chain-${i - 1}`),
    );
    await tasks.insertMany(chain);
    const leaf = chain.at(-1)!._id;

    const get = async (url: string) => {
      const res = await app.http.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res;
    };
    await get('/api/archive');
    await get('/api/reads');
    await get(`/api/archive/task/${leaf}/family`);
    const archiveMs = await timed(ROUNDS, () => get('/api/archive'));
    const readsMs = await timed(ROUNDS, () => get('/api/reads'));
    const familyMs = await timed(ROUNDS, () => get(`/api/archive/task/${leaf}/family`));
    const detailMs = await timed(ROUNDS, () => get(`/api/draw/channel/${ids[0]}`));
    const rename = await longestStall(() => app.services.channels.announceProfile(userId));
    const row = (name: string, ms: number) =>
      console.log(`${name.padEnd(44)} ${ms.toFixed(1).padStart(8)} ms`);
    console.log(`one account in ${CHANNELS} channels (median of ${ROUNDS})`);
    row('GET /api/archive', archiveMs);
    row('GET /api/reads', readsMs);
    row(`GET family (${ArchiveLimits.familyDepth} ancestors)`, familyMs);
    row('GET /api/draw/channel/:id', detailMs);
    row('rename fan-out: longest event-loop stall', rename.stallMs);
    row('rename fan-out: whole', rename.totalMs);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
