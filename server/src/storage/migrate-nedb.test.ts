import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildApp, type App } from '../app';
import { listen, nextPhone } from '../../test/support/harness';
import { connectSocket } from '../../test/support/socket';
import { EMBEDDED_FILE, openEmbeddedStorage } from './embedded';
import { migrateNedbFolder } from './migrate-nedb';
import { Users } from '../features/auth/repository';

/**
 * The move of a data folder that the NeDB version wrote (fixtures/nedb-v1: written by the real
 * server of the commit named in its expected.json, driven over HTTP, Socket.IO and the ops CLI),
 * checked user by user, channel by channel, task by task, through the real routes.
 */
const FIXTURE = path.join(path.dirname(new URL(import.meta.url).pathname), '../../test/fixtures/nedb-v1');
const expected = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'expected.json'), 'utf8')) as Expected;

interface Expected {
  createdAt: string;
  users: {
    key: string;
    id: string;
    sessionToken: string;
    revokedSessionTokens: string[];
    info: { name: string; isAdmin: boolean };
    credits: { balance: number; free: number; plan: { productId: string } | null };
    channelIds: string[];
    drawSettings: Record<string, Record<string, unknown>>;
    orders: { id: string; status: string }[];
  }[];
  channels: {
    id: string;
    title: string;
    muted: boolean;
    memberIds: string[];
    visibleMessages: number;
    lastEventSeq: number;
  }[];
  deletedChannel: { id: string };
  invites: { code: string; channelId: string; validNow: boolean }[];
  tasks: {
    id: string;
    channelId: string;
    userId: string;
    status: string;
    imageUrl: string | null;
    action: string;
  }[];
  imageChecks: { url: string; bytes: number; contentType: string }[];
  company: { name: string };
  productIds: string[];
  collections: Record<string, { docs: number }>;
}

const expectedCounts = Object.fromEntries(
  Object.entries(expected.collections).map(([name, c]) => [name, c.docs]),
);

function copyFixture(dbFolder = 'datadir/db'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-nedb-move-'));
  fs.cpSync(path.join(FIXTURE, dbFolder), path.join(dir, 'db'), { recursive: true });
  fs.cpSync(path.join(FIXTURE, 'datadir/files'), path.join(dir, 'files'), { recursive: true });
  return dir;
}

const nedbFilesIn = (dir: string) =>
  fs.readdirSync(path.join(dir, 'db')).filter((name) => name.endsWith('.db'));

