import { describe, expect, it } from 'vitest';
import { createRaw, crop, gridOf, mix, pixelAt, quadrantOf, screen, smoothstep, softLight } from './pixels';

describe('pixels', () => {
  const tiles = [
    createRaw(3, 2, [255, 0, 0]),
    createRaw(3, 2, [0, 255, 0]),
    createRaw(3, 2, [0, 0, 255]),
    createRaw(3, 2, [9, 9, 9]),
  ];

  it('lays out a grid in reading order and cuts the same quadrants back', () => {
    const grid = gridOf(tiles);
    expect([grid.width, grid.height]).toEqual([6, 4]);
    expect(pixelAt(grid, 0, 0)).toEqual([255, 0, 0]);
    expect(pixelAt(grid, 5, 0)).toEqual([0, 255, 0]);
    expect(pixelAt(grid, 0, 3)).toEqual([0, 0, 255]);
    expect(pixelAt(grid, 5, 3)).toEqual([9, 9, 9]);
    for (const i of [1, 2, 3, 4] as const)
      expect(quadrantOf(grid, i).data.equals(tiles[i - 1]!.data)).toBe(true);
  });

  it('refuses a grid of mismatched tiles', () => {
    expect(() => gridOf([tiles[0]!, tiles[1]!, tiles[2]!, createRaw(2, 2)])).toThrow();
    expect(() => gridOf(tiles.slice(0, 3))).toThrow();
  });

  it('crops', () => {
    const grid = gridOf(tiles);
    const c = crop(grid, 2, 1, 2, 2);
    expect(pixelAt(c, 0, 0)).toEqual([255, 0, 0]);
    expect(pixelAt(c, 1, 0)).toEqual([0, 255, 0]);
    expect(pixelAt(c, 1, 1)).toEqual([9, 9, 9]);
  });

  it('mixes by a per-pixel alpha and copies the base exactly where alpha is 0', () => {
    const a = createRaw(2, 1, [100, 100, 100]);
    const b = createRaw(2, 1, [200, 0, 50]);
    const out = mix(a, b, new Float32Array([0, 0.5]));
    expect(pixelAt(out, 0, 0)).toEqual([100, 100, 100]);
    expect(pixelAt(out, 1, 0)).toEqual([150, 50, 75]);
    expect(pixelAt(mix(a, b, 1), 0, 0)).toEqual([200, 0, 50]);
  });

  it('soft-lights and screens like the usual blend modes', () => {
    const grey = createRaw(1, 1, [128, 128, 128]);
    expect(pixelAt(softLight(grey, createRaw(1, 1, [128, 128, 128])), 0, 0)[0]).toBeCloseTo(128, -1);
    expect(pixelAt(softLight(grey, createRaw(1, 1, [255, 0, 128])), 0, 0)).toEqual([192, 64, 128]);
    expect(pixelAt(screen(createRaw(1, 1, [255, 0, 0]), createRaw(1, 1, [0, 0, 255])), 0, 0)).toEqual([
      255, 0, 255,
    ]);
  });

  it('smoothsteps', () => {
    expect(smoothstep(0, 10, -1)).toBe(0);
    expect(smoothstep(0, 10, 5)).toBe(0.5);
    expect(smoothstep(0, 10, 11)).toBe(1);
  });
});
