import { describe, expect, it } from 'vitest';
import { renderArt } from './art';
import { renderPan, renderZoom } from './outpaint';
import { buildPalette, readTheme } from './palette';
import { crop, pixelAt, quadrantOf, type Raw } from './pixels';
import { createRng } from './random';
import { resizeRaw } from './raster';

async function picture(width: number, height: number): Promise<Raw> {
  return renderArt(
    'landscape',
    buildPalette(readTheme('violet dunes'), createRng(2)),
    createRng(3),
    width,
    height,
  );
}

const diff = (a: Raw, b: Raw): number => {
  let s = 0;
  for (let i = 0; i < a.data.length; i++) s += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
  return s / a.data.length;
};

describe('zoom', () => {
  it('shrinks the picture into the middle of a same-shaped tile, four ways', async () => {
    const source = await picture(1024, 1024);
    const grid = await renderZoom(source, 2, 'violet dunes', 1);
    expect([grid.width, grid.height]).toEqual([1024, 1024]);
    const inner = await resizeRaw(source, 256, 256, { kernel: 'lanczos3' });
    const tiles = ([1, 2, 3, 4] as const).map((i) => quadrantOf(grid, i));
    for (const tile of tiles) {
      // The middle (inside the feathered rim) is the original, scaled by 1/2.
      expect(diff(crop(tile, 148, 148, 216, 216), crop(inner, 20, 20, 216, 216))).toBeLessThan(0.5);
    }
    expect(diff(crop(tiles[0]!, 0, 0, 100, 100), crop(tiles[1]!, 0, 0, 100, 100))).toBeGreaterThan(2);
  });

  it('keeps the aspect ratio and follows the factor', async () => {
    const source = await picture(600, 400);
    const grid = await renderZoom(source, 1.5, '', 1);
    expect([grid.width, grid.height]).toEqual([1024, 684]);
    const tile = quadrantOf(grid, 1);
    const inner = await resizeRaw(source, 341, 228, { kernel: 'lanczos3' });
    expect(diff(crop(tile, 105, 77, 300, 180), crop(inner, 20, 20, 300, 180))).toBeLessThan(0.5);
  });

  it('is deterministic', async () => {
    const source = await picture(256, 256);
    const a = await renderZoom(source, 1.7, 'x', 4);
    const b = await renderZoom(source, 1.7, 'x', 4);
    expect(a.data.equals(b.data)).toBe(true);
    expect(a.data.equals((await renderZoom(source, 1.7, 'x', 5)).data)).toBe(false);
  });
});

describe('pan', () => {
  it.each([
    ['left', [1536, 1024], [256, 0]],
    ['right', [1536, 1024], [0, 0]],
    ['up', [1024, 1536], [0, 256]],
    ['down', [1024, 1536], [0, 0]],
  ] as const)('extends %s by half and keeps the picture in place', async (direction, size, [left, top]) => {
    const inner = await picture(512, 512);
    const grid = await renderPan(inner, direction, 'violet dunes', 2);
    expect([grid.width, grid.height]).toEqual(size);
    const tile = quadrantOf(grid, 4);
    // Away from the seam the original is untouched, pixel for pixel.
    const far = { left: direction === 'left' ? 40 : 0, top: direction === 'up' ? 40 : 0 };
    const kept = crop(tile, left + far.left, top + far.top, 472, 472);
    expect(kept.data.equals(crop(inner, far.left, far.top, 472, 472).data)).toBe(true);
    // The new strip continues the picture's colours at the seam.
    const seamX = direction === 'left' ? left - 1 : direction === 'right' ? 512 : 256;
    const seamY = direction === 'up' ? top - 1 : direction === 'down' ? 512 : 256;
    const edgeX = direction === 'left' ? 0 : direction === 'right' ? 511 : 256;
    const edgeY = direction === 'up' ? 0 : direction === 'down' ? 511 : 256;
    const [r, g, b] = pixelAt(tile, seamX, seamY);
    const [R, G, B] = pixelAt(inner, edgeX, edgeY);
    expect(Math.abs(r - R) + Math.abs(g - G) + Math.abs(b - B)).toBeLessThan(60);
  });
});
