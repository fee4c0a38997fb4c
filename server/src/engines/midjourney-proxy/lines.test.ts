import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/support/harness';
import type { Billing } from '../../features/tasks/billing';
import { Tasks } from '../../features/tasks/repository';
import { FAKE_SECRET, startAppOnFake } from '../../../test/fakes/midjourney-proxy/harness';
import { FakeLine, startFakeMjProxy, type FakeMjProxy } from '../../../test/fakes/midjourney-proxy/server';
import { upstreamTestkit } from '../../../test/fakes/midjourney-proxy/testkit';
import type { MidjourneyProxyEngine } from './engine';

/**
 * Our engine against each midjourney-proxy line as its sources show it, over real HTTP: what the
 * line offers works, what it does not is never shown, and its own ways of saying no read right.
 */

type Session = Awaited<ReturnType<TestApp['signIn']>>;

function suiteOn(line: FakeLine) {
  const env = {} as { app: TestApp; origin: string; fake: FakeMjProxy };
  let me: Session;
  beforeAll(async () => {
    env.fake = await startFakeMjProxy({ secret: FAKE_SECRET, line });
    ({ app: env.app, origin: env.origin } = await startAppOnFake(env.fake));
    me = await env.app.signIn();
  });
  afterAll(async () => {
    await env.app.close();
    await env.fake.stop();
  });
  beforeEach(() => env.fake.reset(line));
  const kit = upstreamTestkit(() => env);
  const billing = () => (env.app.services.runner as unknown as { deps: { billing: Billing } }).deps.billing;
  return { env, kit, user: () => me, billing };
}

