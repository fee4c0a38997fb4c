import { describe, expect, it } from 'vitest';
import { archiveFileNames, archiveZipName, attachmentDisposition, promptStem } from './archiveNames';

describe('names from prompts', () => {
  it('keeps the words, drops parameters and links, and cuts at a word within the limit', () => {
    expect(promptStem('A cat in the Rain, at night! --ar 16:9 --stylize 250')).toBe(
      'a-cat-in-the-rain-at-night',
    );
    expect(promptStem('https://example.com/x.png a café --v 6.1')).toBe('a-cafe');
    expect(promptStem('一只橘猫在屋顶上晒太阳 --ar 16:9')).toBe('一只橘猫在屋顶上晒太阳');
    expect(promptStem('../../etc/passwd')).toBe('etc-passwd');
    expect(promptStem('one two three four five', 13)).toBe('one-two-three');
    expect(promptStem('x'.repeat(80), 10)).toBe('x'.repeat(10));
    expect(promptStem('--ar 1:1')).toBe('');
  });

  it('names each file by its prompt and id ending, unique even when both repeat', () => {
    const names = archiveFileNames([
      { id: 'task-0001', prompt: 'a cat in the rain', extension: 'png', fallback: 'image' },
      { id: 'task-0002', prompt: 'a cat in the rain', extension: 'png', fallback: 'image' },
      { id: 'other-0002', prompt: 'A CAT in the rain', extension: 'png', fallback: 'image' },
      { id: 'task-0003', prompt: '', extension: 'webp', fallback: 'blend' },
      { id: 'task-0004', prompt: 'a river', extension: 'mp4', fallback: 'clip' },
    ]);
    expect(names).toEqual([
      'a-cat-in-the-rain-0001.png',
      'a-cat-in-the-rain-0002.png',
      'a-cat-in-the-rain-0002-2.png',
      'blend-0003.webp',
      'a-river-0004.mp4',
    ]);
  });

  it('names the ZIP after its one prompt, or the first and how many more, or the day', () => {
    expect(archiveZipName(['a cat --ar 2:3', 'a cat'], '2026-11-27')).toBe('a-cat.zip');
    expect(archiveZipName(['a cat', 'a dog', 'a fox'], '2026-11-27')).toBe('a-cat-and-2-more.zip');
    expect(archiveZipName(['', ''], '2026-11-27')).toBe('drawspace-archive-2026-11-27.zip');
  });

  it('offers any name in a header with an ASCII fallback', () => {
    expect(attachmentDisposition('橘猫.zip')).toBe(
      `attachment; filename="__.zip"; filename*=UTF-8''%E6%A9%98%E7%8C%AB.zip`,
    );
    expect(attachmentDisposition('a "b".zip')).toBe(
      `attachment; filename="a _b_.zip"; filename*=UTF-8''a%20%22b%22.zip`,
    );
  });
});
