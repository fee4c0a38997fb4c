import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { upstreamSuite } from '../../../test/fakes/midjourney-proxy/harness';
import { upstreamTestkit } from '../../../test/fakes/midjourney-proxy/testkit';
import { startFakeOpenAi, type FakeTranslator } from '../../../test/fakes/translators';

/**
 * Chinese prompts through the whole server to a suite.fake midjourney-proxy (C# line), translated by a
 * suite.fake OpenAI-compatible service: what the upstream received is what counts.
 */
const KEY = 'sk-upstream-test';
let openai: FakeTranslator;
beforeAll(async () => {
  openai = await startFakeOpenAi(KEY);
});
afterAll(async () => {
  await openai.stop();
});
beforeEach(() => {
  openai.mode = 'ok';
  openai.requests.length = 0;
});
const suite = upstreamSuite(() => ({
  TRANSLATE_PROVIDER: 'openai',
  TRANSLATE_API_URL: `${openai.origin}/v1`,
  TRANSLATE_API_KEY: KEY,
  TRANSLATE_MODEL: 'qwen-plus',
  TRANSLATE_TIMEOUT_MS: '1000',
}));

const kit = upstreamTestkit(() => suite);
const { call, data, finished, submit, upstreamOf } = kit;

const PROMPT =
  'https://example.com/fox.png 一只在雪中的红狐狸::2 {cat, dog} 油画风格 --ar 16:9 --chaos 20 --no 汽车';
const ENGLISH =
  'https://example.com/fox.png a red fox in the snow::2 {cat, dog} oil painting style --ar 16:9 --chaos 20 --no 汽车';

