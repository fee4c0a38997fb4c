import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TaskAction, TaskFailureCode, TaskStatus, type Task } from '@draw/shared';
import { EngineFailure } from '../../engines/port';
import { startTestApp, type TestApp } from '../../../test/support/harness';
import { balanceOf, checkedChain } from '../../../test/support/billing';
import type { Billing } from './billing';
import { Tasks } from './repository';
import { ORPHAN_CHARGE_GRACE_MS } from './runner';

/**
 * Credits and tasks across the moments a crash (or a failing store) can cut a task's bookkeeping
 * in two. A SIGKILL cannot be caught, so its aftermath is written straight into the store.
 */

const ALLOWANCE = 100;
let clock = Date.UTC(2031, 6, 1, 4, 0, 0);
const now = () => clock;
type Session = Awaited<ReturnType<TestApp['signIn']>>;

const call = (
  app: TestApp,
  session: Session,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => app.http.inject({ method, url, payload, headers: { ...session.auth, 'accept-language': 'en-US' } });

async function drawerIn(app: TestApp) {
  const session = await app.signIn();
  const { id } = (
    await call(app, session, 'POST', '/api/draw/channel', { title: 'credits', isBan: false })
  ).json().data as { id: string };
  const submit = async (kind: string, body: object): Promise<string> => {
    const res = (await call(app, session, 'POST', `/api/mj/submit/${kind}/${id}`, body)).json();
    if (!res.success) throw new Error(res.message);
    return res.data.taskId as string;
  };
  const task = async (taskId: string) =>
    (await call(app, session, 'GET', `/api/mj/task/${taskId}/fetch`)).json().data as Task;
  const until = async (taskId: string, done: (t: Task) => boolean, timeoutMs = 15_000): Promise<Task> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const t = await task(taskId);
      if (done(t)) return t;
      if (Date.now() > deadline) throw new Error(`task ${taskId} is ${t.status} (${t.failReason})`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { session, userId: session.user.id, channelId: id, submit, task, until };
}

const tasksOf = (app: TestApp) => app.storage.collection(Tasks);
const billingOf = (app: TestApp): Billing => app.services.billing.billing;
const ended = (t: Task) =>
  [TaskStatus.Success, TaskStatus.Failure, TaskStatus.Cancel].includes(t.status as never);

describe('credits a crash kept', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ FREE_DAILY_CREDITS: String(ALLOWANCE) }, { now });
  });
  afterAll(() => app.close());

  it('are given back at the next start: failed and cancelled tasks without their refund, and charges whose task was never stored', async () => {
    const ann = await drawerIn(app);
    const ids = [
      await ann.submit('imagine', { prompt: 'kept' }),
      await ann.submit('imagine', { prompt: 'failed' }),
      await ann.submit('imagine', { prompt: 'cancelled' }),
    ];
    for (const id of ids) await ann.until(id, ended);
    // Killed between the final state and its refund, and between a charge and its task.
    await tasksOf(app).updateOne(
      { _id: ids[1]! },
      { $set: { status: TaskStatus.Failure, failReason: 'The engine broke' } },
    );
    await tasksOf(app).updateOne({ _id: ids[2]! }, { $set: { status: TaskStatus.Cancel } });
    await billingOf(app).charge(ann.userId, randomUUID(), TaskAction.Imagine);
    expect(await balanceOf(app, ann.userId)).toBe(ALLOWANCE - 8);

    const dataDir = app.config.DATA_DIR;
    const restart = async () => {
      await app.close();
      app = await startTestApp({ FREE_DAILY_CREDITS: String(ALLOWANCE), DATA_DIR: dataDir }, { now });
    };
    await restart();
    expect(await balanceOf(app, ann.userId)).toBe(ALLOWANCE - 2);
    expect((await checkedChain(app, ann.userId)).filter((e) => e.kind === 'refund')).toHaveLength(3);

    // Once: every later start and sweep finds nothing more to give.
    await restart();
    clock += 10 * 60_000;
    await app.services.runner.sweep();
    expect(await balanceOf(app, ann.userId)).toBe(ALLOWANCE - 2);
  });

  it('are given back by the periodic sweep, a task-less charge only once no submit can still be storing it', async () => {
    const bob = await drawerIn(app);
    const taskId = await bob.submit('imagine', { prompt: 'half done' });
    await bob.until(taskId, ended);
    await tasksOf(app).updateOne(
      { _id: taskId },
      { $set: { status: TaskStatus.Failure, failReason: 'The engine broke' } },
    );
    await billingOf(app).charge(bob.userId, randomUUID(), TaskAction.Imagine);
    expect(await balanceOf(app, bob.userId)).toBe(ALLOWANCE - 4);

    clock += 61_000;
    await app.services.runner.sweep();
    expect(await balanceOf(app, bob.userId)).toBe(ALLOWANCE - 2);
    clock += ORPHAN_CHARGE_GRACE_MS;
    await app.services.runner.sweep();
    expect(await balanceOf(app, bob.userId)).toBe(ALLOWANCE);
  });

  it('are given back once, however many sweeps race for them', async () => {
    const cy = await drawerIn(app);
    const taskIds = [
      await cy.submit('imagine', { prompt: 'race one' }),
      await cy.submit('imagine', { prompt: 'race two' }),
    ];
    for (const id of taskIds) await cy.until(id, ended);
    for (const id of taskIds)
      await tasksOf(app).updateOne({ _id: id }, { $set: { status: TaskStatus.Cancel } });
    await Promise.all(Array.from({ length: 6 }, () => app.services.runner.reconcileCredits(0, clock)));
    expect(await balanceOf(app, cy.userId)).toBe(ALLOWANCE);
    expect((await checkedChain(app, cy.userId)).filter((e) => e.kind === 'refund')).toHaveLength(2);
  });
});

