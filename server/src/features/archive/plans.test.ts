import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@draw/shared';
import { loadConfig } from '../../config';
import { buildApp, type App } from '../../app';
import { listen, nextPhone } from '../../../test/support/harness';
import { openEmbeddedStorage } from '../../storage/embedded';

/**
 * Every statement the archive routes prepare is read along an index, never a table scan or a
 * sort of the history (the same rule as storage/hot-queries.test.ts, for this feature's paths).
 */
const growsWithHistory = (step: string) =>
  /^SCAN (?!.*(USING (COVERING )?INDEX|json_each))/.test(step) || /USE TEMP B-TREE FOR ORDER BY/.test(step);
// Lists an admin keeps (banned words, hidden images) are read whole into the moderation cache when
// they change, never per request: their size follows the admins' work, not the site's history.
const SMALL_TABLES = new Set(['products', 'company', 'banned_words', 'hidden_images']);

describe('archive queries use an index', () => {
  const seen: { collection: string; sql: string; plan: string[] }[] = [];
  let app: App;
  let origin: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-archive-plans-'));

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
  afterAll(() => app.close());

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely here
  const call = async (method: string, url: string, token?: string, body?: unknown): Promise<any> => {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return res.headers.get('content-type')?.includes('json')
      ? ((await res.json()) as { data: unknown }).data
      : res.arrayBuffer();
  };

  it('on the grid, its filters and pages, favourites, family and ZIP', async () => {
    const phone = nextPhone();
    const sent = await call('GET', `/api/login/send-login-code?phone=${phone}`);
    const { token } = await call('POST', '/api/login/login', undefined, {
      loginType: 'Captcha',
      account: phone,
      code: sent.devCode,
    });
    const channel = await call('POST', '/api/draw/channel', token, { title: 'plans', isBan: false });
    const { taskId } = await call('POST', `/api/mj/submit/imagine/${channel.id}`, token, {
      prompt: '海边的灯塔',
    });
    for (let i = 0; i < 400; i++) {
      if (((await call('GET', `/api/mj/task/${taskId}/fetch`, token)) as Task).status === 'SUCCESS') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    seen.length = 0;
    const first = await call('GET', '/api/archive?limit=1', token);
    expect(first.items).toHaveLength(1);
    for (const query of [
      'scope=mine',
      `channelId=${channel.id}`,
      'q=灯塔',
      'kind=grid&ratio=square',
      'from=1&to=99999999999999',
      `cursor=${first.nextCursor ?? ''}`,
    ]) {
      await call('GET', `/api/archive?${query}`, token);
    }
    await call('PUT', `/api/archive/favorite/${taskId}`, token);
    await call('GET', '/api/archive?favorite=true&q=灯', token);
    await call('POST', '/api/archive/favorites', token, { taskIds: [taskId] });
    await call('GET', `/api/archive/task/${taskId}/family`, token);
    await call('POST', '/api/archive/zip', token, { taskIds: [taskId] });
    await call('DELETE', `/api/archive/favorite/${taskId}`, token);

    const scans = seen
      .filter((q) => !SMALL_TABLES.has(q.collection) && q.plan.some(growsWithHistory))
      .map((q) => `${q.collection}: ${q.sql}\n    ${q.plan.join('\n    ')}`);
    // Without statistics SQLite may answer `_id IN (…) AND status = ?` from the status index, reading
    // every finished task: reads by id must go through the primary key.
    const byIdElsewhere = seen
      .filter(
        (q) =>
          /WHERE \(?_id (IN|=)/.test(q.sql) &&
          !q.plan.some((step) => /sqlite_autoindex|PRIMARY KEY/.test(step)),
      )
      .map((q) => `${q.collection}: ${q.sql}\n    ${q.plan.join('\n    ')}`);
    expect(seen.some((q) => q.collection === 'favorites')).toBe(true);
    expect(byIdElsewhere).toEqual([]);
    expect(scans).toEqual([]);
  });
});
