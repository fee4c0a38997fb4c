import { describe, expect, it } from 'vitest';
import { EngineFailure } from '../port';
import { renderBlend } from './blend';
import { createRaw, pixelAt, quadrantOf, type Raw } from './pixels';

const mean = (raw: Raw): [number, number, number] => {
  const sum = [0, 0, 0];
  for (let i = 0; i < raw.data.length; i++) sum[i % 3]! += raw.data[i] ?? 0;
  const n = raw.width * raw.height;
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
};

describe('blend', () => {
  const red = createRaw(300, 200, [255, 0, 0]);
  const blue = createRaw(200, 300, [0, 0, 255]);

  it('mixes red and blue into purple in every tile', async () => {
    const grid = await renderBlend([red, blue], 'SQUARE', 1);
    expect([grid.width, grid.height]).toEqual([1024, 1024]);
    for (const i of [1, 2, 3, 4] as const) {
      const tile = quadrantOf(grid, i);
      const [r, g, b] = mean(tile);
      expect(r).toBeGreaterThan(60);
      expect(b).toBeGreaterThan(60);
      expect(g).toBeLessThan(25);
      // The middle of every tile is a real mix, not one input showing through.
      const [cr, cg, cb] = pixelAt(tile, 256, 256);
      expect(cr).toBeGreaterThan(60);
      expect(cb).toBeGreaterThan(60);
      expect(cg).toBeLessThan(25);
    }
  });

  it('shares the picture differently in each tile', async () => {
    const grid = await renderBlend([red, blue], 'SQUARE', 1);
    const means = ([1, 2, 3, 4] as const).map((i) => mean(quadrantOf(grid, i))[0]);
    const corners = ([1, 2, 3, 4] as const).map((i) => quadrantOf(grid, i).data[0]);
    expect(
      new Set(corners.map((c) => Math.round((c ?? 0) / 8))).size +
        new Set(means.map((m) => Math.round(m / 8))).size,
    ).toBeGreaterThan(3);
  });

  it('sizes tiles by the dimensions', async () => {
    expect([
      (await renderBlend([red, blue], 'PORTRAIT', 1)).width,
      (await renderBlend([red, blue], 'PORTRAIT', 1)).height,
    ]).toEqual([684, 1024]);
    const wide = await renderBlend([red, blue, red], 'LANDSCAPE', 1);
    expect([wide.width, wide.height]).toEqual([1024, 684]);
  });

  it('is deterministic for a seed', async () => {
    const noisy = createRaw(64, 64, [10, 200, 90]);
    for (let i = 0; i < noisy.data.length; i += 7) noisy.data[i] = (i * 31) % 256;
    const a = await renderBlend([noisy, red, blue], 'SQUARE', 4);
    expect((await renderBlend([noisy, red, blue], 'SQUARE', 4)).data.equals(a.data)).toBe(true);
    expect((await renderBlend([noisy, red, blue], 'SQUARE', 5)).data.equals(a.data)).toBe(false);
  });

  it('takes 2 to 6 images', async () => {
    await expect(renderBlend([red], 'SQUARE', 1)).rejects.toThrow(EngineFailure);
    await expect(
      renderBlend(
        Array.from({ length: 7 }, () => red),
        'SQUARE',
        1,
      ),
    ).rejects.toThrow(/2 to 6/);
  });
});
