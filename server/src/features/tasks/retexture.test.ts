import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_PRICES, type ArchivePage, type Task } from '@draw/shared';
import { balanceOf } from '../../../test/support/billing';
import { listen, startTestApp, type TestApp } from '../../../test/support/harness';
import { upstreamSuite } from '../../../test/fakes/midjourney-proxy/harness';
import type { FakeMjProxy } from '../../../test/fakes/midjourney-proxy/server';
import { upstreamTestkit } from '../../../test/fakes/midjourney-proxy/testkit';
import { Users } from '../auth/repository';

/**
 * Midjourney's Retexture, declared once in the action table: `/retexture` (an upload and a prompt)
 * and the Retexture button of an upscale, drawn on the built-in engine and on the C# line
 * (`POST /mj/submit/retexture`), charged its price and filed in the archive under its kind.
 */

type Env = { app: TestApp; origin: string; fake: FakeMjProxy };

function retextureChecks(env: () => Env) {
  const kit = upstreamTestkit(env);
  const { call, data, submit, finished, upload, png, channel } = kit;

  async function archivedAsRetexture(session: Awaited<ReturnType<TestApp['signIn']>>, taskId: string) {
    const page = (await data(call(session, 'GET', '/api/archive?kind=retexture'))) as ArchivePage;
    return page.items.some((item) => item.task.id === taskId);
  }

  return {
    kit,
    async retextureUpload(session: Awaited<ReturnType<TestApp['signIn']>>): Promise<Task> {
      const id = await channel(session);
      const [imageId] = await upload(session, [await png('#3060c0', 128)]);
      const before = await balanceOf(env().app, session.user.id);
      const taskId = await submit(session, id, 'retexture', { imageId, prompt: 'a neon red sunset' });
      const task = await finished(session, taskId);
      expect(task.action).toBe('RETEXTURE');
      expect(task.imageUrl).toMatch(/^\/files\//);
      expect(task.properties.referenceUrls).toEqual([`/files/${imageId}`]);
      expect(await balanceOf(env().app, session.user.id)).toBe(before - TASK_PRICES.RETEXTURE);
      expect(await archivedAsRetexture(session, taskId)).toBe(true);
      return task;
    },
  };
}

describe('Retexture on the built-in engine', () => {
  const env = {} as Env;
  beforeAll(async () => {
    env.app = await startTestApp({ FREE_DAILY_CREDITS: '200' });
    env.origin = await listen(env.app);
  });
  afterAll(async () => {
    await env.app.close();
  });
  const { kit, retextureUpload } = retextureChecks(() => env);

  it('restyles an upload by /retexture: a grid, charged its price, archived as a retexture', async () => {
    const me = await env.app.signIn();
    const task = await retextureUpload(me);
    expect(task.buttons.map((b) => b.label)).toContain('U1');
  });

  it('puts a Retexture button on an upscale that asks for a prompt, then restyles that picture', async () => {
    const me = await env.app.signIn();
    const id = await kit.channel(me);
    const grid = await kit.imagineDone(me, id, 'a lighthouse on a cliff');
    const up = await kit.finished(
      me,
      await kit.submit(me, id, 'action', { taskId: grid.id, customId: grid.buttons[0]!.customId }),
    );
    const button = up.buttons.find((b) => b.label === 'Retexture');
    expect(button?.customId).toMatch(/^MJ::Editor::retexture::/);
    const pressed = await kit.submit(me, id, 'action', { taskId: up.id, customId: button!.customId });
    const waiting = await kit.finished(me, pressed, 'MODAL');
    expect(waiting.status).toBe('MODAL');
    await kit.submit(me, id, 'modal', { taskId: pressed, prompt: 'watercolour, soft pastel' });
    const done = await kit.finished(me, pressed);
    expect(done).toMatchObject({ action: 'RETEXTURE', parentId: up.id, status: 'SUCCESS' });
  });

  it('refuses a banned word in a /retexture prompt before any charge, and in the prompt its button asks for', async () => {
    const admin = await env.app.signIn();
    await env.app.storage.collection(Users).updateOne({ _id: admin.user.id }, { $set: { isAdmin: true } });
    await kit.data(kit.call(admin, 'POST', '/api/admin/banned-words', { word: 'forbiddenthing' }));
    const me = await env.app.signIn();
    const id = await kit.channel(me);
    const [imageId] = await kit.upload(me, [await kit.png('#3060c0', 128)]);
    const before = await balanceOf(env.app, me.user.id);
    const refused = await kit.call(me, 'POST', `/api/mj/submit/retexture/${id}`, {
      imageId,
      prompt: 'a forbiddenthing at dusk',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The prompt contains the banned word “forbiddenthing”');
    expect(await balanceOf(env.app, me.user.id)).toBe(before);

    const grid = await kit.imagineDone(me, id, 'a lighthouse on a cliff');
    const up = await kit.finished(
      me,
      await kit.submit(me, id, 'action', { taskId: grid.id, customId: grid.buttons[0]!.customId }),
    );
    const button = up.buttons.find((b) => b.label === 'Retexture')!;
    const pressed = await kit.submit(me, id, 'action', { taskId: up.id, customId: button.customId });
    await kit.finished(me, pressed, 'MODAL');
    const modal = await kit.call(me, 'POST', `/api/mj/submit/modal/${id}`, {
      taskId: pressed,
      prompt: 'forbiddenthing, watercolour',
    });
    expect(modal.json().message).toBe('The prompt contains the banned word “forbiddenthing”');
    expect((await kit.finished(me, pressed, 'MODAL')).status).toBe('MODAL');
  });
});

describe('Retexture on the C# midjourney-proxy line', () => {
  const suite = upstreamSuite();
  const { kit, retextureUpload } = retextureChecks(() => suite);

  it('sends /mj/submit/retexture the picture and the prompt, and files the result as a retexture', async () => {
    const task = await retextureUpload(suite.me);
    const [sent] = suite.fake.submits('retexture');
    expect(String(sent!.body?.prompt)).toContain('a neon red sunset');
    expect(String(sent!.body?.image)).toMatch(/^data:image\/png;base64,/);
    expect(kit.upstreamOf(task.id)!).toMatchObject({ action: 'RETEXTURE' });
  });
});
