import { describe, expect, it } from 'vitest';
import { imagineRecipes, quadrantStyles, renderImagine, renderRecipe, tileSizeFor } from './imagine';
import { readTheme } from './palette';
import { createRaw, quadrantOf, type Raw } from './pixels';
import { createRng } from './random';
import { encodeImage } from './raster';

const mean = (raw: Raw): [number, number, number] => {
  const sum = [0, 0, 0];
  for (let i = 0; i < raw.data.length; i++) sum[i % 3]! += raw.data[i] ?? 0;
  const n = raw.width * raw.height;
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
};
const diff = (a: Raw, b: Raw): number => {
  let s = 0;
  for (let i = 0; i < a.data.length; i++) s += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
  return s / a.data.length;
};

describe('imagine', () => {
  const prompt = 'a lighthouse on the cliffs at sunset';

  it('is byte-for-byte deterministic for a seed and changes with the seed', async () => {
    const a = await encodeImage(await renderImagine({ prompt, seed: 42 }));
    const b = await encodeImage(await renderImagine({ prompt, seed: 42 }));
    const c = await encodeImage(await renderImagine({ prompt, seed: 43 }));
    expect(a).toMatchObject({ width: 1024, height: 1024, mime: 'image/png' });
    expect(a.data.equals(b.data)).toBe(true);
    expect(a.data.equals(c.data)).toBe(false);
    expect(a.data.length).toBeLessThan(1.5 * 1024 * 1024);
  });

  it('draws four different pictures', async () => {
    const grid = await renderImagine({ prompt, seed: 7 });
    const tiles = ([1, 2, 3, 4] as const).map((i) => quadrantOf(grid, i));
    for (let i = 0; i < 4; i++)
      for (let j = i + 1; j < 4; j++) expect(diff(tiles[i]!, tiles[j]!)).toBeGreaterThan(8);
  });

  it('follows the prompt: its colours and its --ar', async () => {
    const red = mean(await renderImagine({ prompt: 'crimson red roses', seed: 3 }));
    const blue = mean(await renderImagine({ prompt: 'cobalt blue ice', seed: 3 }));
    expect(red[0] - red[2]).toBeGreaterThan(blue[0] - blue[2] + 40);
    const wide = await renderImagine({ prompt: 'a bridge --ar 16:9', seed: 3 });
    expect([wide.width, wide.height]).toEqual([1024, 576]);
    expect(tileSizeFor('x --ar 2:3')).toEqual({ width: 342, height: 512 });
  });

  it('lets reference images tint and underlay the picture', async () => {
    const reference = createRaw(64, 64, [20, 200, 40]);
    const plain = mean(await renderImagine({ prompt: 'a house', seed: 5 }));
    const tinted = mean(await renderImagine({ prompt: 'a house', seed: 5, references: [reference] }));
    expect(tinted[1] - (tinted[0] + tinted[2]) / 2).toBeGreaterThan(
      plain[1] - (plain[0] + plain[2]) / 2 + 15,
    );
  });

  it('leads with the subject the prompt names and still offers four tiles', () => {
    const styles = quadrantStyles(readTheme('snowy mountains'), createRng(1));
    expect(styles).toHaveLength(4);
    expect(styles.filter((s) => s === 'landscape').length).toBeGreaterThanOrEqual(1);
    expect(new Set(quadrantStyles(readTheme('qwerty'), createRng(1))).size).toBe(4);
  });

  it('can redraw any tile from its recipe', async () => {
    const grid = await renderImagine({ prompt, seed: 11 });
    const recipe = imagineRecipes({ prompt, seed: 11 })[2]!;
    expect((await renderRecipe(recipe)).data.equals(quadrantOf(grid, 3).data)).toBe(true);
  });

  it('a style reference colours the result: its palette leads over the prompt', async () => {
    // Striped so that its colours measure as saturated, not a flat field.
    const stripes = (a: [number, number, number], b: [number, number, number]): Raw => {
      const raw = createRaw(64, 64, a);
      for (let i = 0; i < raw.data.length; i += 3) if (Math.floor(i / 3 / 64) % 8 < 3) raw.data.set(b, i);
      return raw;
    };
    const blue = await renderImagine({
      prompt: 'a house in a field',
      seed: 7,
      styles: [stripes([20, 40, 200], [40, 90, 230])],
    });
    const red = await renderImagine({
      prompt: 'a house in a field',
      seed: 7,
      styles: [stripes([210, 30, 20], [240, 90, 40])],
    });
    const [br, , bb] = mean(blue);
    const [rr, , rb] = mean(red);
    expect(bb).toBeGreaterThan(br);
    expect(rr).toBeGreaterThan(rb);
  });
});
