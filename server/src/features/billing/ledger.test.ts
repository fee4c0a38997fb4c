import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskAction, TaskFailureCode, TaskStatus, type DrawInfo, type Task } from '@draw/shared';
import { api, boundsOf } from '@draw/shared/routes';
import { startTestApp, type TestApp } from '../../../test/support/harness';
import { dayOf } from './ledger';
import { TASK_PRICES } from './prices';
import { balanceOf, caller, checkedChain, drawer, giveCredits } from '../../../test/support/billing';

describe('spending credits on tasks', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ FREE_DAILY_CREDITS: '0', BUILTIN_ENGINE_STEP_MS: '0' });
  });
  afterAll(() => app.close());

  it('prices every task action (grids 2, upscale and text tasks 1)', () => {
    expect(Object.keys(TASK_PRICES).sort()).toEqual(Object.values(TaskAction).sort());
    expect(TASK_PRICES).toMatchObject({
      IMAGINE: 2,
      VARIATION: 2,
      REROLL: 2,
      ZOOM: 2,
      PAN: 2,
      INPAINT: 2,
      BLEND: 2,
      UPSCALE: 1,
      DESCRIBE: 1,
      SHORTEN: 1,
    });
  });

  it('refuses a submit without enough credits with insufficient_credits (402) and a message that says what it costs', async () => {
    const { call } = caller(app);
    const { session, channelId } = await drawer(app);
    const res = await call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, {
      prompt: 'a quiet harbour',
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ success: false, code: 402, reason: 'insufficient_credits' });
    expect(res.json().message).toBe(
      'Not enough credits: this needs 2 and you have 0. Get more under “Subscribe” (a plan or a redeem code).',
    );
    const zh = await app.http.inject({
      method: 'POST',
      url: `/api/mj/submit/imagine/${channelId}`,
      payload: { prompt: 'x' },
      headers: { ...session.auth, 'accept-language': 'zh-CN' },
    });
    expect(zh.json().message).toContain('积分不足');
  });

  it('accepts exactly as many of the parallel imagine submits one person may send as the credits pay for, and never goes below zero', async () => {
    const { call } = caller(app);
    const { session, userId, channelId } = await drawer(app);
    await giveCredits(app, userId, 10); // 5 imagines
    // As many at once as the route lets one person have in flight.
    const parallel = boundsOf(api.tasks.imagine).concurrent;
    const answers = await Promise.all(
      Array.from({ length: parallel }, (_, i) =>
        call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt: `lantern ${i}` }),
      ),
    );
    const accepted = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 402);
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(parallel - 5);
    expect(refused.every((r) => r.json().reason === 'insufficient_credits')).toBe(true);
    expect(await balanceOf(app, userId)).toBe(0);
    const chain = await checkedChain(app, userId);
    expect(chain.filter((e) => e.kind === 'spend')).toHaveLength(5);
    // Each accepted task carries its cost.
    const ids = accepted.map((r) => r.json().data.taskId as string);
    const docs = await app.services.tasks.byIdsInChannel(channelId, ids);
    expect(docs).toHaveLength(5);
  });

  it('never overspends under parallel submits of mixed prices either', async () => {
    const { call } = caller(app);
    const { session, userId, channelId } = await drawer(app);
    await giveCredits(app, userId, 7);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt: `kite ${i}` })
          : call(session, 'POST', `/api/mj/submit/shorten/${channelId}`, {
              prompt: `a very very long prompt about kites number ${i}`,
            }),
      ),
    );
    const spent = answers.filter((r) => r.statusCode === 200).length;
    expect(spent).toBeGreaterThan(0);
    const balance = await balanceOf(app, userId);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBeLessThan(1 + 1); // whatever remains cannot pay for the cheapest task twice over
    const chain = await checkedChain(app, userId);
    expect(chain.at(-1)!.balanceAfter).toBe(balance);
  });
});

