import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baiduTranslator } from './baidu';
import { startFakeBaidu, startFakeOpenAi, type FakeTranslator } from './fakes';
import { openAiTranslator } from './openai';
import { promptTranslator } from './service';

const KEY = 'sk-test-secret-key';
const BAIDU_SECRET = 'baidu-secret-value';
const PROMPT = 'https://example.com/fox.png 一只在雪中的红狐狸::2 {cat, dog} 油画风格 --ar 16:9 --no 汽车 --v 6.1';
const ENGLISH = 'https://example.com/fox.png a red fox in the snow::2 {cat, dog} oil painting style --ar 16:9 --no 汽车 --v 6.1';

function recordingLog() {
  const lines: string[] = [];
  return { lines, log: { warn: (...args: unknown[]) => void lines.push(JSON.stringify(args)) } as never };
}

let openai: FakeTranslator;
let baidu: FakeTranslator;
beforeAll(async () => {
  openai = await startFakeOpenAi(KEY);
  baidu = await startFakeBaidu('app-1', BAIDU_SECRET);
});
afterAll(async () => {
  await openai.stop();
  await baidu.stop();
});
beforeEach(() => {
  for (const fake of [openai, baidu]) {
    fake.mode = 'ok';
    fake.requests.length = 0;
  }
});

describe('the OpenAI-compatible provider', () => {
  const make = (timeoutMs = 2000) => {
    const { lines, log } = recordingLog();
    const translator = promptTranslator({ translator: openAiTranslator({ baseUrl: `${openai.origin}/v1`, apiKey: KEY, model: 'deepseek-chat' }), timeoutMs, cacheEntries: 100, log });
    return { translator, lines };
  };

  it('translates the Chinese and leaves the URL, weights, permutation and parameters as typed', async () => {
    const { translator } = make();
    expect(await translator.translatePrompt(PROMPT)).toEqual({ promptEn: ENGLISH, translated: true, failed: false });
    expect(openai.requests.map((r) => (r.body.messages as { role: string; content: string }[])[1]!.content).sort()).toEqual(['一只在雪中的红狐狸', '油画风格']);
    expect(openai.requests[0]!.body.model).toBe('deepseek-chat');
    expect(openai.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('asks once for the same text (cached)', async () => {
    const { translator } = make();
    await translator.translatePrompt('油画风格 --ar 1:1');
    const second = await translator.translatePrompt('油画风格 --ar 2:3');
    expect(second.promptEn).toBe('oil painting style --ar 2:3');
    expect(openai.requests).toHaveLength(1);
  });

  it('sends an English prompt without asking anyone', async () => {
    const { translator } = make();
    expect(await translator.translatePrompt('a fox --ar 1:1')).toEqual({ promptEn: 'a fox --ar 1:1', translated: false, failed: false });
    expect(openai.requests).toHaveLength(0);
  });

  it('a failing service gives back the prompt as typed, flagged, and the key stays out of the log', async () => {
    openai.mode = 'fail';
    const { translator, lines } = make();
    expect(await translator.translatePrompt('蓝色的海 --ar 1:1')).toEqual({ promptEn: '蓝色的海 --ar 1:1', translated: false, failed: true });
    expect(lines.join('\n')).toContain('HTTP 500');
    expect(lines.join('\n')).not.toContain(KEY);
  });

  it('a service that does not answer in time gives back the prompt as typed', async () => {
    openai.mode = 'hang';
    const { translator, lines } = make(200);
    expect(await translator.translatePrompt('狗')).toEqual({ promptEn: '狗', translated: false, failed: true });
    expect(lines.join('\n')).toContain('no answer within 200 ms');
  });

  it('a refused key is a failure, not an answer', async () => {
    const { log } = recordingLog();
    const translator = promptTranslator({ translator: openAiTranslator({ baseUrl: `${openai.origin}/v1`, apiKey: 'wrong', model: 'm' }), timeoutMs: 2000, cacheEntries: 10, log });
    expect((await translator.translatePrompt('猫')).failed).toBe(true);
  });
});

describe('the Baidu provider', () => {
  const make = (secret = BAIDU_SECRET) => {
    const { lines, log } = recordingLog();
    const translator = promptTranslator({ translator: baiduTranslator({ appId: 'app-1', secret, url: `${baidu.origin}/api/trans/vip/translate` }), timeoutMs: 2000, cacheEntries: 100, log });
    return { translator, lines };
  };

  it('signs each request as Baidu checks it and translates only the Chinese', async () => {
    const { translator } = make();
    expect((await translator.translatePrompt(PROMPT)).promptEn).toBe(ENGLISH);
    expect(baidu.requests.map((r) => r.body.q).sort()).toEqual(['一只在雪中的红狐狸', '油画风格']);
    for (const r of baidu.requests) expect(r.body).toMatchObject({ from: 'auto', to: 'en', appid: 'app-1' });
    expect(JSON.stringify(baidu.requests)).not.toContain(BAIDU_SECRET);
  });

  it('a wrong secret (Baidu refuses the sign) sends the prompt as typed and logs no secret', async () => {
    const { translator, lines } = make('not-the-secret');
    expect(await translator.translatePrompt('猫 --ar 1:1')).toEqual({ promptEn: '猫 --ar 1:1', translated: false, failed: true });
    expect(lines.join('\n')).toContain('54001');
    expect(lines.join('\n')).not.toContain('not-the-secret');
  });
});

describe('no provider', () => {
  it('sends prompts as written', async () => {
    const translator = promptTranslator({ translator: null, timeoutMs: 1000, cacheEntries: 10, log: recordingLog().log });
    expect(await translator.translatePrompt('猫 --ar 1:1')).toEqual({ promptEn: '猫 --ar 1:1', translated: false, failed: false });
  });
});