/** Answers are read loosely: these tests look at what a person would see, not at types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = any;

describe('a data folder written by the NeDB version, moved at the first start', () => {
  let app: App;
  let origin: string;
  let dataDir: string;
  // The fixture's own day: sessions, plans, invite expiries and free credits are judged as then.
  const startedAt = Date.now();
  const now = () => Date.parse(expected.createdAt) + 60_000 + (Date.now() - startedAt);

  beforeAll(async () => {
    dataDir = copyFixture();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      BUILTIN_ENGINE_STEP_MS: '0',
    });
    app = await buildApp(config, { now });
    origin = await listen(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = async (url: string, token?: string) => {
    const res = await fetch(`${origin}${url}`, {
      headers: token
        ? { authorization: `Bearer ${token}`, 'accept-language': 'en-US' }
        : { 'accept-language': 'en-US' },
    });
    return (await res.json()) as { success: boolean; data: Answer; message: string };
  };
  const post = async (url: string, token: string, body: unknown = {}) => {
    const res = await fetch(`${origin}${url}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'accept-language': 'en-US',
      },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { success: boolean; data: Answer; message: string };
  };

  it('keeps the old files aside, renamed, and the store holds every document', async () => {
    expect(nedbFilesIn(dataDir)).toEqual([]);
    const [kept] = fs.readdirSync(path.join(dataDir, 'db')).filter((name) => name.startsWith('nedb-moved-'));
    expect(fs.readdirSync(path.join(dataDir, 'db', kept!)).sort()).toEqual(
      Object.keys(expected.collections)
        .map((name) => `${name}.db`)
        .sort(),
    );
    expect(fs.existsSync(path.join(dataDir, 'db', EMBEDDED_FILE))).toBe(true);
  });

  it('keeps every user signed in, with their profile, credits, plan, settings and orders; revoked sessions stay out', async () => {
    for (const user of expected.users) {
      const home = await get('/api/home/index', user.sessionToken);
      expect(home.data, user.key).toMatchObject({
        auth: true,
        id: user.id,
        name: user.info.name,
        isAdmin: user.info.isAdmin,
      });
      for (const revoked of user.revokedSessionTokens)
        expect((await get('/api/home/index', revoked)).data.auth).toBe(false);
      const credits = (await get('/api/home/credits', user.sessionToken)).data;
      expect(credits, user.key).toMatchObject({ balance: user.credits.balance, free: user.credits.free });
      expect(credits.plan?.productId ?? null).toBe(user.credits.plan?.productId ?? null);
      const channels = (await get('/api/draw/channels', user.sessionToken)).data as { id: string }[];
      expect(
        channels.map((c) => c.id),
        user.key,
      ).toEqual(user.channelIds);
      for (const [bot, settings] of Object.entries(user.drawSettings)) {
        expect(
          (await get(`/api/draw/settings/${user.channelIds[0]}?botType=${bot}`, user.sessionToken)).data,
          `${user.key} ${bot}`,
        ).toEqual(settings);
      }
      const orders = (await get('/api/home/orders', user.sessionToken)).data as {
        id: string;
        status: string;
      }[];
      expect(orders.map((o) => ({ id: o.id, status: o.status }))).toEqual(
        user.orders.map((o) => ({ id: o.id, status: o.status })),
      );
    }
  });

  it('keeps every channel with its members, mute, title and messages; the deleted one stays deleted', async () => {
    const owner = expected.users[0]!.sessionToken;
    for (const channel of expected.channels) {
      const detail = (await get(`/api/draw/channel/${channel.id}`, owner)).data;
      expect(detail).toMatchObject({ title: channel.title, isBan: channel.muted, seq: channel.lastEventSeq });
      expect(detail.members.map((m: { userId: string }) => m.userId)).toEqual(channel.memberIds);
      const page = (await get(`/api/draw/chat/${channel.id}?limit=100`, owner)).data;
      expect(page.messages).toHaveLength(channel.visibleMessages);
    }
    expect((await get(`/api/draw/channel/${expected.deletedChannel.id}`, owner)).success).toBe(false);
  });

  it('keeps every task with its images, served from the moved folder', async () => {
    for (const task of expected.tasks) {
      // Read by a member of its channel now (its author may have left since).
      const member = expected.users.find((u) => u.channelIds.includes(task.channelId));
      if (!member) continue;
      const stored = (await get(`/api/mj/task/${task.id}/fetch`, member.sessionToken)).data;
      expect(stored, task.id).toMatchObject({
        id: task.id,
        status: task.status,
        action: task.action,
        imageUrl: task.imageUrl,
      });
    }
    for (const image of expected.imageChecks) {
      const res = await fetch(`${origin}${image.url}`);
      expect(res.headers.get('content-type')).toBe(image.contentType);
      expect((await res.arrayBuffer()).byteLength).toBe(image.bytes);
    }
  });

  it('keeps invite codes: valid ones still let a newcomer join, the others still refuse', async () => {
    const phone = nextPhone();
    const sent = await get(`/api/login/send-login-code?phone=${phone}`);
    const login = await fetch(`${origin}/api/login/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginType: 'Captcha', account: phone, code: sent.data.devCode }),
    });
    const newcomer = ((await login.json()) as { data: { token: string } }).data.token;
    for (const invite of expected.invites) {
      const joined = await post(`/api/draw/join-channel/${invite.code}`, newcomer);
      expect(joined.success, invite.code).toBe(invite.validNow);
    }
  });

  it('goes on with each channel’s event log: catch-up across the move, and the next event takes the next number', async () => {
    const [ann] = expected.users;
    const channel = expected.channels.find((c) => !c.muted)!;
    const socket = await connectSocket(origin, ann!.sessionToken);
    try {
      // Other tests here may have added events since the move (a newcomer joining).
      const current = (await get(`/api/draw/channel/${channel.id}`, ann!.sessionToken)).data.seq as number;
      const from = channel.lastEventSeq - 5;
      const ack = await socket.subscribe(channel.id, from);
      expect(ack).toMatchObject({ ok: true });
      await socket.waitFor((events) => events.length >= current - from);
      expect(socket.events.map((e) => e.seq)).toEqual(
        Array.from({ length: current - from }, (_, i) => from + 1 + i),
      );
      expect(
        (await post(`/api/draw/chat/${channel.id}`, ann!.sessionToken, { content: 'after the move' }))
          .success,
      ).toBe(true);
      const events = await socket.waitFor((all) =>
        all.some((e) => e.type === 'message.created' && e.seq === current + 1),
      );
      expect(events.at(-1)).toMatchObject({ seq: current + 1, type: 'message.created' });
    } finally {
      socket.close();
    }
  });

  it('keeps the company info and the plans for sale', async () => {
    expect((await get('/api/home/company-info')).data.name).toBe(expected.company.name);
    const products = (await get('/api/home/products')).data as { id: string }[];
    expect(products.map((p) => p.id).sort()).toEqual([...expected.productIds].sort());
  });
});

describe('moving a NeDB folder, step by step', () => {
  it('reads files a kill left behind (several lines per document, deletions) as NeDB did', async () => {
    const dir = copyFixture('data-unclean/db');
    const report = await migrateNedbFolder(dir);
    expect(report?.counts).toEqual(expectedCounts);
  });

  it('starts a move a kill cut off again from nothing', async () => {
    const dir = copyFixture();
    // What a kill in the middle leaves: a half-built side file.
    fs.writeFileSync(path.join(dir, 'db', `${EMBEDDED_FILE}.moving`), 'half a database');
    const report = await migrateNedbFolder(dir);
    expect(report?.counts).toEqual(expectedCounts);
  });

  it('finishes a move a kill cut off after the store was complete, without moving anything twice', async () => {
    const dir = copyFixture();
    const first = (await migrateNedbFolder(dir))!;
    // A kill between the store's rename and setting the old files aside: they are still in db/.
    for (const name of fs.readdirSync(first.keptIn))
      fs.renameSync(path.join(first.keptIn, name), path.join(dir, 'db', name));
    const store = openEmbeddedStorage(dir, 'server');
    await store.collection(Users).updateMany({}, { $set: { name: 'changed after the move' } });
    await store.close();
    const second = await migrateNedbFolder(dir);
    expect(second?.counts).toEqual(expectedCounts);
    expect(nedbFilesIn(dir)).toEqual([]);
    const again = openEmbeddedStorage(dir, { readonly: true });
    expect((await again.collection(Users).find({})).map((u) => u.name)).toEqual(
      expected.users.map(() => 'changed after the move'),
    );
    await again.close();
  });

  it('does nothing on a folder without NeDB files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-nedb-none-'));
    expect(await migrateNedbFolder(dir)).toBeNull();
  });
});
