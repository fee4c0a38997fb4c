import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TaskFailureCode, TaskStatus, type ChannelEvent, type Task } from '@draw/shared';
import { EngineFailure } from '../../engines/port';
import { closeWithSockets, injectorFor, startListening, type TestApp } from '../../../test/support/harness';
import { connectSocket, type TestSocket } from '../../../test/support/socket';
import { Tasks } from './repository';

let app: TestApp;
let origin: string;
const sockets: TestSocket[] = [];
type Session = Awaited<ReturnType<TestApp['signIn']>>;

beforeAll(async () => ({ app, origin } = await startListening({ BUILTIN_ENGINE_STEP_MS: '0' })));
afterAll(() => closeWithSockets(app, sockets));
afterEach(() => vi.restoreAllMocks());
const { call, data } = injectorFor(() => app);

async function sharedChannel() {
  const [ann, bob] = [await app.signIn(), await app.signIn()];
  const { id } = await data(call(ann, 'POST', '/api/draw/channel', { title: 'draw', isBan: false }));
  const { inviteCode } = await data(call(ann, 'POST', `/api/draw/invite-code/${id}`, {}));
  await call(bob, 'POST', `/api/draw/join-channel/${inviteCode}`);
  return { ann, bob, id };
}

async function ended(session: Session, taskId: string): Promise<Task> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const task = (await data(call(session, 'GET', `/api/mj/task/${taskId}/fetch`))) as Task;
    if (task.status === TaskStatus.Failure || task.status === TaskStatus.Success) return task;
    if (Date.now() > deadline) throw new Error(`task ${taskId} is still ${task.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const updatesOf = (events: ChannelEvent[], taskId: string) =>
  events.filter(
    (e): e is Extract<ChannelEvent, { type: 'task.updated' }> =>
      e.type === 'task.updated' && e.data.id === taskId,
  );

describe('a failed task says why as a code with its parameters', () => {
  it('stores the engine’s reason as a code, returns it over REST and sends it to every member live, with an English failReason for API clients', async () => {
    const { ann, bob, id } = await sharedChannel();
    const bobSocket = await connectSocket(origin, bob.token);
    sockets.push(bobSocket);
    await bobSocket.subscribe(id);

    // Only stop words: the built-in engine has nothing to shorten.
    const { taskId } = await data(
      call(ann, 'POST', `/api/mj/submit/shorten/${id}`, { prompt: 'the and of a' }),
    );
    const failed = await ended(ann, taskId);
    expect(failed.status).toBe(TaskStatus.Failure);
    expect(failed.properties.failure).toEqual({ code: 'nothingToShorten', params: {} });
    expect(failed.failReason).toBe(
      'Nothing to shorten: the prompt has no descriptive words. Your credits were refunded.',
    );

    const events = await bobSocket.waitFor((all) =>
      updatesOf(all, taskId).some((e) => e.data.status === TaskStatus.Failure),
    );
    const live = updatesOf(events, taskId).find((e) => e.data.status === TaskStatus.Failure)!;
    expect(live.data.properties.failure).toEqual({ code: 'nothingToShorten', params: {} });
    expect(live.data.failReason).toBe(failed.failReason);
  });

  it('keeps a reason’s parameters, and words an error the engine did not explain as engineError', async () => {
    const { ann, id } = await sharedChannel();
    vi.spyOn(app.services.engine, 'run')
      .mockRejectedValueOnce(new EngineFailure(TaskFailureCode.ZoomRange, { factor: 2.5 }))
      .mockRejectedValueOnce(new Error('segfault in the sketcher'));
    const first = await data(call(ann, 'POST', `/api/mj/submit/imagine/${id}`, { prompt: 'a fox' }));
    const zoom = await ended(ann, first.taskId);
    expect(zoom.properties.failure).toEqual({ code: 'zoomRange', params: { factor: 2.5 } });
    expect(zoom.failReason).toBe('Zoom must be between 1 and 2 (got 2.5). Your credits were refunded.');
    const second = await data(call(ann, 'POST', `/api/mj/submit/imagine/${id}`, { prompt: 'a fox' }));
    const broken = await ended(ann, second.taskId);
    expect(broken.properties.failure).toEqual({ code: 'engineError', params: {} });
    // The engine's own words stay in the log: the person reads that it failed and was refunded.
    expect(broken.failReason).toBe('The engine could not draw this image. Your credits were refunded.');
  });

  it('still answers a task stored before codes existed: its failReason text and no code', async () => {
    const { ann, id } = await sharedChannel();
    const { taskId } = await data(
      call(ann, 'POST', `/api/mj/submit/shorten/${id}`, { prompt: 'the and of a' }),
    );
    await ended(ann, taskId);
    const stored = await app.storage.collection(Tasks).findOne({ _id: taskId });
    const { failure: _failure, ...properties } = stored!.properties;
    await app.storage
      .collection(Tasks)
      .updateOne(
        { _id: taskId },
        { $set: { properties, failReason: 'Nothing to shorten: the prompt has no descriptive words.' } },
      );
    const old = (await data(call(ann, 'GET', `/api/mj/task/${taskId}/fetch`))) as Task;
    expect(old.properties.failure).toBeUndefined();
    expect(old.failReason).toBe('Nothing to shorten: the prompt has no descriptive words.');
  });
});
