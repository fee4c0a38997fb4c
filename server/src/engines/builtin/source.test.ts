import { describe, expect, it } from 'vitest';
import type { ParentImage } from '../port';
import { createRaw, gridOf, pixelAt } from './pixels';
import { encodeImage } from './raster';
import { fitWithin, isGridAction, parentTile } from './source';

const colours = [
  [200, 30, 30],
  [30, 200, 30],
  [30, 30, 200],
  [220, 220, 40],
] as const;

async function parent(action: ParentImage['action']): Promise<ParentImage> {
  const grid = gridOf(colours.map((c) => createRaw(20, 10, c)));
  return { taskId: 't', action, prompt: '', seed: 1, image: await encodeImage(grid) };
}

describe('source', () => {
  it('knows upscales are single pictures and everything else is a grid', () => {
    expect(isGridAction('UPSCALE')).toBe(false);
    for (const a of ['IMAGINE', 'VARIATION', 'REROLL', 'BLEND', 'ZOOM', 'PAN', 'INPAINT'] as const)
      expect(isGridAction(a)).toBe(true);
  });

  it('cuts quadrant N of a grid parent in reading order', async () => {
    const p = await parent('IMAGINE');
    for (const i of [1, 2, 3, 4] as const) {
      const tile = await parentTile(p, i);
      expect([tile.width, tile.height]).toEqual([20, 10]);
      expect(pixelAt(tile, 10, 5)).toEqual(colours[i - 1]);
    }
  });

  it('takes the whole picture of an upscaled parent', async () => {
    const tile = await parentTile(await parent('UPSCALE'), 3);
    expect([tile.width, tile.height]).toEqual([40, 20]);
  });

  it('fits within a size without enlarging', async () => {
    const raw = createRaw(400, 100);
    expect(await fitWithin(raw, 800)).toBe(raw);
    const small = await fitWithin(raw, 200);
    expect([small.width, small.height]).toEqual([200, 50]);
  });
});
