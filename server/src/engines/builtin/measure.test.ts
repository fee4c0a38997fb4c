import { describe, expect, it } from 'vitest';
import { dominantColors, imageStats } from './measure';
import { createRaw, paste } from './pixels';

describe('dominantColors', () => {
  it('finds the colours and their shares, biggest first', () => {
    const raw = createRaw(100, 100, [0, 128, 128]);
    paste(raw, createRaw(30, 100, [255, 191, 0]), 0, 0);
    const swatches = dominantColors(raw, 4);
    expect(swatches).toHaveLength(2);
    expect(swatches[0]!.rgb).toEqual([0, 128, 128]);
    expect(swatches[0]!.share).toBeCloseTo(0.7, 1);
    expect(swatches[1]!.rgb).toEqual([255, 191, 0]);
  });

  it('merges near-identical shades into one colour', () => {
    const raw = createRaw(64, 64, [200, 40, 40]);
    paste(raw, createRaw(32, 64, [206, 44, 38]), 0, 0);
    expect(dominantColors(raw)).toHaveLength(1);
  });

  it('can look at a region only', () => {
    const raw = createRaw(100, 100, [0, 0, 255]);
    paste(raw, createRaw(50, 100, [255, 0, 0]), 0, 0);
    expect(dominantColors(raw, 4, (x) => x < 50)[0]!.rgb).toEqual([255, 0, 0]);
    expect(dominantColors(raw, 4, () => false)).toEqual([]);
  });
});

describe('imageStats', () => {
  it('measures brightness, contrast, saturation and warmth', () => {
    const black = imageStats(createRaw(50, 50, [0, 0, 0]));
    expect(black.brightness).toBe(0);
    expect(black.contrast).toBe(0);
    const red = imageStats(createRaw(50, 50, [230, 30, 20]));
    expect(red.saturation).toBeGreaterThan(0.7);
    expect(red.warmth).toBe('warm');
    expect(imageStats(createRaw(50, 50, [20, 60, 220])).warmth).toBe('cool');
    expect(imageStats(createRaw(50, 50, [128, 128, 128])).warmth).toBe('neutral');
  });

  it('sees contrast and detail in stripes but not in a flat field', () => {
    const stripes = createRaw(64, 64, [0, 0, 0]);
    for (let x = 0; x < 64; x += 2) paste(stripes, createRaw(1, 64, [255, 255, 255]), x, 0);
    const s = imageStats(stripes);
    expect(s.contrast).toBeGreaterThan(0.4);
    expect(s.detail).toBeGreaterThan(0.5);
    expect(imageStats(createRaw(64, 64, [90, 90, 90])).detail).toBe(0);
  });
});
