import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { statusRank, parseProgress } from '@draw/machines';
import type { ChannelEvent, Task } from '@draw/shared';
import type { TestApp } from '../../../test/support/harness';
import { connectSocket, type TestSocket } from '../../../test/support/socket';
import type { Billing } from '../../features/tasks/billing';
import { FAKE_SECRET, startAppOnFake } from '../../../test/fakes/midjourney-proxy/harness';
import { startFakeMjProxy, type FakeMjProxy } from '../../../test/fakes/midjourney-proxy/server';
import { upstreamTestkit } from '../../../test/fakes/midjourney-proxy/testkit';

let fake: FakeMjProxy;
let app: TestApp;
let origin: string;
const sockets: TestSocket[] = [];
type Session = Awaited<ReturnType<TestApp['signIn']>>;

beforeAll(async () => {
  fake = await startFakeMjProxy({ secret: FAKE_SECRET });
  ({ app, origin } = await startAppOnFake(fake));
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
  await fake.stop();
});
beforeEach(async () => {
  fake.reset();
  const listening = await fetch(`${fake.origin}/none`).then(
    () => true,
    () => false,
  );
  if (!listening) await fake.up(); // a failed test may have left it down
});

const kit = upstreamTestkit(() => ({ app, origin, fake }));
const { call, data, waitFor, finished, submit, upstreamOf, upload, png, imagineDone } = kit;

/**
 * Each test draws as a person of its own in a fresh channel of its own: the routes' rates (a few
 * channels and thirty submits a minute per person) are not what these tests are about.
 */

async function channel(): Promise<{ user: Session; id: string }> {
  const user = await app.signIn();
  return { user, id: await kit.channel(user) };
}

