import { describe, expect, it } from 'vitest';
import { COLOR_NAMES, hex, hslToRgb, labDistance, luma, mixRgb, nearestColorName, rgbToHsl } from './color';

describe('color', () => {
  it('converts HSL and RGB both ways', () => {
    expect(hslToRgb({ h: 0, s: 1, l: 0.5 })).toEqual([255, 0, 0]);
    expect(hslToRgb({ h: 240, s: 1, l: 0.5 })).toEqual([0, 0, 255]);
    expect(hslToRgb({ h: -120, s: 1, l: 0.5 })).toEqual([0, 0, 255]);
    for (const rgb of [
      [12, 200, 99],
      [250, 10, 180],
      [128, 128, 128],
    ] as const) {
      const back = hslToRgb(rgbToHsl(rgb));
      back.forEach((c, i) => expect(Math.abs(c - rgb[i]!)).toBeLessThanOrEqual(1));
    }
  });

  it('writes hex', () => {
    expect(hex([255, 0, 16])).toBe('#ff0010');
    expect(hex([300, -4, 7.6])).toBe('#ff0008');
  });

  it('names every table colour by itself and near colours by their neighbour', () => {
    for (const { name, rgb } of COLOR_NAMES) expect(nearestColorName(rgb)).toBe(name);
    expect(nearestColorName([250, 8, 6])).toBe('red');
    expect(nearestColorName([4, 120, 125])).toBe('teal');
    expect(nearestColorName([0, 0, 0])).toBe('black');
  });

  it('measures perceptual distance and brightness', () => {
    expect(labDistance([0, 0, 0], [0, 0, 0])).toBe(0);
    expect(labDistance([0, 0, 0], [255, 255, 255])).toBeGreaterThan(99);
    expect(luma([255, 255, 255])).toBeCloseTo(1);
    expect(luma([0, 0, 255])).toBeLessThan(luma([0, 255, 0]));
    expect(mixRgb([0, 0, 0], [200, 100, 50], 0.5)).toEqual([100, 50, 25]);
  });
});