describe('the Java line (novicezk v2.6.3)', () => {
  const { env, kit, user, billing } = suiteOn(FakeLine.Java);
  const { call, data, submit, finished, imagineDone, upstreamOf } = kit;

  it('is recognised at start, and grids get U1–U4, 🔄 and V1–V4 that go through /mj/submit/change', async () => {
    // Learnt by the start's own probe, in the background: waitFor's default second was too short
    // on a busy machine.
    await vi.waitFor(
      () => expect((env.app.services.engine as MidjourneyProxyEngine).upstreamLine).toBe('java'),
      { timeout: 10_000 },
    );
    const id = await kit.channel(user());
    const grid = await imagineDone(user(), id, 'a lighthouse --turbo');
    // The Java line has no /mj-turbo/… routes: one 404, then the plain route (the prompt keeps --turbo).
    expect(env.fake.submits('imagine').map((r) => r.speed)).toEqual(['turbo', null]);
    expect(grid.buttons.map((b) => b.label || b.emoji)).toEqual([
      'U1',
      'U2',
      'U3',
      'U4',
      '🔄',
      'V1',
      'V2',
      'V3',
      'V4',
    ]);

    const u2 = await finished(
      user(),
      await submit(user(), id, 'action', { taskId: grid.id, customId: grid.buttons[1]!.customId }),
    );
    expect(env.fake.submits('change').at(-1)!.body).toMatchObject({
      taskId: upstreamOf(grid.id).id,
      action: 'UPSCALE',
      index: 2,
    });
    expect(u2).toMatchObject({ action: 'UPSCALE', imageUrl: expect.stringMatching(/^\/files\//) });
    // It cannot change an upscale: no Vary, Zoom, Pan or Upscale (Subtle) is shown for it.
    expect(u2.buttons).toEqual([]);

    const v3 = await finished(
      user(),
      await submit(user(), id, 'action', { taskId: grid.id, customId: grid.buttons[7]!.customId }),
    );
    expect(env.fake.submits('change').at(-1)!.body).toMatchObject({ action: 'VARIATION', index: 3 });
    expect(v3.buttons).toHaveLength(9);
    await finished(
      user(),
      await submit(user(), id, 'action', { taskId: v3.id, customId: v3.buttons[4]!.customId }),
    );
    expect(env.fake.submits('change').at(-1)!.body).toMatchObject({
      taskId: upstreamOf(v3.id).id,
      action: 'REROLL',
    });
    // Only the line probe (an empty body) may have reached /mj/submit/action, never a button press.
    expect(
      env.fake.requests.some(
        (r) => r.path === '/mj/submit/action' && 'customId' in ((r.body ?? {}) as object),
      ),
    ).toBe(false);
  });

  it('says it does not offer /shorten, charging nothing and asking the upstream nothing', async () => {
    const id = await kit.channel(user());
    const charge = vi.spyOn(billing(), 'charge');
    const res = (
      await call(user(), 'POST', `/api/mj/submit/shorten/${id}`, { prompt: 'an old castle on a hill' })
    ).json();
    expect(res).toMatchObject({
      success: false,
      message: 'This Midjourney service does not offer /shorten.',
    });
    expect(charge).not.toHaveBeenCalled();
    charge.mockRestore();
    expect(env.fake.requests.some((r) => r.path.includes('shorten'))).toBe(false);
  });

  it('describe prompts are imagined by our own buttons; the seed is not offered; cancel just stops following', async () => {
    const id = await kit.channel(user());
    const [image] = await kit.upload(user(), [await kit.png('#20a040')]);
    const described = await finished(user(), await submit(user(), id, 'describe', { imageId: image }));
    expect(described.buttons.map((b) => b.customId)).toEqual([
      'MJ::Job::PicReader::1',
      'MJ::Job::PicReader::2',
      'MJ::Job::PicReader::3',
      'MJ::Job::PicReader::4',
      'MJ::Picread::Retry',
    ]);
    const suggestion = await submit(user(), id, 'action', {
      taskId: described.id,
      customId: 'MJ::Job::PicReader::3',
    });
    await submit(user(), id, 'modal', { taskId: suggestion });
    await finished(user(), suggestion);
    expect(String(env.fake.submits('imagine').at(-1)!.body!.prompt)).toContain('take 3');

    const seed = (await call(user(), 'GET', `/api/mj/task/${suggestion}/image-seed`)).json();
    expect(seed).toMatchObject({
      success: false,
      message: 'This Midjourney service does not offer reading the seed',
    });

    env.fake.set({ hold: true });
    const held = await submit(user(), id, 'imagine', { prompt: 'never mind' });
    await kit.waitFor(user(), held, () => [...env.fake.tasks.values()].some((t) => t.state === held));
    expect((await call(user(), 'POST', `/api/mj/task/${held}/cancel`)).json()).toMatchObject({
      success: true,
      data: { status: 'CANCEL' },
    });
    env.fake.release();
    await new Promise((r) => setTimeout(r, 300));
    expect((await data(call(user(), 'GET', `/api/mj/task/${held}/fetch`))).status).toBe('CANCEL');
    expect(env.fake.requests.some((r) => r.path.endsWith('/cancel'))).toBe(false);
  });

  it('offers no video: the web is told, and an Animate pressed anyway is refused before anything is charged or sent', async () => {
    const info = (await call(null, 'GET', '/api/home/company-info')).json().data;
    expect(info.engineFeatures).toEqual(['describe', 'blend']);
    const id = await kit.channel(user());
    const grid = await imagineDone(user(), id, 'a windmill');
    const u1 = await finished(
      user(),
      await submit(user(), id, 'action', { taskId: grid.id, customId: grid.buttons[0]!.customId }),
    );
    expect(u1.buttons.some((b) => b.customId.includes('animate'))).toBe(false);
    // An Animate button from elsewhere (a task drawn before the engine changed).
    const animate = {
      customId: `MJ::JOB::animate_low::1::${upstreamOf(u1.id).id}::SOLO`,
      emoji: '🎞️',
      label: 'Animate (Low motion)',
    };
    const repo = env.app.storage.collection(Tasks);
    await repo.updateOne({ _id: u1.id }, { $set: { buttons: [animate] } });
    const charge = vi.spyOn(billing(), 'charge');
    const res = (
      await call(user(), 'POST', `/api/mj/submit/action/${id}`, { taskId: u1.id, customId: animate.customId })
    ).json();
    expect(res).toMatchObject({ success: false, message: 'This Midjourney service does not offer Animate.' });
    expect(charge).not.toHaveBeenCalled();
    charge.mockRestore();
    expect(env.fake.requests.some((r) => r.path.includes('video'))).toBe(false);
  });

  it('refuses a banned prompt at submit (24) with the word, refunded', async () => {
    const id = await kit.channel(user());
    env.fake.set({ bannedWords: ['gore'] });
    const failed = await finished(
      user(),
      await submit(user(), id, 'imagine', { prompt: 'gore everywhere' }),
      'FAILURE',
    );
    expect(failed.failReason).toBe(
      'Midjourney refused the prompt: "gore" is not allowed. Your credits were refunded.',
    );
  });
});

describe('the C# line (trueai-org 11.10)', () => {
  const { env, kit, user } = suiteOn(FakeLine.CSharp);
  const { call, submit, finished, imagineDone, upstreamOf, waitFor } = kit;

  it('shows every button of an upscale, Upscale (Subtle/Creative) included, and each one works', async () => {
    const id = await kit.channel(user());
    const grid = await imagineDone(user(), id, 'a red fox');
    const upscaled = await finished(
      user(),
      await submit(user(), id, 'action', { taskId: grid.id, customId: grid.buttons[0]!.customId }),
    );
    const sent = upstreamOf(upscaled.id).buttons.map((b) => b.customId);
    // The upstream's buttons as it sent them, then the action table's own (Retexture).
    expect(upscaled.buttons.map((b) => b.customId)).toEqual([
      ...sent,
      `MJ::Editor::retexture::${upstreamOf(upscaled.id).id}`,
    ]);
    expect(upscaled.buttons.filter((b) => b.emoji === 'upscale_1').map((b) => b.label)).toEqual([
      'Upscale (Subtle)',
      'Upscale (Creative)',
    ]);
    const creative = upscaled.buttons.find((b) => b.label === 'Upscale (Creative)')!;
    const hd = await finished(
      user(),
      await submit(user(), id, 'action', { taskId: upscaled.id, customId: creative.customId }),
    );
    expect(hd.buttons.some((b) => b.emoji === 'upscale_1')).toBe(false);
    const zoom = upscaled.buttons.find((b) => b.label === 'Custom Zoom')!;
    expect(zoom.customId).toMatch(/^MJ::CustomZoom::1::/);
    const zoomed = await submit(user(), id, 'action', { taskId: upscaled.id, customId: zoom.customId });
    await submit(user(), id, 'modal', { taskId: zoomed, prompt: 'a red fox --zoom 1.5' });
    await finished(user(), zoomed);

    env.fake.set({ version: '5.2' });
    const v5 = await finished(
      user(),
      await submit(user(), id, 'action', { taskId: grid.id, customId: grid.buttons[1]!.customId }),
    );
    expect(v5.buttons.filter((b) => b.emoji === 'upscale_1').map((b) => b.label)).toEqual([
      'Upscale (2x)',
      'Upscale (4x)',
    ]);
    await finished(
      user(),
      await submit(user(), id, 'action', {
        taskId: v5.id,
        customId: v5.buttons.find((b) => b.label === 'Upscale (4x)')!.customId,
      }),
    );
  });

  it('animates an upscale and extends the clip through /mj/submit/video; clips and posters are copied to our store', async () => {
    env.fake.set({ video: true });
    expect((await call(null, 'GET', '/api/home/company-info')).json().data.engineFeatures).toEqual([
      'shorten',
      'describe',
      'cancel',
      'seed',
      'video',
      'blend',
      'retexture',
    ]);
    const id = await kit.channel(user());
    const grid = await imagineDone(user(), id, 'a paper boat --v 6');
    const upscaled = await finished(
      user(),
      await submit(user(), id, 'action', { taskId: grid.id, customId: grid.buttons[2]!.customId }),
    );
    const animate = upscaled.buttons.find((b) => b.label === 'Animate (High motion)')!;
    // The upstream's own button, as it sent it.
    expect(animate).toEqual(
      expect.objectContaining({
        customId: upstreamOf(upscaled.id).buttons.find((b) => b.label === 'Animate (High motion)')!.customId,
        emoji: '🎞️',
      }),
    );
    const clip = await finished(
      user(),
      await submit(user(), id, 'action', { taskId: upscaled.id, customId: animate.customId }),
    );
    const sent = env.fake.submits('video').at(-1)!.body!;
    expect(sent).toMatchObject({
      prompt: 'a paper boat --v 6',
      motion: 'high',
      batchSize: 1,
      loop: false,
      image: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(sent).not.toHaveProperty('taskId');
    const upstream = upstreamOf(clip.id);
    expect(clip).toMatchObject({
      action: 'VIDEO',
      videoUrl: expect.stringMatching(/^\/files\/[\w-]+\.webp$/),
      imageUrl: expect.stringMatching(/^\/files\/[\w-]+\.png$/),
    });
    const copied = Buffer.from(await (await fetch(`${env.origin}${clip.videoUrl}`)).arrayBuffer());
    expect(copied.equals(env.fake.images.get(new URL(upstream.videoUrl!).pathname)!)).toBe(true);
    const poster = Buffer.from(await (await fetch(`${env.origin}${clip.imageUrl}`)).arrayBuffer());
    expect(poster.equals(env.fake.images.get(new URL(upstream.videoUrls![0]!.thumbnail).pathname)!)).toBe(
      true,
    );
    expect(clip.buttons.map((b) => b.label)).toEqual(['Extend (High motion)', 'Extend (Low motion)']);

    const extended = await finished(
      user(),
      await submit(user(), id, 'action', { taskId: clip.id, customId: clip.buttons[1]!.customId }),
    );
    expect(env.fake.submits('video').at(-1)!.body).toMatchObject({
      action: 'extend',
      taskId: upstream.id,
      index: 0,
      motion: 'low',
      batchSize: 1,
    });
    expect(upstreamOf(extended.id).parentId).toBe(upstream.id);
    expect(extended.videoUrl).toMatch(/\.webp$/);

    // Video switched off at the upstream: its refusal is read, refunded.
    env.fake.set({ video: false });
    const refused = await finished(
      user(),
      await submit(user(), id, 'action', { taskId: upscaled.id, customId: animate.customId }),
      'FAILURE',
    );
    expect(refused.failReason).toContain('视频功能未启用');
  });

  it('an id the upstream does not know (HTTP 204) fails at once as forgotten, not as lost contact', async () => {
    const id = await kit.channel(user());
    env.fake.set({ hold: true });
    const taskId = await submit(user(), id, 'imagine', { prompt: 'forgotten' });
    await waitFor(user(), taskId, () => [...env.fake.tasks.values()].some((t) => t.state === taskId));
    env.fake.forget();
    const failed = await finished(user(), taskId, 'FAILURE');
    expect(failed.failReason).toBe(
      'The Midjourney service no longer knows this task (it was probably restarted). Your credits were refunded.',
    );
    expect(env.fake.requests.filter((r) => r.path.endsWith('/fetch')).length).toBeLessThan(5);
  });

  it('reads its refusals: queue limit, other messages, HTTP 500, no account, banned words at run time', async () => {
    const id = await kit.channel(user());
    const [image] = await kit.upload(user(), [await kit.png('#3050d0')]);
    const reason = async (kind: string, body: object) =>
      (await finished(user(), await submit(user(), id, kind, body), 'FAILURE')).failReason;

    env.fake.set({ refusal: { message: '队列数已达上限', status: 200 } });
    expect(await reason('describe', { imageId: image })).toBe(
      'The Midjourney queue is full. Try again in a few minutes; your credits were refunded.',
    );
    expect(await reason('imagine', { prompt: 'queued out' })).toBe(
      'The Midjourney queue is full. Try again in a few minutes; your credits were refunded.',
    );
    env.fake.set({ refusal: { message: '用户今日绘图次数已达上限', status: 200 } });
    expect(await reason('describe', { imageId: image })).toBe(
      'This site has reached its drawing limit at the Midjourney service (用户今日绘图次数已达上限). Try again later; your credits were refunded.',
    );
    env.fake.set({ refusal: { message: 'State参数过长，最大255字符', status: 200 } });
    expect(await reason('describe', { imageId: image })).toBe(
      'The Midjourney service refused this: State参数过长，最大255字符. Your credits were refunded.',
    );
    env.fake.set({ refusal: { message: 'boom', status: 500 } });
    expect(await reason('describe', { imageId: image })).toMatch(
      /^The Midjourney service cannot be reached \(HTTP 500: 操作失败\)/,
    );
    env.fake.set({ refusal: null, noAccount: true });
    expect(await reason('imagine', { prompt: 'nobody free' })).toMatch(
      /^The Midjourney service has no account free for this right now \(无可用的账号实例\)/,
    );
    env.fake.set({ noAccount: false, bannedWords: ['gore'] });
    expect(await reason('imagine', { prompt: 'gore everywhere' })).toBe(
      'The Midjourney service refused the prompt: it may contain a banned word. Your credits were refunded.',
    );
  });

  it('a cancel the upstream refuses (no admin token: HTTP 400) is told on the task; its own cancel reads as CANCEL', async () => {
    const id = await kit.channel(user());
    env.fake.set({ hold: true, secretRole: 'user' });
    const taskId = await submit(user(), id, 'imagine', { prompt: 'never mind' });
    await waitFor(user(), taskId, () => [...env.fake.tasks.values()].some((t) => t.state === taskId));
    expect((await call(user(), 'POST', `/api/mj/task/${taskId}/cancel`)).json()).toMatchObject({
      success: true,
      data: { status: 'CANCEL' },
    });
    const told = await waitFor(user(), taskId, (t) => Boolean(t.failReason));
    expect(told).toMatchObject({ status: 'CANCEL' });
    expect(told.failReason).toBe(
      'Cancelled here and refunded, but the Midjourney service refused to stop the job (HTTP 400 "演示模式，禁止操作"; cancelling needs its admin token), so it still uses the account\'s quota.',
    );

    // Cancelled at the upstream by its admin: our task ends CANCEL, not FAILURE.
    env.fake.set({ secretRole: 'admin' });
    const other = await submit(user(), id, 'imagine', { prompt: 'stopped over there' });
    await waitFor(user(), other, () => [...env.fake.tasks.values()].some((t) => t.state === other));
    const res = await fetch(`${env.fake.origin}/mj/task/${upstreamOf(other).id}/cancel`, {
      method: 'POST',
      headers: { 'mj-api-secret': FAKE_SECRET },
    });
    expect(res.status).toBe(200);
    const cancelled = await finished(user(), other, 'CANCEL');
    expect(cancelled.failReason).toBe(
      'The task was cancelled at Midjourney (取消任务). Your credits were refunded.',
    );
    expect(cancelled.properties.failure).toEqual({
      code: 'upstream.cancelled',
      params: { reason: '取消任务' },
    });
  });
});
