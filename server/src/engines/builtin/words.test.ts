import { describe, expect, it } from 'vitest';
import { aspectRatioOf, contentWords, parsePrompt } from './words';

describe('parsePrompt', () => {
  it('separates words, phrases, parameters and leading links', () => {
    const parts = parsePrompt(
      'https://x.test/a.png  A neon city, in the rain!  --ar 16:9 --no cars, trees --tile',
    );
    expect(parts.urls).toEqual(['https://x.test/a.png']);
    expect(parts.params).toEqual(['--ar 16:9', '--no cars, trees', '--tile']);
    expect(parts.words.map((w) => [w.text, w.phrase])).toEqual([
      ['A', 0],
      ['neon', 0],
      ['city', 0],
      ['in', 1],
      ['the', 1],
      ['rain', 1],
    ]);
  });

  it('keeps inner hyphens and apostrophes, drops multi-prompt weights', () => {
    expect(parsePrompt('"sci-fi" (van gogh\'s) sky::2').words.map((w) => w.text)).toEqual([
      'sci-fi',
      'van',
      "gogh's",
      'sky',
    ]);
  });

  it('copes with empty and punctuation-only prompts', () => {
    expect(parsePrompt('   ').words).toEqual([]);
    expect(parsePrompt('... , !!').words).toEqual([]);
  });
});

describe('contentWords', () => {
  it('drops stop words and filler', () => {
    expect(contentWords('A beautiful painting of the ocean at night, highly detailed, 8k')).toEqual([
      'painting',
      'ocean',
      'night',
    ]);
  });
});

describe('aspectRatioOf', () => {
  it('reads --ar and clamps it', () => {
    expect(aspectRatioOf('cat --ar 16:9')).toBeCloseTo(16 / 9);
    expect(aspectRatioOf('cat --aspect 2:3')).toBeCloseTo(2 / 3);
    expect(aspectRatioOf('cat --ar 10:1')).toBe(4);
    expect(aspectRatioOf('cat')).toBeUndefined();
    expect(aspectRatioOf('cat --ar wide')).toBeUndefined();
    expect(aspectRatioOf('cat --ar 0:5')).toBeUndefined();
  });
});
