import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus } from '@draw/shared';
import { loadConfig } from '../config';
import { buildApp, type App } from '../app';
import { listen, nextPhone } from '../../test/support/harness';
import { connectSocket } from '../../test/support/socket';
import { openEmbeddedStorage } from './embedded';

/**
 * Every query the server makes on a user's path must be answered from an index: a scan grows with
 * the history. The store reports each distinct statement with SQLite's plan the first time it is
 * prepared; a real app is driven through sign-in, channels, chat, catch-up, a drawing task and
 * credits, and every plan seen is checked. A new query that scans fails this test.
 */

/** Tables that hold a handful of rows whatever the history (configuration), where a scan costs nothing. */
// Lists an admin keeps (banned words, hidden images) are read whole into the moderation cache when
// they change, never per request: their size follows the admins' work, not the site's history.
const SMALL_TABLES = new Set(['products', 'company', 'banned_words', 'hidden_images']);

/**
 * Queries that sort without an index on purpose, each bounded by something other than the history:
 * the runner's restart recovery reads only the unfinished tasks (SUBMITTED / IN_PROGRESS).
 */
const BOUNDED_SORTS = [
  /^SELECT json\(doc\) FROM "tasks" WHERE \("f:status" IN \(SELECT value FROM json_each\(\?\)\) AND json_extract\(doc, '\$\.leaseUntil'\) < \?\) ORDER BY/,
];

interface SeenQuery {
  collection: string;
  sql: string;
  plan: string[];
}

/** A plan step that reads a whole table, or sorts rows an index should have given in order. */
const growsWithHistory = (step: string) =>
  /^SCAN (?!.*(USING (COVERING )?INDEX|json_each))/.test(step) || /USE TEMP B-TREE FOR ORDER BY/.test(step);

/** Answers are read loosely: these tests look at what a person would see, not at types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = any;

describe('hot queries use an index (EXPLAIN QUERY PLAN of every statement the app prepares)', () => {
  const seen: SeenQuery[] = [];
  let app: App;
  let origin: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-plans-'));

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      BUILTIN_ENGINE_STEP_MS: '0',
    });
    const storage = openEmbeddedStorage(dataDir, {
      onNewQuery: (collection, sql, plan) => seen.push({ collection, sql, plan }),
    });
    app = await buildApp(config, { storage });
    origin = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const call = async (method: string, url: string, token?: string, body?: unknown) => {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as { success: boolean; data: Answer };
  };

  const signIn = async () => {
    const phone = nextPhone();
    const sent = await call('GET', `/api/login/send-login-code?phone=${phone}`);
    const login = await call('POST', '/api/login/login', undefined, {
      loginType: 'Captcha',
      account: phone,
      code: sent.data.devCode,
    });
    return login.data.token as string;
  };

  it('on the paths people use every day', async () => {
    const ann = await signIn();
    const bob = await signIn();
    await call('GET', '/api/home/index', ann);
    const channel = (await call('POST', '/api/draw/channel', ann, { title: 'plans', isBan: false })).data;
    const invite = (await call('POST', `/api/draw/invite-code/${channel.id}`, ann, {})).data;
    expect(
      (await call('POST', `/api/draw/join-channel/${invite.code ?? invite.inviteCode ?? invite}`, bob))
        .success,
    ).toBe(true);
    await call('GET', '/api/draw/channels', bob);
    await call('GET', `/api/draw/channel/${channel.id}`, bob);
    for (const content of ['hello', '你好', 'third'])
      expect((await call('POST', `/api/draw/chat/${channel.id}`, ann, { content })).success).toBe(true);
    const page = await call('GET', `/api/draw/chat/${channel.id}?limit=2`, bob);
    const oldest = page.data.list?.at?.(-1)?.createdAt ?? page.data.at?.(-1)?.createdAt;
    if (oldest) await call('GET', `/api/draw/chat/${channel.id}?limit=2&before=${oldest}`, bob);

    const socket = await connectSocket(origin, bob);
    const ack = await socket.subscribe(channel.id, 0);
    await socket.subscribe(channel.id, Math.max(0, (ack as { seq?: number }).seq ?? 1) - 1);

    const submitted = await call('POST', `/api/mj/submit/imagine/${channel.id}`, ann, {
      prompt: 'a lighthouse at dusk',
    });
    expect(submitted.success).toBe(true);
    const taskId = submitted.data.result ?? submitted.data.id ?? submitted.data;
    for (let i = 0; i < 200; i++) {
      const task = (await call('GET', `/api/mj/task/${taskId}/fetch`, ann)).data;
      if (task?.status === TaskStatus.Success) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await call('GET', '/api/home/credits', ann);
    await call('GET', '/api/home/orders', ann);
    await call('POST', '/api/login/logout', bob);
    socket.close();

    const scans = seen
      .filter((q) => !SMALL_TABLES.has(q.collection) && !BOUNDED_SORTS.some((pattern) => pattern.test(q.sql)))
      .filter((q) => q.plan.some(growsWithHistory))
      .map((q) => `${q.collection}: ${q.sql}\n    ${q.plan.join('\n    ')}`);
    expect(seen.length).toBeGreaterThan(20);
    expect(scans).toEqual([]);
  });
});
