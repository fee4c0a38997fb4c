import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EngineFeature,
  TaskAction,
  TaskStatus,
  type ChannelEvent,
  type EngineInfo,
  type Task,
} from '@draw/shared';
import { startTestApp, type TestApp } from '../../../test/support/harness';
import { StandInEngine } from '../../../test/support/stand-in-engine';
import { balanceOf } from '../../../test/support/billing';
import { TASK_PRICES } from '../billing/prices';
import { Tasks } from './repository';

/**
 * Two engines at once: the built-in engine (the site's default) and a stand-in under ComfyUI's
 * name that draws like it, lacks /describe, and has prices of its own.
 */

const ALLOWANCE = 200;
const COMFY_PRICES = { [TaskAction.Imagine]: 5, [TaskAction.Upscale]: 3 };
const env = {
  FREE_DAILY_CREDITS: String(ALLOWANCE),
  IMAGE_ENGINES: 'builtin,comfyui',
  COMFYUI_URL: 'http://gpu-box:8188',
  COMFYUI_CHECKPOINT: 'sd_xl_base_1.0.safetensors',
  ENGINE_PRICES: JSON.stringify({ comfyui: COMFY_PRICES }),
};

type Session = Awaited<ReturnType<TestApp['signIn']>>;
type Language = 'en-US' | 'zh-CN' | 'zh-TW';
let app: TestApp;
let comfy: StandInEngine;

const call = (
  session: Session | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  language: Language = 'en-US',
) =>
  app.http.inject({
    method,
    url,
    payload,
    headers: { ...(session?.auth ?? {}), 'accept-language': language },
  });
const tasksOf = () => app.storage.collection(Tasks);

