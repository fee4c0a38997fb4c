import { describe, expect, it } from 'vitest';
import { answerBound, cleanAnswer, joinSegments, protectedSpans, splitPrompt } from './segments';

const pieces = (prompt: string) =>
  splitPrompt(prompt)
    .filter((s) => s.translate)
    .map((s) => s.text);

describe('splitting a prompt for the translator', () => {
  it('hands over only the CJK text; URLs, weights, permutations and parameters stay out', () => {
    const prompt =
      'https://example.com/a.png 一只在雪中的红狐狸::2 {猫, 狗} 油画风格::0.5 --ar 16:9 --no 汽车 --v 6.1';
    expect(pieces(prompt)).toEqual(['一只在雪中的红狐狸', '油画风格']);
  });

  it('puts the pieces back exactly as typed when nothing changes', () => {
    const prompt =
      '  <https://x.test/p.jpg>  猫 ::-0.5  dog, 狗 {a, b}  --chaos 10 --sref https://x.test/s.png ';
    expect(joinSegments(splitPrompt(prompt))).toBe(prompt);
  });

  it('sends nothing when the prompt has no CJK text', () => {
    expect(pieces('a red fox in the snow --ar 3:2')).toEqual([]);
  });

  it('keeps a parameter value that is itself Chinese', () => {
    const segments = splitPrompt('蓝色的海 --no 船');
    expect(segments.find((s) => s.text.includes('--no'))).toEqual({ text: ' --no 船', translate: false });
  });
});

describe('splitting: what phones write and what spans lines', () => {
  it('a parameter written with the dash phones put for `--` is protected as well', () => {
    expect(pieces('蓝色的海 \u2014ar 16:9 \u2014no 船')).toEqual(['蓝色的海']);
  });

  it('a line break is a joint of its own: no piece sent holds one, and the prompt comes back as typed', () => {
    const prompt = '一只猫\n  一只狗 \r\n油画风格';
    expect(pieces(prompt)).toEqual(['一只猫', '一只狗', '油画风格']);
    expect(joinSegments(splitPrompt(prompt))).toBe(prompt);
  });
});

describe("cleaning a translator's answer", () => {
  it('keeps an honest translation as it is', () => {
    expect(cleanAnswer('a red fox in the snow', '一只在雪中的红狐狸')).toBe('a red fox in the snow');
  });

  it('refuses an answer longer than four times its source and a little', () => {
    expect(cleanAnswer('x'.repeat(answerBound('猫')), '猫')).not.toBeNull();
    expect(cleanAnswer('x'.repeat(answerBound('猫') + 1), '猫')).toBeNull();
  });

  it('drops control characters and the marks that reorder text; line breaks become spaces', () => {
    expect(cleanAnswer('a\u0000 fox\u001b\u0085in\r\nthe\u202e snow\u009b', '狐狸')).toBe(
      'a fox in the snow',
    );
  });

  it('drops parameters, URLs, weights and permutation braces, and the punctuation at its edges', () => {
    expect(
      cleanAnswer(
        '--seed 1 a fox \u2014sref <https://evil.example/x.png> ftp://x.test/y::3 {a|b} ——v 7.',
        '猫'.repeat(20),
      ),
    ).toBe('1 a fox a|b 7');
    expect(protectedSpans(`${cleanAnswer(':: a fox --no cats ::', '狐狸')!} --ar 1:1`)).toEqual(['--ar 1:1']);
  });
});