async function bytesOf(url: string): Promise<Buffer> {
  const res = await fetch(`${origin}${url}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function watch(session: Session, channelId: string): Promise<TestSocket> {
  const socket = await connectSocket(origin, session.token);
  sockets.push(socket);
  await socket.subscribe(channelId);
  return socket;
}
const updatesOf = (socket: TestSocket, taskId: string): Task[] =>
  socket.events
    .filter((e: ChannelEvent) => e.type === 'task.updated' && (e.data as Task).id === taskId)
    .map((e) => e.data as Task);

/** Every update moves forwards: status rank, then progress; exactly one terminal update. */
function expectMonotonic(updates: Task[]) {
  for (let i = 1; i < updates.length; i++) {
    const [a, b] = [updates[i - 1]!, updates[i]!];
    expect(statusRank(b.status)).toBeGreaterThanOrEqual(statusRank(a.status));
    if (a.status === b.status)
      expect(parseProgress(b.progress) ?? 0).toBeGreaterThanOrEqual(parseProgress(a.progress) ?? 0);
  }
  expect(updates.filter((t) => t.status === 'SUCCESS')).toHaveLength(1);
}

const billingOf = () => (app.services.runner as unknown as { deps: { billing: Billing } }).deps.billing;

describe('drawing through a midjourney-proxy upstream', () => {
  it('imagine: progress with previews, then the result, all served from our own /files/ URLs', async () => {
    const { user, id } = await channel();
    const socket = await watch(user, id);
    const taskId = await submit(user, id, 'imagine', { prompt: 'a red fox in snow --relax' });
    const done = await finished(user, taskId);
    const upstream = upstreamOf(taskId);

    const [sent] = fake.submits('imagine');
    expect(sent).toMatchObject({
      speed: 'relax',
      secret: FAKE_SECRET,
      body: { botType: 'MID_JOURNEY', state: taskId },
    });
    expect(String(sent!.body!.prompt)).toContain('a red fox in snow');
    const hook = String(sent!.body!.notifyHook);
    expect(hook).toMatch(new RegExp(`^${origin}/api/open/notify/${taskId}/[A-Za-z0-9_-]{20,}$`));

    expect(done).toMatchObject({
      engine: 'midjourney-proxy',
      progress: '100%',
      imageUrl: expect.stringMatching(/^\/files\//),
    });
    expect(await bytesOf(done.imageUrl!)).toEqual(fake.images.get(`/cdn/${upstream.id}-result.png`));
    expect(done.buttons.map((b) => b.customId)).toEqual(upstream.buttons.map((b) => b.customId));

    await socket.waitFor((events) =>
      events.some((e) => e.type === 'task.updated' && (e.data as Task).status === 'SUCCESS'),
    );
    const updates = updatesOf(socket, taskId);
    expectMonotonic(updates);
    const previews = updates
      .filter((t) => t.status === 'IN_PROGRESS' && t.previewUrl)
      .map((t) => t.previewUrl!);
    expect(previews.length).toBeGreaterThanOrEqual(1);
    const served = new Set(
      [...fake.images.entries()]
        .filter(([path]) => path.includes('preview'))
        .map(([, bytes]) => bytes.toString('base64')),
    );
    for (const url of new Set(previews)) {
      expect(url).toMatch(/^\/files\//);
      expect(served.has((await bytesOf(url)).toString('base64'))).toBe(true);
    }
    // No upstream or CDN link ever reaches a browser.
    expect(JSON.stringify(socket.events)).not.toContain(fake.origin);
    expect(JSON.stringify(done)).not.toContain(fake.origin);
  });

  it('U1 goes upstream with the parent upstream task and its own customId', async () => {
    const { user, id } = await channel();
    const grid = await imagineDone(user, id);
    const u1 = grid.buttons.find((b) => b.label === 'U1')!;
    const upscaleId = await submit(user, id, 'action', { taskId: grid.id, customId: u1.customId });
    const upscaled = await finished(user, upscaleId);
    const [action] = fake.submits('action');
    expect(action!.body).toMatchObject({
      taskId: upstreamOf(grid.id).id,
      customId: u1.customId,
      state: upscaleId,
    });
    expect(upscaled).toMatchObject({ action: 'UPSCALE', parentId: grid.id });
    expect(upscaled.buttons.some((b) => b.customId.startsWith('MJ::Inpaint::1::'))).toBe(true);
    expect(await bytesOf(upscaled.imageUrl!)).toEqual(
      fake.images.get(`/cdn/${upstreamOf(upscaleId).id}-result.png`),
    );
  });

  it('a remix variation waits in MODAL for the new prompt, then goes through action and modal', async () => {
    const { user, id } = await channel();
    expect(
      (await call(user, 'PUT', '/api/draw/settings/option', { name: 'remix', value: true })).json().success,
    ).toBe(true);
    fake.set({ remix: true });
    const grid = await imagineDone(user, id, 'a red fox');
    const v1 = grid.buttons.find((b) => b.label === 'V1')!;
    const variationId = await submit(user, id, 'action', { taskId: grid.id, customId: v1.customId });
    await call(user, 'PUT', '/api/draw/settings/option', { name: 'remix', value: false });
    expect((await data(call(user, 'GET', `/api/mj/task/${variationId}/fetch`))).status).toBe('MODAL');
    expect(fake.submits('action')).toHaveLength(0);
    await submit(user, id, 'modal', { taskId: variationId, prompt: 'a blue fox' });
    const varied = await finished(user, variationId);
    expect(varied).toMatchObject({ action: 'VARIATION', prompt: 'a blue fox' });
    // The person's Remix is on: the action asks the C# line for its modal even if the account would not.
    expect(fake.submits('action')[0]!.body).toMatchObject({ enableRemix: true });
    const [modal] = fake.submits('modal');
    expect(modal!.body).toMatchObject({ taskId: upstreamOf(variationId).id });
    expect(String(modal!.body!.prompt)).toContain('a blue fox');
    expect(upstreamOf(variationId).prompt).toContain('a blue fox');
  });

  it('a remix prompt the upstream account cannot take (code 4, Remix off there) fails the task, refunded, with no job upstream', async () => {
    const { user, id } = await channel();
    expect(
      (await call(user, 'PUT', '/api/draw/settings/option', { name: 'remix', value: true })).json().success,
    ).toBe(true);
    try {
      const grid = await imagineDone(user, id, 'a red fox');
      const v1 = grid.buttons.find((b) => b.label === 'V1')!;
      const refund = vi.spyOn(billingOf(), 'refund');
      const variationId = await submit(user, id, 'action', { taskId: grid.id, customId: v1.customId });
      await submit(user, id, 'modal', { taskId: variationId, prompt: 'a blue fox' });
      const failed = await finished(user, variationId, 'FAILURE');
      expect(failed.failReason).toBe(
        'The Midjourney account does not have Remix on, so your Remix setting cannot be honoured. Turn Remix off in your settings and try again; your credits were refunded.',
      );
      await vi.waitFor(() => expect(refund).toHaveBeenCalledWith(variationId), { timeout: 10_000 });
      refund.mockRestore();
      expect(fake.submits('action').at(-1)!.body).toMatchObject({ enableRemix: true });
      expect(fake.submits('modal')).toHaveLength(0);
      expect([...fake.tasks.values()].some((t) => t.state === variationId)).toBe(false);

      // The same prompt as the parent's loses nothing: it draws, asked again without Remix.
      const again = await submit(user, id, 'action', { taskId: grid.id, customId: v1.customId });
      await submit(user, id, 'modal', { taskId: again });
      expect(await finished(user, again)).toMatchObject({ action: 'VARIATION', prompt: 'a red fox' });
    } finally {
      await call(user, 'PUT', '/api/draw/settings/option', { name: 'remix', value: false });
    }
  });

  it("an action goes to the presser's job-mode queue, not the parent's", async () => {
    const { user, id } = await channel();
    const grid = await imagineDone(user, id, 'a red fox --turbo');
    expect(fake.submits('imagine').at(-1)!.speed).toBe('turbo');
    expect(
      (await call(user, 'PUT', '/api/draw/settings/option', { name: 'speed', value: 'relax' })).json()
        .success,
    ).toBe(true);
    try {
      const upscaleId = await submit(user, id, 'action', {
        taskId: grid.id,
        customId: grid.buttons.find((b) => b.label === 'U1')!.customId,
      });
      await finished(user, upscaleId);
      expect(fake.submits('action').at(-1)).toMatchObject({ speed: 'relax', body: { state: upscaleId } });
    } finally {
      await call(user, 'PUT', '/api/draw/settings/option', { name: 'speed', value: 'fast' });
    }
  });

  it('vary region: the uploaded mask reaches the upstream modal as a PNG data URL', async () => {
    const { user, id } = await channel();
    const grid = await imagineDone(user, id);
    const upscaleId = await submit(user, id, 'action', {
      taskId: grid.id,
      customId: grid.buttons.find((b) => b.label === 'U2')!.customId,
    });
    const upscaled = await finished(user, upscaleId);
    const region = upscaled.buttons.find((b) => b.customId.startsWith('MJ::Inpaint'))!;
    const regionId = await submit(user, id, 'action', { taskId: upscaleId, customId: region.customId });
    await submit(user, id, 'modal', {
      taskId: regionId,
      prompt: 'a hat',
      maskImageId: await kit.uploadMask(user, 256),
    });
    const done = await finished(user, regionId);
    expect(done).toMatchObject({ action: 'INPAINT', prompt: 'a hat' });
    const modal = fake.submits('modal').at(-1)!;
    expect(String(modal.body!.maskBase64)).toMatch(/^data:image\/png;base64,/);
    expect(upstreamOf(regionId).properties.maskReceived).toBe(true);
  });

  it('describe, blend and shorten send images as data URLs and read back text results', async () => {
    const { user, id } = await channel();
    const [red, blue] = await upload(user, [await png('#d01010'), await png('#1020d0')]);
    const described = await finished(user, await submit(user, id, 'describe', { imageId: red }));
    expect(fake.submits('describe')[0]).toMatchObject({
      speed: 'fast',
      body: { base64: expect.stringMatching(/^data:image\/png;base64,/) },
    });
    expect(described.properties.prompts).toEqual(
      [1, 2, 3, 4].map((n) => `a described picture, take ${n} --ar 1:1`),
    );
    expect(described.buttons.map((b) => b.customId)).toContain('MJ::Job::PicReader::1');
    expect(described.imageUrl).toBeNull();

    const blended = await finished(
      user,
      await submit(user, id, 'blend', { imageIds: [red, blue], dimensions: 'LANDSCAPE' }),
    );
    const [blend] = fake.submits('blend');
    expect(blend!.body).toMatchObject({ dimensions: 'LANDSCAPE' });
    expect(blend!.body!.base64Array).toHaveLength(2);
    expect(await bytesOf(blended.imageUrl!)).toEqual(
      fake.images.get(`/cdn/${upstreamOf(blended.id).id}-result.png`),
    );

    const shortened = await finished(
      user,
      await submit(user, id, 'shorten', { prompt: 'an old castle on a hill at dawn' }),
    );
    expect(shortened.properties.prompts).toEqual([
      'an old',
      'an old castle',
      'an old castle on',
      'an old castle on a',
      'an old castle on a hill',
    ]);

    const suggestion = await submit(user, id, 'action', {
      taskId: described.id,
      customId: 'MJ::Job::PicReader::2',
    });
    await submit(user, id, 'modal', { taskId: suggestion });
    await finished(user, suggestion);
    expect(String(fake.submits('imagine').at(-1)!.body!.prompt)).toContain('a described picture, take 2');
  });

  it('answer 22 shows the queue position until the task starts', async () => {
    const { user, id } = await channel();
    fake.set({ queuePosition: 3, hold: true });
    const taskId = await submit(user, id, 'imagine', { prompt: 'a queued owl' });
    const waiting = await waitFor(user, taskId, (t) => t.properties.queuePosition === 3);
    expect(waiting.status).toBe('SUBMITTED');
    fake.release();
    const done = await finished(user, taskId);
    expect(done.properties.queuePosition).toBeUndefined();
  });

  it.each([
    ['23 (queue full)', { code: 23, description: '队列已满，请稍后尝试' }, /Midjourney queue is full/],
    [
      '9 with a full queue (C# line)',
      { code: 9, description: '执行中的任务已满，队列已满' },
      /Midjourney queue is full/,
    ],
    [
      '24 (banned word)',
      { code: 24, description: '可能包含敏感词', properties: { bannedWord: 'gore', promptEn: 'gore' } },
      /"gore" is not allowed/,
    ],
    ['4 (validation)', { code: 4, description: 'base64格式错误' }, /refused the request: base64格式错误/],
    [
      '9 (system error)',
      { code: 9, description: 'Discord 账号不可用' },
      /service failed: Discord 账号不可用/,
    ],
  ])('answer %s fails the task with a clear reason and refunds it', async (_name, answer, reason) => {
    const { user, id } = await channel();
    const refund = vi.spyOn(billingOf(), 'refund');
    fake.set({ answers: { imagine: answer } });
    const taskId = await submit(user, id, 'imagine', { prompt: 'something' });
    const failed = await finished(user, taskId, 'FAILURE');
    expect(failed.failReason).toMatch(reason);
    expect(failed.failReason).toMatch(/credits were refunded/);
    // Just after the FAILURE is stored (a busy machine may take longer than waitFor's default second).
    await vi.waitFor(() => expect(refund).toHaveBeenCalledWith(taskId), { timeout: 10_000 });
    refund.mockRestore();
  });

  it('answer 3 on an action whose parent the upstream lost, and moderation failures, show their reasons', async () => {
    const { user, id } = await channel();
    const grid = await imagineDone(user, id);
    fake.forget();
    const upscaleId = await submit(user, id, 'action', {
      taskId: grid.id,
      customId: grid.buttons[0]!.customId,
    });
    expect((await finished(user, upscaleId, 'FAILURE')).failReason).toMatch(
      /no longer has what this task refers to \(关联任务不存在或已失效\)/,
    );

    fake.set({
      failReason:
        'Banned prompt detected, Sorry! Our AI moderator thinks this prompt is probably against our community standards.',
    });
    const moderated = await finished(
      user,
      await submit(user, id, 'imagine', { prompt: 'something dubious' }),
      'FAILURE',
    );
    expect(moderated.failReason).toMatch(/^Midjourney could not draw this: Banned prompt detected, Sorry!/);
    // The upstream's free text is a parameter of a closed code: the web words the sentence around it.
    expect(moderated.properties.failure).toEqual({
      code: 'upstream.failed',
      params: {
        reason:
          'Banned prompt detected, Sorry! Our AI moderator thinks this prompt is probably against our community standards.',
      },
    });
  });
});

describe('notify hooks', () => {
  it('lost hooks: polling alone finishes the task', async () => {
    const { user, id } = await channel();
    fake.set({ hooks: 'lost' });
    const done = await imagineDone(user, id, 'no hooks at all');
    expect(done.imageUrl).toMatch(/^\/files\//);
    expect(fake.requests.filter((r) => r.path.endsWith('/fetch')).length).toBeGreaterThan(0);
  });

  it.each(['duplicated', 'reordered'] as const)('%s hooks never move a task backwards', async (hooks) => {
    const { user, id } = await channel();
    const socket = await watch(user, id);
    fake.set({ hooks, steps: [10, 30, 50, 70, 90], stepMs: 40 });
    const taskId = await submit(user, id, 'imagine', { prompt: `${hooks} hooks` });
    await finished(user, taskId);
    await new Promise((r) => setTimeout(r, 300)); // late hooks arrive after the end
    await socket.waitFor((events) =>
      events.some((e) => e.type === 'task.updated' && (e.data as Task).status === 'SUCCESS'),
    );
    expectMonotonic(updatesOf(socket, taskId));
    expect((await data(call(user, 'GET', `/api/mj/task/${taskId}/fetch`))).status).toBe('SUCCESS');
  });

  it('refuses a wrong token, takes no token from the query string, and answers late hooks idempotently', async () => {
    const { user, id } = await channel();
    fake.set({ hold: true });
    const taskId = await submit(user, id, 'imagine', { prompt: 'guarded' });
    await waitFor(
      user,
      taskId,
      () => fake.submits('imagine').length > 0 && [...fake.tasks.values()].some((t) => t.state === taskId),
    );
    const upstream = upstreamOf(taskId);
    const forged = {
      ...upstream,
      status: 'SUCCESS',
      progress: '100%',
      imageUrl: 'https://evil.example/x.png',
      buttons: [],
    };
    const post = (path: string) =>
      fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
        body: JSON.stringify(forged),
      });
    const wrong = await post(`/api/open/notify/${taskId}/not-the-token`);
    expect(wrong.status).toBe(404);
    expect(((await wrong.json()) as { message: string }).message).toBe('Unknown task or wrong hook token');
    expect((await post(`/api/open/notify/${taskId}?token=x`)).status).toBe(404);
    expect((await data(call(user, 'GET', `/api/mj/task/${taskId}/fetch`))).status).toBe('SUBMITTED');

    fake.release();
    await finished(user, taskId);
    const hook = new URL(String(fake.submits('imagine').at(-1)!.body!.notifyHook));
    const late = await post(hook.pathname);
    expect(late.status).toBe(200);
    expect(((await late.json()) as { data: unknown }).data).toEqual({ accepted: false });
  });
});

describe('when the upstream misbehaves', () => {
  it('is down at submit: the task fails with a reason and the server keeps serving', async () => {
    const { user, id } = await channel();
    await fake.down();
    const failed = await finished(
      user,
      await submit(user, id, 'imagine', { prompt: 'nobody home' }),
      'FAILURE',
    );
    expect(failed.failReason).toMatch(/cannot be reached \(connection refused\)/);
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    expect((await call(user, 'GET', '/api/draw/channels')).json().success).toBe(true);
    await fake.up();
  });

  it('goes down mid-task: polling gives up with a reason', async () => {
    const { user, id } = await channel();
    fake.set({ hold: true, hooks: 'lost' });
    const taskId = await submit(user, id, 'imagine', { prompt: 'falls over' });
    await waitFor(user, taskId, () => [...fake.tasks.values()].some((t) => t.state === taskId));
    await fake.down();
    const failed = await finished(user, taskId, 'FAILURE');
    expect(failed.failReason).toMatch(
      /Lost contact with the Midjourney service while drawing \(connection refused\)/,
    );
    await fake.up();
  });

  it('restarts and forgets the task: it fails as unknown upstream', async () => {
    const { user, id } = await channel();
    fake.set({ hold: true });
    const taskId = await submit(user, id, 'imagine', { prompt: 'forgotten' });
    await waitFor(user, taskId, () => [...fake.tasks.values()].some((t) => t.state === taskId));
    fake.forget();
    expect((await finished(user, taskId, 'FAILURE')).failReason).toMatch(/no longer knows this task/);
  });

  it.each([
    ['answers too slowly', { delayMs: 1500 }, /cannot be reached \(no answer within 1 s\)/],
    ['answers 502', { httpStatus: 502 }, /cannot be reached \(HTTP 502\)/],
  ])('%s: the task fails with a reason', async (_name, behaviour, reason) => {
    const { user, id } = await channel();
    fake.set(behaviour);
    expect(
      (await finished(user, await submit(user, id, 'imagine', { prompt: 'slow' }), 'FAILURE')).failReason,
    ).toMatch(reason);
  });

  it('retries an image copy that fails, and fails the task when every try does (never a broken image)', async () => {
    const { user, id } = await channel();
    fake.set({ hooks: 'lost', steps: [], imageFailures: 2 });
    const done = await imagineDone(user, id, 'flaky cdn');
    expect(await bytesOf(done.imageUrl!)).toEqual(
      fake.images.get(`/cdn/${upstreamOf(done.id).id}-result.png`),
    );

    fake.set({ brokenImages: true, steps: [50] });
    const failed = await finished(user, await submit(user, id, 'imagine', { prompt: 'dead cdn' }), 'FAILURE');
    expect(failed.failReason).toMatch(
      /image could not be copied from Midjourney \(HTTP 500, after 3 tries\)/,
    );
    expect(failed.previewUrl).toBeNull();
    expect(failed.imageUrl).toBeNull();
  });
});

describe('task controls on upstream tasks', () => {
  it('cancel stops the task at the upstream (C# line, admin token)', async () => {
    const { user, id } = await channel();
    fake.set({ hold: true });
    const taskId = await submit(user, id, 'imagine', { prompt: 'never mind' });
    await waitFor(user, taskId, () => [...fake.tasks.values()].some((t) => t.state === taskId));
    expect((await call(user, 'POST', `/api/mj/task/${taskId}/cancel`)).json()).toMatchObject({
      success: true,
      data: { status: 'CANCEL' },
    });
    await waitFor(user, taskId, () => upstreamOf(taskId).status === 'FAILURE');
    expect(fake.requests.some((r) => r.path === `/mj/task/${upstreamOf(taskId).id}/cancel`)).toBe(true);
  });

  it('a cancel while the submit’s answer is on its way still stops the job at the upstream', async () => {
    const { user, id } = await channel();
    // The upstream makes the job at once, its answer (naming the job) arrives 600 ms later.
    fake.set({ hold: true, submitAnswerDelayMs: 600 });
    const taskId = await submit(user, id, 'imagine', { prompt: 'changed my mind' });
    await waitFor(user, taskId, () => [...fake.tasks.values()].some((t) => t.state === taskId));
    expect((await call(user, 'POST', `/api/mj/task/${taskId}/cancel`)).json()).toMatchObject({
      data: { status: 'CANCEL' },
    });
    await waitFor(user, taskId, () => upstreamOf(taskId).status === 'FAILURE');
    expect(fake.requests.some((r) => r.path === `/mj/task/${upstreamOf(taskId).id}/cancel`)).toBe(true);
    expect(await data(call(user, 'GET', `/api/mj/task/${taskId}/fetch`))).toMatchObject({ status: 'CANCEL' });
  });

  it('reads the seed of a finished task from the upstream once (when the Task does not carry it)', async () => {
    const { user, id } = await channel();
    const done = await imagineDone(user, id, 'java seed --fast');
    const seed = await data(call(user, 'GET', `/api/mj/task/${done.id}/image-seed`));
    expect(seed).toEqual({ seed: expect.stringMatching(/^\d+$/) });
    const asked = fake.requests.filter((r) => r.path.endsWith('/image-seed')).length;
    expect(await data(call(user, 'GET', `/api/mj/task/${done.id}/image-seed`))).toEqual(seed);
    expect(fake.requests.filter((r) => r.path.endsWith('/image-seed'))).toHaveLength(asked);
  });
});
