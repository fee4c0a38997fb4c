import { Limits, writtenParameters } from '@draw/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baiduTranslator } from './baidu';
import {
  HOSTILE_ANSWERS,
  openAiPieces,
  startFakeBaidu,
  startFakeOpenAi,
  type FakeTranslator,
} from '../../../test/fakes/translators';
import { answerTokenBudget, openAiTranslator } from './openai';
import { protectedSpans } from './segments';
import type { Translator } from './port';
import { promptTranslator, type TranslateServiceOptions } from './service';

const KEY = 'sk-test-secret-key';
const BAIDU_SECRET = 'baidu-secret-value';
const PROMPT =
  'https://example.com/fox.png 一只在雪中的红狐狸::2 {cat, dog} 油画风格 --ar 16:9 --no 汽车 --v 6.1';
const ENGLISH =
  'https://example.com/fox.png a red fox in the snow::2 {cat, dog} oil painting style --ar 16:9 --no 汽车 --v 6.1';
const FOX = '一只在雪中的红狐狸 --ar 1:1';

/** A prompt of `count` distinct Chinese pieces, each weighted (`猫3号::1 狗3号::1 …`). */
const WORDS = ['猫', '狗', '鸟', '鱼', '马', '牛', '羊', '猪', '鸡', '鸭', '鹅', '兔'];
const piecesPrompt = (tag: number, count = 12) =>
  `${WORDS.slice(0, count)
    .map((w) => `${w}${tag}号::1`)
    .join(' ')} --ar 1:1`;

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
  openai.reset();
  baidu.reset();
});

