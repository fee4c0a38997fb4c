import { describe, expect, it } from 'vitest';
import { normalizeWord, wordMatcher } from './matcher';

const matcher = (...words: string[]) =>
  wordMatcher(words.map((word) => ({ word, normalized: normalizeWord(word) })));

describe('the banned-word matcher', () => {
  it('finds a word through case, full-width forms, traditional characters and what is put between', () => {
    const list = matcher('违禁词', 'BadWord');
    for (const prompt of [
      'a cat, 违禁词, sunset',
      'a cat 違禁詞 sunset',
      '违 禁-词 in the rain',
      '違．禁．詞',
      'a ＢＡＤＷＯＲＤ here',
      'b a d w o r d',
      'bad_word!',
    ])
      expect(list.find(prompt)?.word, prompt).toBeDefined();
    expect(list.find('违 禁-词')?.word).toBe('违禁词');
  });

  it('does not find a Latin word inside another word', () => {
    const list = matcher('app', 'ass');
    expect(list.find('drawing an apple on a class assignment')).toBeNull();
    expect(list.find('a new app icon')?.word).toBe('app');
    expect(list.find('画app图标')?.word).toBe('app');
    expect(list.find('a s s')?.word).toBe('ass');
  });

  it('stores words in the folded form and ignores words that fold to nothing', () => {
    expect(normalizeWord(' 違禁 詞 ')).toBe('违禁词');
    expect(normalizeWord('ＡＢＣ')).toBe('abc');
    expect(normalizeWord('!!!')).toBe('');
    expect(wordMatcher([{ word: '!!!', normalized: '' }]).find('!!!')).toBeNull();
  });

  it('scans a long prompt against thousands of words in one pass', () => {
    const words = Array.from({ length: 5_000 }, (_, i) => `w${i.toString(36)}q`);
    const list = matcher(...words, '禁');
    const prompt = `${'a landscape with mountains, '.repeat(140)}`.slice(0, 4000);
    expect(list.size).toBe(5_001);
    expect(list.find(prompt)).toBeNull();
    expect(list.find(`${prompt.slice(0, 3990)} w2s5q`)?.word).toBe('w2s5q');
  });
});
