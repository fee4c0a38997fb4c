import { describe, expect, it } from 'vitest';
import { artLayers, renderArt } from './art';
import { imageStats } from './measure';
import { ART_STYLES, buildPalette, readTheme } from './palette';
import { createRng } from './random';

const palette = buildPalette(readTheme('amber and teal'), createRng(1));

describe('renderArt', () => {
  it.each(ART_STYLES)(
    'draws %s deterministically, differently per seed, and as pictures rather than noise',
    async (style) => {
      const a = await renderArt(style, palette, createRng(10), 160, 120);
      const b = await renderArt(style, palette, createRng(10), 160, 120);
      const c = await renderArt(style, palette, createRng(11), 160, 120);
      expect([a.width, a.height, a.data.length]).toEqual([160, 120, 160 * 120 * 3]);
      expect(a.data.equals(b.data)).toBe(true);
      expect(a.data.equals(c.data)).toBe(false);
      const stats = imageStats(a);
      // Something is drawn (not a flat fill), and it is mostly smooth regions (not static).
      expect(stats.contrast).toBeGreaterThan(0.03);
      expect(stats.detail).toBeLessThan(0.12);
    },
  );

  it('keeps blurred work on the low-resolution layer', () => {
    const { back, front } = artLayers('cosmos', palette, createRng(2), 512, 512);
    expect(back).toMatch(/^<svg [^>]*width="128" height="128" viewBox="0 0 512 512"/);
    expect(front).toMatch(/^<svg [^>]*width="512" height="512"/);
    expect(front).not.toContain('feGaussianBlur');
  });
});
