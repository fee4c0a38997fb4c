import { describe, expect, it } from 'vitest';
import { renderImagine } from './imagine';
import { createRaw, quadrantOf, type Raw } from './pixels';
import { recognise, renderReroll, renderVariation } from './variation';

const diff = (a: Raw, b: Raw): number => {
  let s = 0;
  for (let i = 0; i < a.data.length; i++) s += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
  return s / a.data.length;
};
const tilesOf = (grid: Raw): Raw[] => ([1, 2, 3, 4] as const).map((i) => quadrantOf(grid, i));
const meanDiff = (grid: Raw, source: Raw): number =>
  tilesOf(grid).reduce((s, t) => s + diff(t, source), 0) / 4;

describe('variation', () => {
  const prompt = 'misty mountains at dawn';

  it('recognises its own tiles and nothing else', async () => {
    const grid = await renderImagine({ prompt, seed: 21 });
    const tile = quadrantOf(grid, 2);
    expect(await recognise(tile, prompt, 21, 2)).toBeDefined();
    expect(await recognise(tile, prompt, 22, 2)).toBeUndefined();
    expect(await recognise(tile, prompt, 21, 3)).toBeUndefined();
    expect(await recognise(createRaw(512, 512, [9, 9, 9]), prompt, 21, 2)).toBeUndefined();
  });

  it('stays closer to the source when subtle than when strong, for any picture', async () => {
    const source = quadrantOf(await renderImagine({ prompt, seed: 21 }), 1);
    const subtle = await renderVariation({ source, prompt, seed: 5, strength: 'subtle' });
    const strong = await renderVariation({ source, prompt, seed: 5, strength: 'strong' });
    expect([subtle.width, subtle.height]).toEqual([1024, 1024]);
    expect(meanDiff(subtle, source)).toBeLessThan(meanDiff(strong, source));
    const again = await renderVariation({ source, prompt, seed: 5, strength: 'subtle' });
    expect(again.data.equals(subtle.data)).toBe(true);
    for (const t of tilesOf(subtle)) expect(diff(t, source)).toBeGreaterThan(1);
  });

  it('redraws its own tiles in the same spirit, four different ways', async () => {
    const grid = await renderImagine({ prompt, seed: 21 });
    const source = quadrantOf(grid, 3);
    const recipe = await recognise(source, prompt, 21, 3);
    const varied = await renderVariation({ source, prompt, seed: 6, strength: 'index', recipe });
    const tiles = tilesOf(varied);
    for (let i = 0; i < 4; i++)
      for (let j = i + 1; j < 4; j++) expect(diff(tiles[i]!, tiles[j]!)).toBeGreaterThan(3);
    // Same palette family: closer to the source than a tile of an unrelated prompt is.
    const stranger = quadrantOf(await renderImagine({ prompt: 'neon magenta cyberpunk city', seed: 1 }), 1);
    expect(meanDiff(varied, source)).toBeLessThan(meanDiff(varied, stranger));
  });

  it('scales big sources down to grid tiles', async () => {
    const varied = await renderVariation({
      source: createRaw(1024, 768, [120, 80, 60]),
      prompt: '',
      seed: 1,
      strength: 'strong',
    });
    expect([varied.width, varied.height]).toEqual([1024, 768]);
  });

  it('rerolls into a new grid', async () => {
    const parent = await renderImagine({ prompt, seed: 21 });
    const rerolled = await renderReroll({ parent, prompt, seed: 99 });
    expect(diff(rerolled, parent)).toBeGreaterThan(5);
    const blendLike = await renderReroll({
      parent: createRaw(1024, 1024, [200, 30, 30]),
      prompt: '',
      seed: 99,
    });
    const tiles = tilesOf(blendLike);
    const redness =
      tiles.reduce(
        (s, t) =>
          s +
          t.data.reduce((a, v, i) => (i % 3 === 0 ? a + v : i % 3 === 2 ? a - v : a), 0) /
            (t.width * t.height),
        0,
      ) / 4;
    expect(redness).toBeGreaterThan(20);
  });
});
