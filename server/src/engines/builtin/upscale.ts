import { createRaw, crop, type Raw } from './pixels';
import { createRng, hashString } from './random';
import { modulateRaw, resizeRaw, sharpenRaw } from './raster';

export type UpscaleMode = 'default' | 'subtle' | 'creative';

/** Twice the size, up to this: beyond it a result stops fitting comfortably in 1.5 MB. */
const MAX_SIDE = 2048;

/**
 * Smooth value noise (random values on a coarse lattice, interpolated): a canvas-like tooth for
 * creative upscales rather than per-pixel static, which would also bloat the PNG.
 */
async function texture(width: number, height: number, seed: number): Promise<Raw> {
  const rng = createRng(seed);
  const cell = 4;
  const gw = Math.ceil(width / cell) + 1;
  const gh = Math.ceil(height / cell) + 1;
  const lattice = createRaw(gw, gh);
  for (let i = 0; i < gw * gh; i++)
    lattice.data.fill(Math.round(128 + (rng.next() * 2 - 1) * 22), i * 3, i * 3 + 3);
  return crop(await resizeRaw(lattice, gw * cell, gh * cell, { kernel: 'cubic' }), 0, 0, width, height);
}

/**
 * Lanczos to twice the size. Subtle stays faithful (a gentle sharpen); creative adds a light
 * painterly tooth and a touch of saturation, as Midjourney's creative upscaler invents detail.
 */
export async function upscaleTile(tile: Raw, mode: UpscaleMode, seed: number): Promise<Raw> {
  const scale = Math.min(2, MAX_SIDE / Math.max(tile.width, tile.height));
  const width = Math.max(1, Math.round(tile.width * scale));
  const height = Math.max(1, Math.round(tile.height * scale));
  const big = await resizeRaw(tile, width, height, { kernel: 'lanczos3' });
  if (mode !== 'creative') return sharpenRaw(big, mode === 'subtle' ? 0.5 : 0.8);
  const grain = await texture(width, height, hashString(`creative-${seed}`));
  const textured = Buffer.alloc(big.data.length);
  for (let c = 0; c < textured.length; c++) {
    // Soft light with a mid-grey-centred texture: shading only, no colour shift.
    const a = (big.data[c] ?? 0) / 255;
    const b = (grain.data[c] ?? 128) / 255;
    const soft = (1 - 2 * b) * a * a + 2 * b * a;
    textured[c] = Math.round((a * 0.45 + soft * 0.55) * 255);
  }
  return modulateRaw(await sharpenRaw({ data: textured, width, height }, 1), { saturation: 1.08 });
}
