import { describe, expect, it } from 'vitest';
import { EngineFailure } from '../port';
import { shortenPrompt } from './shorten';

describe('shortenPrompt', () => {
  const prompt =
    'A very beautiful painting of a lighthouse on the cliffs at sunset, with dramatic clouds and crashing waves, highly detailed, 8k --ar 16:9 --v 6';

  it('drops stop words and filler and keeps parameters on every prompt', () => {
    const { prompts } = shortenPrompt(prompt);
    expect(prompts.length).toBeGreaterThanOrEqual(3);
    expect(prompts.length).toBeLessThanOrEqual(5);
    for (const p of prompts) {
      expect(p.endsWith('--ar 16:9 --v 6')).toBe(true);
      const words = p
        .replace(/--.*$/, '')
        .toLowerCase()
        .split(/[\s,]+/);
      for (const filler of ['a', 'of', 'the', 'on', 'at', 'with', 'and', 'very'])
        expect(words).not.toContain(filler);
    }
    expect(prompts[0]).toContain('lighthouse');
    expect(prompts.slice(1).join(' ')).not.toMatch(/beautiful|detailed|8k/);
  });

  it('gets progressively shorter and keeps the subject to the end', () => {
    const { prompts } = shortenPrompt(prompt);
    for (let i = 1; i < prompts.length; i++) expect(prompts[i]!.length).toBeLessThan(prompts[i - 1]!.length);
    expect(prompts.at(-1)).toContain('painting');
    expect(prompts.at(-1)).toContain('lighthouse');
  });

  it('keeps the phrase grouping with commas', () => {
    expect(shortenPrompt('the moon over a lake, in winter').prompts[0]).toBe('moon lake, winter');
  });

  it('describes the result with important tokens and numbered prompts', () => {
    const { description, prompts, keyTokens } = shortenPrompt(prompt);
    expect(keyTokens.slice(0, 2)).toEqual(['lighthouse', 'painting']);
    expect(keyTokens.indexOf('waves')).toBeLessThan(keyTokens.indexOf('crashing'));
    expect(description).toContain('lighthouse');
    expect(description).toContain(`1️⃣ ${prompts[0]}`);
    expect(description).toContain(`2️⃣ ${prompts[1]}`);
  });

  it('refuses a prompt with nothing to keep', () => {
    expect(() => shortenPrompt('the of and a --ar 1:1')).toThrow(EngineFailure);
    expect(() => shortenPrompt('')).toThrow(EngineFailure);
  });

  it('gives a single prompt when there is nothing to cut', () => {
    expect(shortenPrompt('lighthouse').prompts).toEqual(['lighthouse']);
  });
});
