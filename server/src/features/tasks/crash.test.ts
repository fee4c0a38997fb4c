import { afterEach, describe, expect, it } from 'vitest';
import type { Task } from '@draw/shared';
import { api, signInByPhone, until } from '../../../../scripts/testing/http';
import { startServer, type ServerProcess } from '../../../../scripts/testing/server-process';

let servers: ServerProcess[] = [];
afterEach(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  servers = [];
});

describe('a server killed mid-task', () => {
  it('finishes every acknowledged task after a restart on the same data', async () => {
    const first = await startServer({ BUILTIN_ENGINE_STEP_MS: '400', ENGINE_CONCURRENCY: '1' });
    servers.push(first);
    const phone = '13700001111';
    const token = await signInByPhone(first.origin, phone);
    const channel = await api<{ id: string }>(first.origin, 'POST', '/api/draw/channel', token, {
      title: 'crash',
      isBan: false,
    });
    const running = await api<{ taskId: string }>(
      first.origin,
      'POST',
      `/api/mj/submit/imagine/${channel.id}`,
      token,
      { prompt: 'storm over the sea' },
    );
    const queued = await api<{ taskId: string }>(
      first.origin,
      'POST',
      `/api/mj/submit/imagine/${channel.id}`,
      token,
      { prompt: 'calm after the storm' },
    );
    const fetchTask = (origin: string, id: string) =>
      api<Task>(origin, 'GET', `/api/mj/task/${id}/fetch`, token);
    await until(
      () => fetchTask(first.origin, running.taskId),
      (t) => t.status === 'IN_PROGRESS' && t.progress !== '0%',
    );
    expect((await fetchTask(first.origin, queued.taskId)).status).toBe('SUBMITTED');

    await first.stop('SIGKILL');
    const second = await startServer({ BUILTIN_ENGINE_STEP_MS: '50' }, first.dataDir);
    servers.push(second);

    const done = await until(
      () => fetchTask(second.origin, running.taskId),
      (t) => t.status === 'SUCCESS',
    );
    expect(done.imageUrl).toMatch(/^\/files\//);
    expect((await fetch(`${second.origin}${done.imageUrl}`)).status).toBe(200);
    await until(
      () => fetchTask(second.origin, queued.taskId),
      (t) => t.status === 'SUCCESS',
    );
    // The session and the channel survived too.
    expect(await api<unknown[]>(second.origin, 'GET', '/api/draw/channels', token)).toHaveLength(1);
  }, 90_000);
});
