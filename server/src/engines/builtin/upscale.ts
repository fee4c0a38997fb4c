import { createRaw, type Raw } from './pixels';
import { createRng, hashString } from './random';
import { modulateRaw, resizeRaw, sharpenRaw } from './raster';

export type UpscaleMode = 'default' | 'subtle' | 'creative';

/** Twice the size, up to this: beyond it a result stops fitting comfortably in 1.5 MB. */
const MAX_SIDE = 2048;

/** Smooth value noise: a light canvas-like tooth for creative upscales (not per-pixel static). */
function texture(width: number, height: number, seed: number): Raw {
  const rng = createRng(seed);
  const cell = 6;
  const gw = Math.ceil(width / cell) + 2;
  const gh = Math.ceil(height / cell) + 2;
  const grid = Float32Array.from({ length: gw * gh }, () => rng.next() * 2 - 1);
  const out = createRaw(width, height);
  for (let y = 0; y < height; y++) {
    const gy = y / cell;
    const y0 = Math.floor(gy);
    const fy = gy - y0;
    for (let x = 0; x < width; x++) {
      const gx = x / cell;
      const x0 = Math.floor(gx);
      const fx = gx - x0;
      const at = (i: number, j: number): number => grid[j * gw + i] ?? 0;
      const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * fx;
      const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * fx;
      const v = Math.round(128 + (top + (bottom - top) * fy) * 40);
      const i = (y * width + x) * 3;
      out.data[i] = v;
      out.data[i + 1] = v;
      out.data[i + 2] = v;
    }
  }
  return out;
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
  const grain = texture(width, height, hashString(`creative-${seed}`));
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
