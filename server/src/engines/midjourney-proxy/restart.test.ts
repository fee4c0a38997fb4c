import { afterEach, describe, expect, it } from 'vitest';
import type { Task } from '@draw/shared';
import { api, signInByPhone, until } from '../../../../scripts/testing/http';
import { freePort, startServer, type ServerProcess } from '../../../../scripts/testing/server-process';
import { FAKE_SECRET, upstreamEnv } from '../../../test/fakes/midjourney-proxy/harness';
import { startFakeMjProxy, type FakeMjProxy } from '../../../test/fakes/midjourney-proxy/server';

let servers: ServerProcess[] = [];
let fake: FakeMjProxy | null = null;
afterEach(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  servers = [];
  await fake?.stop();
  fake = null;
});

/** Our server as a real process, talking to the fake upstream with hooks to its own origin. */
async function serverOn(upstream: FakeMjProxy, dataDir?: string): Promise<ServerProcess> {
  const port = await freePort();
  const server = await startServer(
    { ...upstreamEnv(upstream, `http://127.0.0.1:${port}`), PORT: String(port) },
    dataDir,
  );
  servers.push(server);
  return server;
}

describe('our server killed while the upstream draws', () => {
  it('resumes following the upstream task after a restart, without submitting it again', async () => {
    fake = await startFakeMjProxy({
      secret: FAKE_SECRET,
      behaviour: { stepMs: 1000, steps: [10, 30, 50, 70, 90] },
    });
    const first = await serverOn(fake);
    const phone = '13700002222';
    const token = await signInByPhone(first.origin, phone);
    const channel = await api<{ id: string }>(first.origin, 'POST', '/api/draw/channel', token, {
      title: 'restart',
      isBan: false,
    });
    const { taskId } = await api<{ taskId: string }>(
      first.origin,
      'POST',
      `/api/mj/submit/imagine/${channel.id}`,
      token,
      { prompt: 'a lighthouse in a storm' },
    );
    const fetchTask = (origin: string) => api<Task>(origin, 'GET', `/api/mj/task/${taskId}/fetch`, token);
    const before = await until(
      () => fetchTask(first.origin),
      (t) => t.status === 'IN_PROGRESS' && t.progress !== '0%',
    );
    fake.set({ paused: true }); // the upstream task stays mid-way until our server is back

    await first.stop('SIGKILL');
    const second = await serverOn(fake, first.dataDir);
    const upstreamId = [...fake.tasks.values()].find((t) => t.state === taskId)!.id;
    const polled = () => fake!.requests.filter((r) => r.path === `/mj/task/${upstreamId}/fetch`).length;
    const polledBefore = polled();
    await until(
      async () => polled(),
      (n) => n > polledBefore,
    ); // the restarted server follows it again
    expect((await fetchTask(second.origin)).status).toBe('IN_PROGRESS');
    expect(before.previewUrl).toMatch(/^\/files\//);
    // It goes on; its hooks still name the dead server's port, so polling finishes it.
    fake.set({ paused: false });
    const done = await until(
      () => fetchTask(second.origin),
      (t) => ['SUCCESS', 'FAILURE', 'CANCEL'].includes(t.status),
    );
    expect(done).toMatchObject({
      status: 'SUCCESS',
      progress: '100%',
      imageUrl: expect.stringMatching(/^\/files\//),
    });

    expect(fake.submits('imagine')).toHaveLength(1);
    const upstream = [...fake.tasks.values()].find((t) => t.state === taskId)!;
    const image = Buffer.from(await (await fetch(`${second.origin}${done.imageUrl}`)).arrayBuffer());
    expect(image).toEqual(fake.images.get(`/cdn/${upstream.id}-result.png`));
    expect(done.buttons.map((b) => b.customId)).toEqual(upstream.buttons.map((b) => b.customId));
    expect(fake.requests.some((r) => r.path === `/mj/task/${upstream.id}/fetch`)).toBe(true);
  }, 90_000);

  it('a modal already sent is never sent again: the resumed run polls the C# task still in MODAL', async () => {
    fake = await startFakeMjProxy({ secret: FAKE_SECRET, behaviour: { remix: true } });
    const first = await serverOn(fake);
    const token = await signInByPhone(first.origin, '13700003333');
    const channel = await api<{ id: string }>(first.origin, 'POST', '/api/draw/channel', token, {
      title: 'remix restart',
      isBan: false,
    });
    const fetchTask = (origin: string, id: string) =>
      api<Task>(origin, 'GET', `/api/mj/task/${id}/fetch`, token);
    const { taskId: gridId } = await api<{ taskId: string }>(
      first.origin,
      'POST',
      `/api/mj/submit/imagine/${channel.id}`,
      token,
      { prompt: 'a red fox' },
    );
    const grid = await until(
      () => fetchTask(first.origin, gridId),
      (t) => t.status === 'SUCCESS',
    );
    await api(first.origin, 'PUT', '/api/draw/settings/option', token, { name: 'remix', value: true });
    const v1 = grid.buttons.find((b) => b.label === 'V1')!;
    const { taskId } = await api<{ taskId: string }>(
      first.origin,
      'POST',
      `/api/mj/submit/action/${channel.id}`,
      token,
      { taskId: gridId, customId: v1.customId },
    );
    fake.set({ hold: true }); // the C# task stays MODAL after its modal, until a worker takes it
    await api(first.origin, 'POST', `/api/mj/submit/modal/${channel.id}`, token, {
      taskId,
      prompt: 'a blue fox',
    });
    await until(
      async () => fake!.submits('modal').length,
      (n) => n === 1,
    );

    await first.stop('SIGKILL');
    const second = await serverOn(fake, first.dataDir);
    const upstreamId = [...fake.tasks.values()].find((t) => t.state === taskId)!.id;
    const polled = () => fake!.requests.filter((r) => r.path === `/mj/task/${upstreamId}/fetch`).length;
    const polledBefore = polled();
    await until(
      async () => polled(),
      (n) => n > polledBefore + 2,
    ); // resumed, and seen MODAL a few times
    expect(fake.tasks.get(upstreamId)!.status).toBe('MODAL');
    fake.release();
    const done = await until(
      () => fetchTask(second.origin, taskId),
      (t) => ['SUCCESS', 'FAILURE', 'CANCEL'].includes(t.status),
    );
    expect(done).toMatchObject({ status: 'SUCCESS', prompt: 'a blue fox' });
    expect(fake.submits('modal')).toHaveLength(1);
    expect(fake.modalPosts(upstreamId)).toBe(1);
  }, 90_000);
});