describe('a store or ledger that fails under a running task', () => {
  let app: TestApp;
  const unhandled: unknown[] = [];
  const collect = (reason: unknown) => unhandled.push(reason);
  beforeAll(async () => {
    process.on('unhandledRejection', collect);
    app = await startTestApp({ FREE_DAILY_CREDITS: String(ALLOWANCE) }, { now });
  });
  afterAll(async () => {
    process.off('unhandledRejection', collect);
    await app.close();
  });
  afterEach(() => vi.restoreAllMocks());
  const settle = () => new Promise((r) => setTimeout(r, 100));

  it('does not take the server down when a refund fails: the task fails, and the sweep refunds it', async () => {
    const ann = await drawerIn(app);
    vi.spyOn(app.services.engine, 'run').mockRejectedValueOnce(
      new EngineFailure(TaskFailureCode.EngineError),
    );
    vi.spyOn(billingOf(app), 'refund').mockRejectedValueOnce(new Error('ledger unavailable'));
    const taskId = await ann.submit('imagine', { prompt: 'no refund yet' });
    expect(await ann.until(taskId, ended)).toMatchObject({
      status: TaskStatus.Failure,
      failReason: 'The engine could not draw this image. Your credits were refunded.',
      properties: { failure: { code: 'engineError' } },
    });
    await settle();
    expect(unhandled).toEqual([]);
    expect(await balanceOf(app, ann.userId)).toBe(ALLOWANCE - 2);

    clock += 61_000;
    await app.services.runner.sweep();
    expect(await balanceOf(app, ann.userId)).toBe(ALLOWANCE);
  });

  it('does not take the server down when claiming a task fails: the sweep runs it later', async () => {
    const ann = await drawerIn(app);
    vi.spyOn(tasksOf(app), 'findOneAndUpdate').mockRejectedValueOnce(new Error('store unavailable'));
    const taskId = await ann.submit('imagine', { prompt: 'claimed later' });
    await settle();
    expect(unhandled).toEqual([]);
    expect((await ann.task(taskId)).status).toBe(TaskStatus.Submitted);
    await app.services.runner.sweep();
    expect((await ann.until(taskId, ended)).status).toBe(TaskStatus.Success);
  });

  it('never runs a task whose submit failed after it was stored, and refunds it', async () => {
    const ann = await drawerIn(app);
    const run = vi.spyOn(app.services.engine, 'run');
    vi.spyOn(app.services.messages, 'postTask').mockRejectedValueOnce(new Error('store unavailable'));
    const res = await call(app, ann.session, 'POST', `/api/mj/submit/imagine/${ann.channelId}`, {
      prompt: 'half stored',
    });
    expect(res.statusCode).toBe(500);
    const [stored] = await tasksOf(app).find({ userId: ann.userId });
    expect(stored).toMatchObject({
      status: TaskStatus.Failure,
      failReason: 'The task could not be saved, so it will not run. Your credits were refunded.',
      properties: { failure: { code: 'notSaved', params: {} } },
    });
    expect(await balanceOf(app, ann.userId)).toBe(ALLOWANCE);

    await app.services.runner.sweep();
    await settle();
    expect((await tasksOf(app).findOne({ _id: stored!._id }))?.status).toBe(TaskStatus.Failure);
    expect(run).not.toHaveBeenCalled();
    expect(await balanceOf(app, ann.userId)).toBe(ALLOWANCE);
  });
});

describe('the drawing deadline', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(
      { FREE_DAILY_CREDITS: String(ALLOWANCE), BUILTIN_ENGINE_STEP_MS: '250' },
      { now },
    );
  });
  afterAll(() => app.close());

  it('starts when a MODAL task gets its input, not when the button was pressed', async () => {
    const ann = await drawerIn(app);
    expect(
      (
        await call(app, ann.session, 'PUT', '/api/draw/settings/option', { name: 'remix', value: true })
      ).json().success,
    ).toBe(true);
    const grid = await ann.until(await ann.submit('imagine', { prompt: 'a slow fox' }), ended);
    const v1 = grid.buttons.find((b) => b.label === 'V1')!;
    const variationId = await ann.submit('action', { taskId: grid.id, customId: v1.customId });
    expect((await ann.task(variationId)).status).toBe(TaskStatus.Modal);

    clock += 9 * 60_000; // the user thinks about the new prompt
    await ann.submit('modal', { taskId: variationId, prompt: 'a quick fox' });
    clock += 2 * 60_000; // drawing: 11 minutes after the press, 2 after the input
    await app.services.runner.sweep();
    expect(await ann.until(variationId, ended)).toMatchObject({
      status: TaskStatus.Success,
      prompt: 'a quick fox',
    });
  });
});
