import fs from 'node:fs';
import type { Task } from '@draw/shared';
import { startTestApp, type TestApp } from '../../../server/test/support/harness';
import { Events, type EventDoc } from '../../../server/src/realtime/repository';
import { Tasks, type TaskDoc } from '../../../server/src/features/tasks/repository';
import { Messages, type MessageDoc } from '../../../server/src/features/messages/repository';
import { openEmbeddedStorage } from '../../../server/src/storage/embedded';

/**
 * One short, real session on an in-process server: what the generated log is made of, so the
 * generator copies the server's documents instead of a hand-written idea of them and cannot
 * drift when their shape changes.
 */
export interface CapturedSession {
  /** Every event of the session's one channel, in seq order, as stored (with `_id`). */
  events: EventDoc[];
  /** The stored tasks, one document each. */
  tasks: TaskDoc[];
  messages: MessageDoc[];
  /**
   * Lines the generated NeDB files end with besides documents (`$$indexCreated`), by collection.
   * The store is SQLite now and has none: NeDB builds its declared indexes at load without them.
   */
  indexLines: { events: string[]; tasks: string[]; messages: string[] };
  channelId: string;
  users: { creator: CapturedUser; joiner: CapturedUser; removed: CapturedUser };
  taskIds: { imagine: string; upscale: string; variation: string; cancelled: string };
  textMessageId: string;
  chatText: string;
  prompts: { imagine: string; cancelled: string };
}

export interface CapturedUser {
  id: string;
  name: string;
}

type Session = Awaited<ReturnType<TestApp['signIn']>>;

const TASK_WAIT_ROUNDS = 400;
const TASK_WAIT_MS = 25;

export async function captureSession(): Promise<CapturedSession> {
  // A slow enough engine that a cancel lands while the task is still running; credits for 4 tasks.
  const app = await startTestApp({ BUILTIN_ENGINE_STEP_MS: '60', FREE_DAILY_CREDITS: '100' });
  try {
    const call = async (
      session: Session,
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
    ) => {
      const res = await app.http.inject({
        method,
        url,
        headers: session.auth,
        ...(payload ? { payload } : {}),
      });
      const body = res.json() as { success: boolean; message: string; data: Record<string, unknown> };
      if (!body.success) throw new Error(`${method} ${url}: ${res.statusCode} ${body.message}`);
      return body.data;
    };
    const waitFor = async (session: Session, taskId: string, statuses: readonly string[]): Promise<Task> => {
      for (let i = 0; i < TASK_WAIT_ROUNDS; i++) {
        const task = (await call(session, 'GET', `/api/mj/task/${taskId}/fetch`)) as unknown as Task;
        if (statuses.includes(task.status)) return task;
        await new Promise((r) => setTimeout(r, TASK_WAIT_MS));
      }
      throw new Error(`task ${taskId} did not reach ${statuses.join('/')}`);
    };
    const profile = (session: Session): CapturedUser => ({ id: session.user.id, name: session.user.name });

    const ann = await app.signIn();
    const bob = await app.signIn();
    const cara = await app.signIn();
    const imaginePrompt = 'paper boats drifting on a quiet lake at dawn, soft mist, watercolor';
    const cancelledPrompt = 'a lighthouse in a storm, dramatic clouds, oil painting';
    const chatText = 'love the second one, can you upscale it?';

    const channelId = String(
      (await call(ann, 'POST', '/api/draw/channel', { title: 'Boats and lakes', isBan: false })).id,
    );
    const inviteCode = String((await call(ann, 'POST', `/api/draw/invite-code/${channelId}`, {})).inviteCode);
    await call(bob, 'POST', `/api/draw/join-channel/${inviteCode}`);
    await call(cara, 'POST', `/api/draw/join-channel/${inviteCode}`);

    const imagineId = String(
      (await call(ann, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt: imaginePrompt })).taskId,
    );
    const grid = await waitFor(ann, imagineId, ['SUCCESS']);
    const button = (label: string) => {
      const found = grid.buttons.find((b) => b.label === label);
      if (!found) throw new Error(`no ${label} button on the grid`);
      return found.customId;
    };
    const upscaleId = String(
      (
        await call(ann, 'POST', `/api/mj/submit/action/${channelId}`, {
          taskId: imagineId,
          customId: button('U2'),
        })
      ).taskId,
    );
    await waitFor(ann, upscaleId, ['SUCCESS']);
    const variationId = String(
      (
        await call(ann, 'POST', `/api/mj/submit/action/${channelId}`, {
          taskId: imagineId,
          customId: button('V3'),
        })
      ).taskId,
    );
    await waitFor(ann, variationId, ['SUCCESS']);

    const message = await call(bob, 'POST', `/api/draw/chat/${channelId}`, { content: chatText });
    await call(bob, 'DELETE', `/api/draw/chat/${String(message.id)}`);

    const cancelledId = String(
      (await call(ann, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt: cancelledPrompt })).taskId,
    );
    await waitFor(ann, cancelledId, ['IN_PROGRESS']);
    await call(ann, 'POST', `/api/mj/task/${cancelledId}/cancel`);
    await waitFor(ann, cancelledId, ['CANCEL']);

    await call(ann, 'PUT', `/api/draw/channel/${channelId}`, {
      title: 'Boats, lakes and lighthouses',
      isBan: false,
    });
    const users = { creator: profile(ann), joiner: profile(bob), removed: profile(cara) };
    await call(ann, 'POST', `/api/draw/remove-user/${channelId}/${users.removed.id}`);
    await call(bob, 'POST', `/api/draw/quit-channel/${channelId}`);

    await app.close();
    const store = openEmbeddedStorage(app.dataDir, { readonly: true });
    const [events, tasks, messages] = await Promise.all([
      store.collection(Events).find({ channelId }, { sort: { seq: 1 } }),
      store.collection(Tasks).find({}),
      store.collection(Messages).find({}),
    ]);
    await store.close();
    const channelEvents = events;
    return {
      events: channelEvents,
      tasks: tasks as TaskDoc[],
      messages: messages as MessageDoc[],
      indexLines: { events: [], tasks: [], messages: [] },
      channelId,
      users,
      taskIds: { imagine: imagineId, upscale: upscaleId, variation: variationId, cancelled: cancelledId },
      textMessageId: String(message.id),
      chatText,
      prompts: { imagine: imaginePrompt, cancelled: cancelledPrompt },
    };
  } finally {
    await app.close().catch(() => undefined);
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
}