describe('Chinese prompts reach Midjourney in English', () => {
  it('the site says it translates prompts (the settings promise it only then)', async () => {
    const info = (await call(suite.me, 'GET', '/api/home/company-info')).json();
    expect(info.data).toMatchObject({ translatesPrompts: true });
  });

  it('imagine: the upstream gets English text with the URL and every parameter untouched; the task keeps both', async () => {
    const channelId = await kit.channel(suite.me);
    const task = await finished(suite.me, await submit(suite.me, channelId, 'imagine', { prompt: PROMPT }));
    const sent = String(suite.fake.submits('imagine').at(-1)!.body!.prompt);
    expect(sent.startsWith(ENGLISH)).toBe(true);
    expect(sent).not.toMatch(/[狐狸油画]/u);
    expect(task).toMatchObject({ prompt: PROMPT, promptEn: ENGLISH });
    expect(task.finalPrompt.startsWith(ENGLISH)).toBe(true);
    expect(task.properties.translationFailed).toBeUndefined();
  });

  it('a failing translator leaves the task running with the prompt as typed, and says so', async () => {
    openai.mode = 'fail';
    const channelId = await kit.channel(suite.me);
    const task = await finished(
      suite.me,
      await submit(suite.me, channelId, 'imagine', { prompt: '蓝色的海 --ar 1:1' }),
    );
    expect(String(suite.fake.submits('imagine').at(-1)!.body!.prompt).startsWith('蓝色的海 --ar 1:1')).toBe(
      true,
    );
    expect(task).toMatchObject({
      status: 'SUCCESS',
      prompt: '蓝色的海 --ar 1:1',
      promptEn: '蓝色的海 --ar 1:1',
      properties: { translationFailed: true },
    });
  });

  it('the preview shows the English, and English the person edited goes as they wrote it', async () => {
    const preview = (await call(suite.me, 'POST', '/api/mj/translate', { prompt: '猫 --ar 2:3' })).json();
    expect(preview).toMatchObject({
      success: true,
      data: { promptEn: 'cat --ar 2:3', translated: true, failed: false, provider: 'openai' },
    });
    const bad = (await call(suite.me, 'POST', '/api/mj/translate', { prompt: '   ' })).json();
    expect(bad).toMatchObject({ success: false, reason: 'bad_request' });

    const channelId = await kit.channel(suite.me);
    openai.requests.length = 0;
    const task = await finished(
      suite.me,
      await submit(suite.me, channelId, 'imagine', {
        prompt: '猫 --ar 2:3',
        promptEn: 'a tabby cat --ar 2:3',
      }),
    );
    expect(
      String(suite.fake.submits('imagine').at(-1)!.body!.prompt).startsWith('a tabby cat --ar 2:3'),
    ).toBe(true);
    expect(task).toMatchObject({ prompt: '猫 --ar 2:3', promptEn: 'a tabby cat --ar 2:3' });
    expect(openai.requests).toHaveLength(0);
  });

  it('vary region: a Chinese prompt in the modal reaches the upstream modal in English', async () => {
    const channelId = await kit.channel(suite.me);
    const grid = await finished(
      suite.me,
      await submit(suite.me, channelId, 'imagine', { prompt: '狗 --ar 1:1' }),
    );
    const upscaleId = await submit(suite.me, channelId, 'action', {
      taskId: grid.id,
      customId: grid.buttons.find((b) => b.label === 'U1')!.customId,
    });
    const upscaled = await finished(suite.me, upscaleId);
    expect(upscaled).toMatchObject({ prompt: '狗 --ar 1:1', promptEn: 'dog --ar 1:1' });
    const region = upscaled.buttons.find((b) => b.customId.startsWith('MJ::Inpaint'))!;
    const regionId = await submit(suite.me, channelId, 'action', {
      taskId: upscaleId,
      customId: region.customId,
    });
    await submit(suite.me, channelId, 'modal', {
      taskId: regionId,
      prompt: '猫',
      maskImageId: await kit.uploadMask(suite.me, 256),
    });
    const done = await finished(suite.me, regionId);
    expect(done).toMatchObject({ prompt: '猫', promptEn: 'cat' });
    expect(String(suite.fake.submits('modal').at(-1)!.body!.prompt).startsWith('cat')).toBe(true);
    expect(upstreamOf(regionId).prompt).not.toContain('猫');
  });

  it('remix: the new Chinese prompt of a variation goes in English', async () => {
    const channelId = await kit.channel(suite.me);
    expect(
      (await call(suite.me, 'PUT', '/api/draw/settings/option', { name: 'remix', value: true })).json()
        .success,
    ).toBe(true);
    suite.fake.set({ remix: true });
    try {
      const grid = await finished(suite.me, await submit(suite.me, channelId, 'imagine', { prompt: '狗' }));
      const variationId = await submit(suite.me, channelId, 'action', {
        taskId: grid.id,
        customId: grid.buttons.find((b) => b.label === 'V1')!.customId,
      });
      await submit(suite.me, channelId, 'modal', { taskId: variationId, prompt: '蓝色的海' });
      const varied = await finished(suite.me, variationId);
      expect(varied).toMatchObject({ prompt: '蓝色的海', promptEn: 'blue sea' });
      expect(String(suite.fake.submits('modal').at(-1)!.body!.prompt)).toContain('blue sea');
    } finally {
      await call(suite.me, 'PUT', '/api/draw/settings/option', { name: 'remix', value: false });
    }
  });

  it('describe: a suggestion the person rewrote in Chinese is imagined in English', async () => {
    const channelId = await kit.channel(suite.me);
    const [image] = await kit.upload(suite.me, [await kit.png('#d01010')]);
    const described = await finished(
      suite.me,
      await submit(suite.me, channelId, 'describe', { imageId: image }),
    );
    const pickId = await submit(suite.me, channelId, 'action', {
      taskId: described.id,
      customId: 'MJ::Job::PicReader::1',
    });
    expect((await data(call(suite.me, 'GET', `/api/mj/task/${pickId}/fetch`))).status).toBe('MODAL');
    await submit(suite.me, channelId, 'modal', { taskId: pickId, prompt: '油画风格 --ar 1:1' });
    const drawn = await finished(suite.me, pickId);
    expect(drawn).toMatchObject({ prompt: '油画风格 --ar 1:1', promptEn: 'oil painting style --ar 1:1' });
    expect(
      String(suite.fake.submits('imagine').at(-1)!.body!.prompt).startsWith('oil painting style --ar 1:1'),
    ).toBe(true);
  });
});
