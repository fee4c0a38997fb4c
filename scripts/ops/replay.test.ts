import { openDatabase } from '../../server/src/storage/sqlite/driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@draw/shared';
import { startTestApp, type TestApp } from '../../server/test/support/harness';
import { Events, type EventDoc } from '../../server/src/realtime/repository';
import { embeddedFileOf } from '../../server/src/storage/embedded';
import { replayFromSource } from './replay';
import { openReadSource } from './source';
import { CLI_TIMEOUT, runCli } from './testing';

let app: TestApp;
let channelId: string;

async function waitDone(session: Awaited<ReturnType<TestApp['signIn']>>, taskId: string) {
  for (let i = 0; i < 400; i++) {
    const task = (
      await app.http.inject({ url: `/api/mj/task/${taskId}/fetch`, headers: session.auth })
    ).json().data as Task;
    if (task.status === 'SUCCESS') return task;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('task did not finish');
}

beforeAll(async () => {
  app = await startTestApp();
  const ann = await app.signIn();
  channelId = (
    await app.http.inject({
      method: 'POST',
      url: '/api/draw/channel',
      headers: ann.auth,
      payload: { title: 'replay', isBan: false },
    })
  ).json().data.id;
  const { taskId } = (
    await app.http.inject({
      method: 'POST',
      url: `/api/mj/submit/imagine/${channelId}`,
      headers: ann.auth,
      payload: { prompt: 'paper boats' },
    })
  ).json().data;
  const grid = await waitDone(ann, taskId);
  const u1 = grid.buttons.find((b) => b.label === 'U1')!;
  const up = (
    await app.http.inject({
      method: 'POST',
      url: `/api/mj/submit/action/${channelId}`,
      headers: ann.auth,
      payload: { taskId, customId: u1.customId },
    })
  ).json().data;
  await waitDone(ann, up.taskId);
  const msg = (
    await app.http.inject({
      method: 'POST',
      url: `/api/draw/chat/${channelId}`,
      headers: ann.auth,
      payload: { content: 'nice' },
    })
  ).json().data;
  await app.http.inject({ method: 'DELETE', url: `/api/draw/chat/${msg.id}`, headers: ann.auth });
});
afterAll(() => app.close());

describe('replay', () => {
  it('rebuilds exactly the stored tasks and messages from the log, while the server holds the store', async () => {
    const source = await openReadSource(app.config);
    const report = await replayFromSource(source).finally(() => source.close());
    expect(report).toMatchObject({
      channels: 1,
      tasksRebuilt: 2,
      messagesRebuilt: 2,
      illegalTransitions: 0,
      differences: 0,
      problems: [],
    });
    expect(report.eventsRead).toBeGreaterThan(10);
  });

  it(
    'runs as `npm run ops -- replay`: prints the summary and exits 0 on a consistent log',
    async () => {
      const run = await runCli(['replay'], app.dataDir);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/channels replayed: +1/);
      expect(run.stdout).toMatch(/tasks rebuilt: +2/);
      expect(run.stdout).toMatch(/illegal transitions: +0/);
      expect(run.stdout).toMatch(/events\/s/);
      const help = await runCli(['replay', '--help'], app.dataDir);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('--channel ID');
    },
    CLI_TIMEOUT,
  );

  it(
    'reports an injected illegal transition, keeps the task as stored, and exits 1',
    async () => {
      // Another writer of the same file (as a bug or a hand edit would be): a step back after SUCCESS.
      const events = await loggedEvents();
      const last = events.filter((e) => e.channelId === channelId).sort((a, b) => b.seq - a.seq)[0]!;
      const success = events.find((e) => e.type === 'task.updated' && (e.data as Task).status === 'SUCCESS')!
        .data as Task;
      const forged = {
        ...last,
        _id: `${channelId}:${last.seq + 1}`,
        seq: last.seq + 1,
        type: 'task.updated',
        data: { ...success, status: 'IN_PROGRESS', progress: '10%' },
      };
      const db = openDatabase(embeddedFileOf(app.dataDir));
      db.prepare('INSERT INTO events (_id, doc) VALUES (?, jsonb(?))').run(
        forged._id,
        JSON.stringify(forged),
      );
      db.close();
      const source = await openReadSource(app.config);
      const report = await replayFromSource(source, channelId).finally(() => source.close());
      expect(report.illegalTransitions).toBe(1);
      expect(report.problems[0]).toMatchObject({
        kind: 'illegal-transition',
        detail: expect.stringContaining('SUCCESS 100% → IN_PROGRESS 10%'),
      });
      // The machine refuses the step backwards, so the rebuilt task still equals the stored one.
      expect(report.differences).toBe(0);
      const run = await runCli(['replay', '--channel', channelId], app.dataDir);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/illegal transitions: +1/);
      expect(run.stdout).toContain(`illegal-transition in ${channelId}`);
    },
    CLI_TIMEOUT,
  );
});

async function loggedEvents(): Promise<EventDoc[]> {
  const source = await openReadSource(app.config);
  try {
    return await source.all(Events);
  } finally {
    await source.close();
  }
}
