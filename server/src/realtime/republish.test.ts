import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { TaskStatus, type ChannelEvent, type Task } from '@draw/shared';
import { startTestApp, type TestApp } from '../../test/support/harness';
import { Messages } from '../features/messages/repository';
import { Tasks } from '../features/tasks/repository';

let apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  apps = [];
});

const start = async (dataDir?: string, env: Record<string, string> = {}) => {
  const app = await startTestApp(dataDir ? { ...env, DATA_DIR: dataDir } : env);
  apps.push(app);
  return app;
};
/** A signed-in POST through the app; the answer's data. */
const postData = async <T>(app: TestApp, headers: Record<string, string>, url: string, payload: object) =>
  (await app.http.inject({ method: 'POST', url, headers, payload })).json().data as T;
const eventsOf = async (app: TestApp, channelId: string) => app.services.hub.eventsAfter(channelId, 0);

/** The server as a SIGKILL leaves it: stopped without its own clean-up between store and publish. */
async function restart(app: TestApp, dataDir: string): Promise<TestApp> {
  await app.close();
  apps = apps.filter((a) => a !== app);
  return start(dataDir);
}

describe('changes stored but never published (a process killed between the two)', () => {
  it('publishes them at the next start, once, and nothing when every change made it', async () => {
    let app = await start();
    const dataDir = app.dataDir;
    const ann = await app.signIn();
    const headers = ann.auth;
    const channel = await postData<{ id: string }>(app, headers, '/api/draw/channel', {
      title: 'kept',
      isBan: false,
    });
    await app.http.inject({
      method: 'POST',
      url: `/api/draw/chat/${channel.id}`,
      headers,
      payload: { content: 'published normally' },
    });
    const submitted = (
      await app.http.inject({
        method: 'POST',
        url: `/api/mj/submit/imagine/${channel.id}`,
        headers,
        payload: { prompt: 'a quiet harbour' },
      })
    ).json().data as { taskId: string };
    const deadline = Date.now() + 15_000;
    while (
      (await app.services.tasks.byIdsInChannel(channel.id, [submitted.taskId]))[0]?.status !==
      TaskStatus.Success
    ) {
      if (Date.now() > deadline) throw new Error('task did not finish');
      await new Promise((r) => setTimeout(r, 20));
    }

    // Let the runner's last events land, then a clean restart republishes nothing.
    await new Promise((r) => setTimeout(r, 300));
    const seqBefore = await app.services.hub.currentSeq(channel.id);
    app = await restart(app, dataDir);
    expect(await app.services.hub.currentSeq(channel.id)).toBe(seqBefore);

    // Stored the way the services store, with the process gone before publishing.
    const lostMessageId = randomUUID();
    await app.storage.collection(Messages).insertOne({
      _id: lostMessageId,
      channelId: channel.id,
      authorId: ann.user.id,
      kind: 'text',
      content: 'stored, never sent',
      taskId: null,
      createdAt: Date.now(),
    });
    await app.storage
      .collection(Tasks)
      .updateOne(
        { _id: submitted.taskId },
        { $set: { properties: { bookmarkedBy: [ann.user.id] }, finishTime: Date.now() } },
      );
    app = await restart(app, dataDir);

    const events = await eventsOf(app, channel.id);
    const fresh = events.filter((e) => e.seq > seqBefore);
    expect(fresh.map((e) => e.type).sort()).toEqual(['message.created', 'task.updated']);
    const messageEvent = fresh.find((e) => e.type === 'message.created') as Extract<
      ChannelEvent,
      { type: 'message.created' }
    >;
    expect(messageEvent.data).toMatchObject({ id: lostMessageId, content: 'stored, never sent' });
    const taskEvent = fresh.find((e) => e.type === 'task.updated');
    expect((taskEvent?.data as Task).properties).toMatchObject({ bookmarkedBy: [ann.user.id] });

    // Once published, a further restart adds nothing.
    const seqAfter = await app.services.hub.currentSeq(channel.id);
    app = await restart(app, dataDir);
    expect(await app.services.hub.currentSeq(channel.id)).toBe(seqAfter);
  });

  it('publishes a task only while it is as it was read: one another process moved on meanwhile is left to that process', async () => {
    // The runner takes the task and then waits for its first step, far off: only this test writes it.
    const app = await start(undefined, { BUILTIN_ENGINE_STEP_MS: '60000' });
    const ann = await app.signIn();
    const channel = await postData<{ id: string }>(app, ann.auth, '/api/draw/channel', {
      title: 'racing',
      isBan: false,
    });
    const { taskId } = await postData<{ taskId: string }>(
      app,
      ann.auth,
      `/api/mj/submit/imagine/${channel.id}`,
      { prompt: 'a lighthouse' },
    );
    const [tasksSince] = app.services.recentChanges;
    const changeOf = async () => (await tasksSince!(0)).find((change) => change.id === taskId)!;
    const tasks = app.storage.collection(Tasks);
    const deadline = Date.now() + 10_000;
    while ((await tasks.findOne({ _id: taskId }))?.status !== TaskStatus.InProgress) {
      if (Date.now() > deadline) throw new Error('the runner did not take the task');
      await new Promise((r) => setTimeout(r, 20));
    }
    await tasks.updateOne({ _id: taskId }, { $set: { status: TaskStatus.InProgress, progress: '40%' } });

    // Read at 40 %; then another process steps it to 65 % (and logs that) before the publish.
    const read = await changeOf();
    await tasks.updateOne({ _id: taskId }, { $set: { progress: '65%' } });
    const seq = await app.services.hub.currentSeq(channel.id);
    await read.publish(true);
    expect(await app.services.hub.currentSeq(channel.id)).toBe(seq);

    // Still as read: its state is logged, as stored.
    await (await changeOf()).publish(true);
    const last = (await eventsOf(app, channel.id)).at(-1)!;
    expect(last.seq).toBe(seq + 1);
    expect(last.data).toMatchObject({ id: taskId, status: TaskStatus.InProgress, progress: '65%' });
  });

  it('publishes an edit only while the message is as it was read: a newer edit stays the last word', async () => {
    const app = await start();
    const ann = await app.signIn();
    const channel = await postData<{ id: string }>(app, ann.auth, '/api/draw/channel', {
      title: 'edits',
      isBan: false,
    });
    const posted = await postData<{ id: string }>(app, ann.auth, `/api/draw/chat/${channel.id}`, {
      content: 'first',
    });
    const messages = app.storage.collection(Messages);
    const [, messagesSince] = app.services.recentChanges;
    const changeOf = async () =>
      (await messagesSince!(0)).find(
        (change) => change.id === posted.id && change.carriedBy.includes('message.updated'),
      )!;

    // An edit stored and never sent, read; then another process edits again (and logs that).
    await messages.updateOne(
      { _id: posted.id },
      { $set: { content: 'second', editedAt: Date.now() - 1_000 } },
    );
    const read = await changeOf();
    await messages.updateOne({ _id: posted.id }, { $set: { content: 'third', editedAt: Date.now() } });
    const seq = await app.services.hub.currentSeq(channel.id);
    await read.publish(true);
    expect(await app.services.hub.currentSeq(channel.id)).toBe(seq);

    // Still as read: the stored text is logged.
    await (await changeOf()).publish(true);
    const last = (await eventsOf(app, channel.id)).at(-1)!;
    expect(last).toMatchObject({ seq: seq + 1, type: 'message.updated' });
    expect(last.data).toMatchObject({ id: posted.id, content: 'third' });
  });
});