describe('refunds', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Slow engine: tasks stay running long enough to fail or cancel them.
    app = await startTestApp({ FREE_DAILY_CREDITS: '0', BUILTIN_ENGINE_STEP_MS: '5000' });
  });
  afterAll(() => app.close());

  it('gives a failed task its credits back exactly once, however many times the refund is asked for', async () => {
    const { call, data } = caller(app);
    const { session, userId, channelId } = await drawer(app);
    await giveCredits(app, userId, 5);
    const { taskId } = await data<{ taskId: string }>(
      call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt: 'storm' }),
    );
    expect(await balanceOf(app, userId)).toBe(3);

    await app.services.runner.fail(taskId, { code: TaskFailureCode.EngineError, params: {} });
    await app.services.runner.fail(taskId, { code: TaskFailureCode.EngineError, params: {} });
    await Promise.all([
      app.services.billing.billing.refund(taskId),
      app.services.billing.billing.refund(taskId),
      app.services.billing.billing.refund(taskId),
    ]);
    await app.services.billing.billing.refund(taskId);

    const task = await data<Task>(call(session, 'GET', `/api/mj/task/${taskId}/fetch`));
    expect(task.status).toBe(TaskStatus.Failure);
    expect(await balanceOf(app, userId)).toBe(5);
    const chain = await checkedChain(app, userId);
    expect(chain.filter((e) => e.kind === 'refund')).toHaveLength(1);
  });

  it('charges a task once: asked again, even when the balance no longer covers it, the charge answers what was taken', async () => {
    const { userId } = await drawer(app);
    await giveCredits(app, userId, 3);
    const { billing } = app.services.billing;
    const taskId = `charged-twice-${userId}`;
    expect(await billing.charge(userId, taskId, TaskAction.Imagine)).toBe(2);
    expect(await balanceOf(app, userId)).toBe(1);

    // Again, alone and at once with itself: each answer is the first charge, nothing more is taken.
    expect(await billing.charge(userId, taskId, TaskAction.Imagine)).toBe(2);
    await giveCredits(app, userId, 9);
    const again = await Promise.all([1, 2, 3].map(() => billing.charge(userId, taskId, TaskAction.Imagine)));
    expect(again).toEqual([2, 2, 2]);
    expect(await balanceOf(app, userId)).toBe(10);
    const chain = await checkedChain(app, userId);
    expect(chain.filter((e) => e.kind === 'spend')).toHaveLength(1);
  });

  it('gives a cancelled task its credits back once', async () => {
    const { call, data } = caller(app);
    const { session, userId, channelId } = await drawer(app);
    await giveCredits(app, userId, 2);
    const { taskId } = await data<{ taskId: string }>(
      call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt: 'calm' }),
    );
    expect(await balanceOf(app, userId)).toBe(0);
    expect((await call(session, 'POST', `/api/mj/task/${taskId}/cancel`)).statusCode).toBe(200);
    expect((await call(session, 'POST', `/api/mj/task/${taskId}/cancel`)).statusCode).not.toBe(200);
    await app.services.billing.billing.refund(taskId);
    expect(await balanceOf(app, userId)).toBe(2);
  });

  it('does nothing for a task that was never charged', async () => {
    await app.services.billing.billing.refund('no-such-task');
    const { userId } = await drawer(app);
    expect(await balanceOf(app, userId)).toBe(0);
  });
});

describe('the daily free allowance', () => {
  let app: TestApp;
  let clock = Date.UTC(2031, 0, 10, 4, 0, 0); // 12:00 in UTC+8
  beforeAll(async () => {
    app = await startTestApp({ FREE_DAILY_CREDITS: '10', BUILTIN_ENGINE_STEP_MS: '0' }, { now: () => clock });
  });
  afterAll(() => app.close());

  it('is granted once a day on first read or charge, spent first, and topped up (not accumulated) the next day', async () => {
    const { call, data } = caller(app);
    const { session, userId, channelId } = await drawer(app);

    const info = await data<DrawInfo>(call(session, 'GET', `/api/draw/info/${channelId}`));
    expect(info).toMatchObject({ credits: 10, plan: null, renewsAt: null });
    expect(await app.services.billing.ledger.account(userId)).toMatchObject({
      balance: 10,
      free: 10,
      dailyAllowance: 10,
    });

    await giveCredits(app, userId, 100);
    await data(call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt: 'sunrise' }));
    expect(await app.services.billing.ledger.account(userId)).toMatchObject({ balance: 108, free: 8 });
    // Reading again the same day grants nothing more.
    await app.services.billing.ledger.account(userId);
    expect(await balanceOf(app, userId)).toBe(108);

    clock += 24 * 3600_000;
    expect(await app.services.billing.ledger.account(userId)).toMatchObject({ balance: 110, free: 10 });
    expect(await app.services.billing.ledger.account(userId)).toMatchObject({ balance: 110, free: 10 });

    const chain = await checkedChain(app, userId);
    expect(chain.filter((e) => e.kind === 'daily').map((e) => e.note)).toEqual([
      dayOf(clock - 24 * 3600_000),
      dayOf(clock),
    ]);
  });

  it('lets a user with only the allowance draw until it is spent', async () => {
    const { call } = caller(app);
    const { session, userId, channelId } = await drawer(app);
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (await call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt: `bird ${i}` }))
          .statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 200, 200, 402]);
    expect(await balanceOf(app, userId)).toBe(0);
  });

  it('turns the day over at midnight China Standard Time', () => {
    expect(dayOf(Date.UTC(2031, 0, 10, 15, 59))).toBe('2031-01-10');
    expect(dayOf(Date.UTC(2031, 0, 10, 16, 0))).toBe('2031-01-11');
  });
});