const openAiAt = (baseUrl: string, fetchImpl?: typeof fetch) =>
  openAiTranslator({
    baseUrl,
    apiKey: KEY,
    model: 'deepseek-chat',
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
const makeOpenAi = (options: Partial<TranslateServiceOptions> = {}) => {
  const { lines, log } = recordingLog();
  const translator = promptTranslator({
    translator: openAiAt(`${openai.origin}/v1`),
    timeoutMs: 2000,
    log,
    ...options,
  });
  return { translator, lines };
};
const asTyped = (prompt: string) => ({ promptEn: prompt, translated: false, failed: true });

describe('the OpenAI-compatible provider', () => {
  it('translates the Chinese in one call and leaves the URL, weights, permutation and parameters as typed', async () => {
    const { translator } = makeOpenAi();
    expect(await translator.translatePrompt(PROMPT)).toEqual({
      promptEn: ENGLISH,
      translated: true,
      failed: false,
    });
    expect(openai.requests).toHaveLength(1);
    expect(openAiPieces(openai.requests[0]!.body)).toEqual(['一只在雪中的红狐狸', '油画风格']);
    expect(openai.requests[0]!.body.model).toBe('deepseek-chat');
    expect(openai.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('caps the answer in tokens by what was sent: max_tokens, or max_completion_tokens where OpenAI itself answers', async () => {
    const { translator } = makeOpenAi();
    await translator.translatePrompt(PROMPT);
    const budget = answerTokenBudget(['一只在雪中的红狐狸', '油画风格']);
    expect(openai.requests[0]!.body).toMatchObject({ max_tokens: budget });
    expect(budget).toBeLessThan(100);

    const toFake: typeof fetch = (_url, init) => fetch(`${openai.origin}/v1/chat/completions`, init);
    const official = promptTranslator({
      translator: openAiAt('https://api.openai.com/v1', toFake),
      timeoutMs: 2000,
      log: recordingLog().log,
    });
    await official.translatePrompt('猫');
    expect(openai.requests[1]!.body).toMatchObject({ max_completion_tokens: answerTokenBudget(['猫']) });
    expect(openai.requests[1]!.body).not.toHaveProperty('max_tokens');
  });

  it('asks once for the same text (cached)', async () => {
    const { translator } = makeOpenAi();
    await translator.translatePrompt('油画风格 --ar 1:1');
    const second = await translator.translatePrompt('油画风格 --ar 2:3');
    expect(second.promptEn).toBe('oil painting style --ar 2:3');
    expect(openai.requests).toHaveLength(1);
  });

  it('sends an English prompt without asking anyone', async () => {
    const { translator } = makeOpenAi();
    expect(await translator.translatePrompt('a fox --ar 1:1')).toEqual({
      promptEn: 'a fox --ar 1:1',
      translated: false,
      failed: false,
    });
    expect(openai.requests).toHaveLength(0);
  });

  it('a failing service gives back the prompt as typed, flagged, and the key stays out of the log', async () => {
    openai.mode = 'fail';
    const { translator, lines } = makeOpenAi();
    expect(await translator.translatePrompt('蓝色的海 --ar 1:1')).toEqual(asTyped('蓝色的海 --ar 1:1'));
    expect(lines.join('\n')).toContain('HTTP 500');
    expect(lines.join('\n')).not.toContain(KEY);
  });

  it('a service that does not answer in time gives back the prompt as typed', async () => {
    openai.mode = 'hang';
    const { translator, lines } = makeOpenAi({ timeoutMs: 200 });
    expect(await translator.translatePrompt('狗')).toEqual(asTyped('狗'));
    expect(lines.join('\n')).toContain('no answer within 200 ms');
  });

  it('a refused key is a failure, not an answer', async () => {
    const translator = promptTranslator({
      translator: openAiTranslator({ baseUrl: `${openai.origin}/v1`, apiKey: 'wrong', model: 'm' }),
      timeoutMs: 2000,
      log: recordingLog().log,
    });
    expect((await translator.translatePrompt('猫')).failed).toBe(true);
  });
});

describe('provider calls are bounded', () => {
  it('a prompt of twelve pieces is one call', async () => {
    const { translator } = makeOpenAi();
    const result = await translator.translatePrompt(piecesPrompt(1));
    expect(openai.requests).toHaveLength(1);
    expect(openAiPieces(openai.requests[0]!.body)).toHaveLength(12);
    expect(result).toMatchObject({ translated: true, failed: false });
    expect(result.promptEn).toBe(`${WORDS.map((w) => `EN[${w}1号]::1`).join(' ')} --ar 1:1`);
  });

  it('a prompt as long as prompts go takes at most two calls; one that would need more goes as typed without asking', async () => {
    const { translator } = makeOpenAi();
    const twoCalls = `${'猫'.repeat(1900)}::1 ${'狗'.repeat(1900)}`;
    expect((await translator.translatePrompt(twoCalls)).failed).toBe(false);
    expect(openai.requests).toHaveLength(2);

    const threeCalls = `${'鸟'.repeat(1300)}::1 ${'鱼'.repeat(1300)}::1 ${'马'.repeat(1300)}`;
    const onePieceTooLong = '羊'.repeat(2001);
    for (const prompt of [threeCalls, onePieceTooLong])
      expect(await translator.translatePrompt(prompt)).toEqual(asTyped(prompt));
    expect(openai.requests).toHaveLength(2);
  });

  it('at most the set number of calls are in flight at once, whatever the number of prompts', async () => {
    openai.delayMs = 20;
    const { translator } = makeOpenAi({ maxConcurrentCalls: 3 });
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => translator.translatePrompt(piecesPrompt(i, 2))),
    );
    expect(results.every((r) => r.translated && !r.failed)).toBe(true);
    expect(openai.requests).toHaveLength(15);
    expect(openai.maxBusy).toBeLessThanOrEqual(3);
  });

  it('a prompt waiting for its turn gives up at its timeout and goes as typed, without reaching the provider', async () => {
    // A provider that holds its one slot until released, whatever the timeout says.
    const asked: string[][] = [];
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding: Translator = {
      provider: 'openai',
      translate: async (pieces) => (asked.push([...pieces]), await held, pieces.map(() => 'cat')),
    };
    const { lines, log } = recordingLog();
    const translator = promptTranslator({ translator: holding, maxConcurrentCalls: 1, timeoutMs: 200, log });
    const [first, second] = await Promise.all([
      translator.translatePrompt('猫'),
      translator.translatePrompt('狗'),
    ]);
    expect([first, second]).toEqual([asTyped('猫'), asTyped('狗')]);
    expect(asked).toEqual([['猫']]);
    expect(lines.filter((line) => line.includes('no answer within 200 ms'))).toHaveLength(2);

    // A late answer is not wasted; the call nobody waits for any more is never made.
    release();
    expect(await translator.translatePrompt('猫 --ar 1:1')).toEqual({
      promptEn: 'cat --ar 1:1',
      translated: true,
      failed: false,
    });
    expect(asked).toEqual([['猫']]);
  });

  it('prompts asking about the same pieces at once share one call', async () => {
    openai.delayMs = 20;
    const { translator } = makeOpenAi();
    const same = await Promise.all(Array.from({ length: 20 }, () => translator.translatePrompt(FOX)));
    expect(same.every((r) => r.promptEn === 'a red fox in the snow --ar 1:1')).toBe(true);
    expect(openai.requests.map((r) => openAiPieces(r.body))).toEqual([['一只在雪中的红狐狸']]);

    const [a, b] = await Promise.all([
      translator.translatePrompt('猫::1 狗'),
      translator.translatePrompt('狗::2 猫 --ar 1:1'),
    ]);
    expect([a.promptEn, b.promptEn]).toEqual(['cat::1 dog', 'dog::2 cat --ar 1:1']);
    expect(openai.requests).toHaveLength(2);
  });

  it('the cache holds what its bytes allow: past that the oldest piece is asked again', async () => {
    // '猫' → 'cat' weighs 2 × (1 + 3) + 64 = 72 bytes, '蓝色的海' → 'blue sea' 88: 160 holds two of them.
    const { translator } = makeOpenAi({ cacheBytes: 160 });
    for (const prompt of ['猫', '狗', '猫', '蓝色的海', '猫', '狗']) await translator.translatePrompt(prompt);
    expect(openai.requests.map((r) => openAiPieces(r.body)[0])).toEqual(['猫', '狗', '蓝色的海', '狗']);
  });
});

describe("a translator's answer is trusted with words only", () => {
  it('an answer of 3 MB, or one streamed with no length, is refused: the prompt goes as typed', async () => {
    const { translator, lines } = makeOpenAi();
    openai.answer = HOSTILE_ANSWERS.huge;
    expect(await translator.translatePrompt(FOX)).toEqual(asTyped(FOX));
    openai.mode = 'flood';
    expect(await translator.translatePrompt(FOX)).toEqual(asTyped(FOX));
    expect(lines.join('\n')).toMatch(/answered more than 131072 bytes/);
  });

  it('an answer much longer than its source is not a translation: the prompt goes as typed', async () => {
    const { translator, lines } = makeOpenAi();
    openai.answer = HOSTILE_ANSWERS.essay;
    expect(await translator.translatePrompt(FOX)).toEqual(asTyped(FOX));
    expect(lines.join('\n')).toContain('characters for 9');
  });

  it('English that would take the prompt over its limit is refused', async () => {
    const prompt = `${'猫'.repeat(10)} ${'a'.repeat(Limits.promptMaxChars - 21)}`;
    openai.answer = () => 'cat '.repeat(16);
    const { translator } = makeOpenAi();
    expect(await translator.translatePrompt(prompt)).toEqual(asTyped(prompt));
  });

  it('control characters are dropped and line breaks become spaces', async () => {
    openai.answer = HOSTILE_ANSWERS.controls;
    const { promptEn, failed } = await makeOpenAi().translator.translatePrompt(FOX);
    expect(failed).toBe(false);
    expect(promptEn).toBe('a fox[31m in the snow --ar 1:1');
  });

  it.each([
    ['parameters and an image URL', HOSTILE_ANSWERS.parameters, 'a fox 1 --ar 1:1'],
    [
      'weights, a permutation, dashes phones write, a bracketed URL',
      HOSTILE_ANSWERS.syntax,
      'a fox 5 cat, dog 1 7 --ar 1:1',
    ],
  ])('%s the translator adds are not used', async (_what, answer, expected) => {
    openai.answer = answer;
    const { promptEn, failed } = await makeOpenAi().translator.translatePrompt(FOX);
    expect(promptEn).toBe(expected);
    expect(failed).toBe(false);
    expect(writtenParameters(promptEn)).toEqual(writtenParameters(FOX));
    expect(protectedSpans(promptEn)).toEqual(protectedSpans(FOX));
    expect(promptEn).not.toContain('evil.example');
  });

  it('English right after a weight cannot change the weight', async () => {
    openai.answer = (piece) => (piece === '狐狸' ? 'fox:' : '. 5 snowy fields');
    const { promptEn } = await makeOpenAi().translator.translatePrompt('狐狸::2。雪地');
    expect(promptEn).toBe('fox::2 5 snowy fields');
    expect(protectedSpans(promptEn)).toEqual(['::2']);
  });
});

describe('the Baidu provider', () => {
  const make = (secret = BAIDU_SECRET) => {
    const { lines, log } = recordingLog();
    const translator = promptTranslator({
      translator: baiduTranslator({ appId: 'app-1', secret, url: `${baidu.origin}/api/trans/vip/translate` }),
      timeoutMs: 2000,
      log,
    });
    return { translator, lines };
  };

  it('signs the one request as Baidu checks it, a line a piece, and translates only the Chinese', async () => {
    const { translator } = make();
    expect((await translator.translatePrompt(PROMPT)).promptEn).toBe(ENGLISH);
    expect(baidu.requests.map((r) => r.body.q)).toEqual(['一只在雪中的红狐狸\n油画风格']);
    expect(baidu.requests[0]!.body).toMatchObject({ from: 'auto', to: 'en', appid: 'app-1' });
    expect(JSON.stringify(baidu.requests)).not.toContain(BAIDU_SECRET);
  });

  it('a wrong secret (Baidu refuses the sign) sends the prompt as typed and logs no secret', async () => {
    const { translator, lines } = make('not-the-secret');
    expect(await translator.translatePrompt('猫 --ar 1:1')).toEqual(asTyped('猫 --ar 1:1'));
    expect(lines.join('\n')).toContain('54001');
    expect(lines.join('\n')).not.toContain('not-the-secret');
  });

  it('its answers are cleaned the same way: no parameter, URL or control character gets in', async () => {
    baidu.answer = HOSTILE_ANSWERS.parameters;
    expect((await make().translator.translatePrompt(FOX)).promptEn).toBe('a fox 1 --ar 1:1');
    baidu.answer = HOSTILE_ANSWERS.huge;
    expect(await make().translator.translatePrompt(FOX)).toEqual(asTyped(FOX));
  });
});

describe('no provider', () => {
  it('sends prompts as written', async () => {
    const translator = promptTranslator({ translator: null, timeoutMs: 1000, log: recordingLog().log });
    expect(await translator.translatePrompt('猫 --ar 1:1')).toEqual({
      promptEn: '猫 --ar 1:1',
      translated: false,
      failed: false,
    });
  });
});
