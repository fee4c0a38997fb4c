import { describe, expect, it } from 'vitest';
import { joinSegments, splitPrompt } from './segments';

const pieces = (prompt: string) => splitPrompt(prompt).filter((s) => s.translate).map((s) => s.text);

describe('splitting a prompt for the translator', () => {
  it('hands over only the CJK text; URLs, weights, permutations and parameters stay out', () => {
    const prompt = 'https://example.com/a.png 一只在雪中的红狐狸::2 {猫, 狗} 油画风格::0.5 --ar 16:9 --no 汽车 --v 6.1';
    expect(pieces(prompt)).toEqual(['一只在雪中的红狐狸', '油画风格']);
  });

  it('puts the pieces back exactly as typed when nothing changes', () => {
    const prompt = '  <https://x.test/p.jpg>  猫 ::-0.5  dog, 狗 {a, b}  --chaos 10 --sref https://x.test/s.png ';
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
