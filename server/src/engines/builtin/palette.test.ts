import { describe, expect, it } from 'vitest';
import { hslToRgb, nearestColorName, type Hsl } from './color';
import { buildPalette, paletteFromColors, readTheme, varyPalette, type Palette } from './palette';
import { createRng } from './random';

const roles = (p: Palette): Hsl[] => [p.deep, p.mid, p.main, p.accent, p.light];
const meanL = (p: Palette): number => roles(p).reduce((s, c) => s + c.l, 0) / 5;
const meanS = (p: Palette): number => roles(p).reduce((s, c) => s + c.s, 0) / 5;

describe('readTheme', () => {
  it('pins hues for colour words, two-word colours first, then concepts', () => {
    const theme = readTheme('a forest at dusk in sky blue and crimson');
    expect(theme.anchors.slice(0, 2).map((c) => nearestColorName(hslToRgb(c)))).toEqual([
      'sky blue',
      'crimson',
    ]);
    expect(theme.anchors.length).toBeGreaterThan(2);
  });

  it('understands simple inflections and moods', () => {
    expect(readTheme('snowy peaks').anchors.length).toBeGreaterThan(0);
    expect(readTheme('a dark moody alley').lightShift).toBeLessThan(0);
    expect(readTheme('bright airy morning').lightShift).toBeGreaterThan(0);
    expect(readTheme('neon vivid poster').saturation).toBeGreaterThan(1);
    expect(readTheme('monochrome portrait').saturation).toBeLessThan(0.2);
  });

  it('picks the kind of picture from subject words, earliest first', () => {
    expect(readTheme('mountains over the sea').styles.slice(0, 2)).toEqual(['landscape', 'waves']);
    expect(readTheme('a galaxy of stars').styles[0]).toBe('cosmos');
    expect(readTheme('qwerty zxcv').styles).toEqual([]);
  });
});

describe('buildPalette', () => {
  it('is deterministic for a seed and varies with it', () => {
    const theme = readTheme('quiet harbour');
    expect(buildPalette(theme, createRng(1))).toEqual(buildPalette(theme, createRng(1)));
    expect(buildPalette(theme, createRng(1))).not.toEqual(buildPalette(theme, createRng(2)));
  });

  it('puts a named colour in the main role', () => {
    const p = buildPalette(readTheme('a teal cat'), createRng(3));
    expect(Math.abs(p.main.h - 180)).toBeLessThan(12);
  });

  it('depends on the words even without colour words', () => {
    const a = buildPalette(readTheme('harbour'), createRng(3));
    const b = buildPalette(readTheme('cathedral'), createRng(3));
    expect(a.main.h).not.toBeCloseTo(b.main.h, 0);
  });

  it('is darker for dark prompts, brighter for bright ones, more saturated for niji', () => {
    const dark = buildPalette(readTheme('dark gloomy castle'), createRng(4));
    const bright = buildPalette(readTheme('bright sunny castle'), createRng(4));
    expect(meanL(dark)).toBeLessThan(meanL(bright) - 0.1);
    const mj = buildPalette(readTheme('castle'), createRng(4), { botType: 'MID_JOURNEY' });
    const niji = buildPalette(readTheme('castle'), createRng(4), { botType: 'NIJI_JOURNEY' });
    expect(meanS(niji)).toBeGreaterThan(meanS(mj));
  });

  it('leans towards tints when the prompt names no colour', () => {
    const p = buildPalette(readTheme('castle'), createRng(4), { tints: [[220, 20, 20]] });
    expect(nearestColorName(hslToRgb(p.main))).toMatch(/red|crimson/);
  });

  it('keeps every role a valid colour', () => {
    for (const prompt of ['', 'white snow', 'black night', 'neon neon neon']) {
      for (const c of roles(buildPalette(readTheme(prompt), createRng(9)))) {
        expect(c.s).toBeGreaterThanOrEqual(0);
        expect(c.s).toBeLessThanOrEqual(1);
        expect(c.l).toBeGreaterThan(0);
        expect(c.l).toBeLessThan(1);
      }
    }
  });
});

describe('varyPalette and paletteFromColors', () => {
  it('moves hues a bounded amount', () => {
    const p = buildPalette(readTheme('ocean'), createRng(5));
    const v = varyPalette(p, createRng(6), 10);
    expect(Math.abs(v.main.h - p.main.h)).toBeLessThanOrEqual(10);
    expect(v).not.toEqual(p);
  });

  it('orders measured colours from deep to light', () => {
    const p = paletteFromColors(
      [
        [240, 240, 230],
        [20, 20, 60],
        [200, 60, 40],
      ],
      createRng(1),
    );
    expect(p.deep.l).toBeLessThan(p.main.l);
    expect(p.light.l).toBeGreaterThan(0.74);
    expect(nearestColorName(hslToRgb(p.accent))).toMatch(/red|crimson|coral/);
  });
});