async function drawer() {
  const session = await app.signIn();
  const { id } = (await call(session, 'POST', '/api/draw/channel', { title: 'engines', isBan: false })).json()
    .data as { id: string };
  const submit = async (kind: string, body: object, channelId = id): Promise<string> => {
    const res = (await call(session, 'POST', `/api/mj/submit/${kind}/${channelId}`, body)).json();
    if (!res.success) throw new Error(res.message);
    return res.data.taskId as string;
  };
  const ended = async (taskId: string): Promise<Task> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const task = (await call(session, 'GET', `/api/mj/task/${taskId}/fetch`)).json().data as Task;
      if ([TaskStatus.Success, TaskStatus.Failure, TaskStatus.Cancel].includes(task.status as never))
        return task;
      if (Date.now() > deadline) throw new Error(`task ${taskId} is ${task.status}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { session, userId: session.user.id, channelId: id, submit, ended };
}

beforeAll(async () => {
  comfy = new StandInEngine('comfyui', 'ComfyUI', { lacks: [EngineFeature.Describe, EngineFeature.Video] });
  app = await startTestApp(env, { engines: [comfy] });
});
afterAll(() => app.close());

describe('several engines at once', () => {
  it('lists the enabled engines: names, what each offers, the default, availability and prices', async () => {
    const ann = await app.signIn();
    expect((await call(null, 'GET', '/api/draw/engines')).statusCode).toBe(401);
    const { engines } = (await call(ann, 'GET', '/api/draw/engines')).json().data as {
      engines: EngineInfo[];
    };
    expect(engines.map((e) => [e.id, e.name, e.isDefault, e.available])).toEqual([
      ['builtin', 'Built-in sketch engine', true, true],
      ['comfyui', 'ComfyUI', false, true],
    ]);
    expect(engines[0]!.features).toContain(EngineFeature.Describe);
    expect(engines[1]!.features).not.toContain(EngineFeature.Describe);
    expect(engines[0]!.prices).toEqual(TASK_PRICES);
    expect(engines[1]!.prices).toEqual({ ...TASK_PRICES, ...COMFY_PRICES });

    // An engine that stops answering stays listed, unavailable, once the background probe has seen it.
    comfy.up = false;
    await app.services.engines.probe();
    const after = (await call(ann, 'GET', '/api/draw/engines')).json().data as { engines: EngineInfo[] };
    expect(after.engines.find((e) => e.id === 'comfyui')).toMatchObject({ available: false });
    comfy.up = true;
    await app.services.engines.probe();
  });

  it('draws a task on the engine the body names, charging that engine’s price, and refunds what it charged', async () => {
    const ann = await drawer();
    const drawn = await ann.submit('imagine', { prompt: 'a fox', engine: 'comfyui' });
    const task = await ann.ended(drawn);
    expect(task).toMatchObject({ status: TaskStatus.Success, engine: 'comfyui' });
    expect(comfy.runs).toContain(drawn);
    // Midjourney's parameters from the settings (`--v 6.1 --fast`) are neither sent nor shown there.
    expect(task.finalPrompt).toBe('a fox');
    expect((await tasksOf().findOne({ _id: drawn }))?.job).toMatchObject({ prompt: 'a fox' });
    expect(await balanceOf(app, ann.userId)).toBe(ALLOWANCE - COMFY_PRICES.IMAGINE);

    // Without a choice, the site's default draws at the site's price.
    const plain = await ann.ended(await ann.submit('imagine', { prompt: 'a hare' }));
    expect(plain).toMatchObject({ engine: 'builtin', finalPrompt: 'a hare --v 6.1 --fast' });
    expect(comfy.runs).not.toContain(plain.id);
    expect(await balanceOf(app, ann.userId)).toBe(ALLOWANCE - COMFY_PRICES.IMAGINE - TASK_PRICES.IMAGINE);

    const refused = await ann.ended(
      await ann.submit('imagine', { prompt: 'please refuse', engine: 'comfyui' }),
    );
    expect(refused.status).toBe(TaskStatus.Failure);
    // The refund follows the failure's event (it is given only once the failure is stored).
    await expect
      .poll(() => balanceOf(app, ann.userId))
      .toBe(ALLOWANCE - COMFY_PRICES.IMAGINE - TASK_PRICES.IMAGINE);
  });

  it('uses the channel’s default when the body names none, and sends an action to its parent’s engine whatever the default is now', async () => {
    const ann = await drawer();
    const events: ChannelEvent[] = [];
    app.services.hub.observe((event) => void (event.channelId === ann.channelId && events.push(event)));
    const set = await call(ann.session, 'PUT', `/api/draw/channel/${ann.channelId}`, {
      title: 'engines',
      isBan: false,
      engine: 'comfyui',
    });
    expect(set.json().data).toMatchObject({ engine: 'comfyui' });
    expect(events.find((e) => e.type === 'channel.updated')?.data).toMatchObject({ engine: 'comfyui' });

    const parent = await ann.ended(await ann.submit('imagine', { prompt: 'a lighthouse' }));
    expect(parent.engine).toBe('comfyui');

    // A rename that says nothing of the engine keeps it; null goes back to the site's default.
    await call(ann.session, 'PUT', `/api/draw/channel/${ann.channelId}`, { title: 'renamed', isBan: false });
    expect((await call(ann.session, 'GET', `/api/draw/channel/${ann.channelId}`)).json().data).toMatchObject({
      engine: 'comfyui',
    });
    await call(ann.session, 'PUT', `/api/draw/channel/${ann.channelId}`, {
      title: 'renamed',
      isBan: false,
      engine: null,
    });
    expect((await call(ann.session, 'GET', `/api/draw/channel/${ann.channelId}`)).json().data).toMatchObject({
      engine: null,
    });

    const before = await balanceOf(app, ann.userId);
    const u1 = parent.buttons.find((b) => b.label === 'U1')!;
    const upscaled = await ann.ended(
      await ann.submit('action', { taskId: parent.id, customId: u1.customId }),
    );
    expect(upscaled).toMatchObject({ status: TaskStatus.Success, engine: 'comfyui' });
    expect(comfy.runs).toContain(upscaled.id);
    expect(await balanceOf(app, ann.userId)).toBe(before - COMFY_PRICES.UPSCALE);
    expect((await ann.ended(await ann.submit('imagine', { prompt: 'a boat' }))).engine).toBe('builtin');
  });

  it('lets only the creator set the channel’s engine, and only to an enabled one', async () => {
    const ann = await drawer();
    const bob = await app.signIn();
    const refused = await call(ann.session, 'PUT', `/api/draw/channel/${ann.channelId}`, {
      title: 'engines',
      isBan: false,
      engine: 'openai-images',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'The drawing engine openai-images is not enabled on this site (enabled: builtin, comfyui).',
    );
    const created = await call(ann.session, 'POST', '/api/draw/channel', {
      title: 'made on comfy',
      isBan: false,
      engine: 'comfyui',
    });
    expect(created.json().data).toMatchObject({ engine: 'comfyui' });
    const notCreator = await call(bob, 'PUT', `/api/draw/channel/${ann.channelId}`, {
      title: 'mine',
      isBan: false,
      engine: 'comfyui',
    });
    expect(notCreator.json().success).toBe(false);
    expect((await call(ann.session, 'GET', `/api/draw/channel/${ann.channelId}`)).json().data).toMatchObject({
      engine: null,
      title: 'engines',
    });
  });

  it('refuses an engine that is not enabled, or does not offer the command, in every language, charging and storing nothing', async () => {
    const ann = await drawer();
    const stored = await tasksOf().count({ userId: ann.userId });
    const balance = await balanceOf(app, ann.userId);
    const words: Record<Language, string> = {
      'en-US': 'The drawing engine openai-images is not enabled on this site (enabled: builtin, comfyui).',
      'zh-CN': '本站未启用绘图引擎 openai-images（已启用：builtin, comfyui）。',
      'zh-TW': '本站未啟用繪圖引擎 openai-images（已啟用：builtin, comfyui）。',
    };
    for (const [language, message] of Object.entries(words) as [Language, string][]) {
      const res = await call(
        ann.session,
        'POST',
        `/api/mj/submit/imagine/${ann.channelId}`,
        { prompt: 'a fox', engine: 'openai-images' },
        language,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
    const unknown = await call(ann.session, 'POST', `/api/mj/submit/imagine/${ann.channelId}`, {
      prompt: 'a fox',
      engine: 'dall-e',
    });
    expect(unknown.statusCode).toBe(400);
    // A command the engine lacks: named with the engine, in the reader's language, before any charge.
    const lacks: Record<Language, string> = {
      'en-US': 'The drawing engine ComfyUI does not offer /describe; nothing was charged.',
      'zh-CN': '绘图引擎 ComfyUI 不提供 /describe，未扣积分。',
      'zh-TW': '繪圖引擎 ComfyUI 不提供 /describe，未扣點數。',
    };
    for (const [language, message] of Object.entries(lacks) as [Language, string][]) {
      const describe = await call(
        ann.session,
        'POST',
        `/api/mj/submit/describe/${ann.channelId}`,
        { imageId: 'any.png', engine: 'comfyui' },
        language,
      );
      expect(describe.statusCode).toBe(400);
      expect(describe.json()).toMatchObject({ success: false, message });
    }
    expect(await tasksOf().count({ userId: ann.userId })).toBe(stored);
    expect(await balanceOf(app, ann.userId)).toBe(balance);
  });
});

describe('slots per engine', () => {
  it('a held engine keeps only its own slots: the other engine’s tasks go on', async () => {
    const dataDir = app.config.DATA_DIR;
    await app.close();
    comfy = new StandInEngine('comfyui', 'ComfyUI');
    app = await startTestApp({ ...env, DATA_DIR: dataDir, ENGINE_CONCURRENCY: '1' }, { engines: [comfy] });
    const ann = await drawer();
    comfy.hold();
    const slow = await ann.submit('imagine', { prompt: 'a slow fox', engine: 'comfyui' });
    const waiting = await ann.submit('imagine', { prompt: 'a second slow fox', engine: 'comfyui' });
    const quick = await ann.ended(await ann.submit('imagine', { prompt: 'a quick hare' }));
    expect(quick).toMatchObject({ status: TaskStatus.Success, engine: 'builtin' });
    expect(comfy.runs).toEqual([slow]);
    comfy.release();
    expect((await ann.ended(waiting)).status).toBe(TaskStatus.Success);
    expect(comfy.runs).toEqual([slow, waiting]);
  });
});

describe('a restart', () => {
  it('resumes a task on its own engine', async () => {
    const ann = await drawer();
    comfy.hold();
    const held = await ann.submit('imagine', { prompt: 'a slow fox', engine: 'comfyui' });
    const deadline = Date.now() + 10_000;
    while (!comfy.runs.includes(held) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(comfy.runs).toContain(held);

    const dataDir = app.config.DATA_DIR;
    await app.close();
    comfy.release();
    comfy = new StandInEngine('comfyui', 'ComfyUI');
    app = await startTestApp({ ...env, DATA_DIR: dataDir }, { engines: [comfy] });
    const task = await (await reSignedIn(ann.session)).ended(held);
    expect(task).toMatchObject({ status: TaskStatus.Success, engine: 'comfyui' });
    expect(comfy.runs).toEqual([held]);
  });
});

/** The same person after a restart (their session is in the store). */
async function reSignedIn(session: Session) {
  return {
    ended: async (taskId: string): Promise<Task> => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const task = (await call(session, 'GET', `/api/mj/task/${taskId}/fetch`)).json().data as Task;
        if (task.status === TaskStatus.Success || task.status === TaskStatus.Failure) return task;
        if (Date.now() > deadline) throw new Error(`task ${taskId} is ${task.status}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
