import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineFailure } from '../port';
import { renderArt } from './art';
import { buildPalette, readTheme } from './palette';
import { quadrantOf, type Raw } from './pixels';
import { createRng } from './random';
import { readMask, renderRegion } from './region';

async function picture(): Promise<Raw> {
  return renderArt('waves', buildPalette(readTheme('teal sea'), createRng(4)), createRng(5), 320, 240);
}

/** Black with a white rectangle over the right half (at any mask size: it is stretched). */
async function halfMask(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite([
      {
        input: { create: { width: width / 2, height, channels: 3, background: '#fff' } },
        left: width / 2,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

describe('region', () => {
  it('keeps every unmasked pixel and repaints the masked area, four ways', async () => {
    const source = await picture();
    const grid = await renderRegion(source, await halfMask(100, 50), 'a glowing crimson moon', 3);
    expect([grid.width, grid.height]).toEqual([640, 480]);
    const changed: number[] = [];
    for (const i of [1, 2, 3, 4] as const) {
      const tile = quadrantOf(grid, i);
      let repainted = 0;
      for (let y = 0; y < 240; y++) {
        for (let x = 0; x < 320; x++) {
          const p = (y * 320 + x) * 3;
          const same =
            tile.data[p] === source.data[p] &&
            tile.data[p + 1] === source.data[p + 1] &&
            tile.data[p + 2] === source.data[p + 2];
          if (x < 160) expect(same).toBe(true);
          else if (!same) repainted += 1;
        }
      }
      changed.push(repainted / (160 * 240));
    }
    for (const share of changed) expect(share).toBeGreaterThan(0.6);
    expect(quadrantOf(grid, 1).data.equals(quadrantOf(grid, 2).data)).toBe(false);
  });

  it('feathers inwards only: zero outside, rising inside', async () => {
    const mask = await readMask(await halfMask(40, 40), 200, 100);
    expect(Math.abs(mask.selected - 100 * 100)).toBeLessThan(200);
    const row = 50 * 200;
    const first = mask.hard.indexOf(1, row) - row;
    expect(first).toBeGreaterThanOrEqual(98);
    expect(first).toBeLessThanOrEqual(102);
    for (let x = 0; x < first; x++) expect(mask.soft[row + x]).toBe(0);
    expect(mask.soft[row + first]).toBeGreaterThan(0);
    expect(mask.soft[row + first]).toBeLessThan(mask.soft[row + first + 30]!);
    expect(mask.soft[row + 190]).toBeCloseTo(1);
  });

  it('is deterministic', async () => {
    const source = await picture();
    const mask = await halfMask(20, 20);
    const a = await renderRegion(source, mask, 'moon', 9);
    expect((await renderRegion(source, mask, 'moon', 9)).data.equals(a.data)).toBe(true);
  });

  it('refuses a mask that is not an image or selects nothing', async () => {
    const source = await picture();
    await expect(renderRegion(source, Buffer.from('nope'), 'x', 1)).rejects.toThrow(EngineFailure);
    const black = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await expect(renderRegion(source, black, 'x', 1)).rejects.toThrow(/selects nothing/);
  });
});
