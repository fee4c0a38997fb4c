import { describe, expect, it } from 'vitest';
import { renderArt } from './art';
import { buildPalette, readTheme } from './palette';
import { createRaw, pixelAt, type Raw } from './pixels';
import { createRng } from './random';
import { upscaleTile } from './upscale';

async function tile(): Promise<Raw> {
  const rng = createRng(3);
  return renderArt('landscape', buildPalette(readTheme('amber hills'), rng), rng.fork('a'), 128, 96);
}

const meanAbsDiff = (a: Raw, b: Raw): number => {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
  return sum / a.data.length;
};

describe('upscaleTile', () => {
  it('doubles the size and keeps the picture', async () => {
    const source = await tile();
    for (const mode of ['default', 'subtle', 'creative'] as const) {
      const big = await upscaleTile(source, mode, 1);
      expect([big.width, big.height]).toEqual([256, 192]);
      const [r, g, b] = pixelAt(source, 64, 80);
      const [R, G, B] = pixelAt(big, 129, 161);
      expect(Math.abs(r - R) + Math.abs(g - G) + Math.abs(b - B)).toBeLessThan(60);
    }
  });

  it('caps the long side at 2048', async () => {
    const big = await upscaleTile(createRaw(1500, 100, [90, 120, 200]), 'default', 1);
    expect([big.width, big.height]).toEqual([2048, 137]);
  });

  it('adds texture in creative mode only, deterministically', async () => {
    const source = await tile();
    const subtle = await upscaleTile(source, 'subtle', 1);
    const creative = await upscaleTile(source, 'creative', 1);
    expect(meanAbsDiff(subtle, creative)).toBeGreaterThan(2);
    expect((await upscaleTile(source, 'creative', 1)).data.equals(creative.data)).toBe(true);
  });
});
