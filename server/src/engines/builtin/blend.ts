import type { BlendDimensions } from '@draw/shared';
import { Limits, TaskFailureCode } from '@draw/shared';
import { EngineFailure } from '../port';
import { luma } from './color';
import { createRaw, crop, gridOf, type Raw } from './pixels';
import { createRng, type Rng } from './random';
import { modulateRaw, resizeRaw } from './raster';

/** Tile sizes per /blend dimension (long side 512, like imagine's grids). */
export const BLEND_TILES: Record<BlendDimensions, { width: number; height: number }> = {
  PORTRAIT: { width: 342, height: 512 },
  SQUARE: { width: 512, height: 512 },
  LANDSCAPE: { width: 512, height: 342 },
};

/** Every image keeps at least this share of every pixel, so a blend never collapses to one input. */
const MIN_WEIGHT = 0.3;

/** Cover-fits an image to the tile, zoomed in a little at a seed-chosen spot so tiles differ. */
async function framed(image: Raw, width: number, height: number, rng: Rng): Promise<Raw> {
  // Every draw happens before the first await: callers run several of these concurrently.
  const zoom = rng.range(1, 1.15);
  const fx = rng.next();
  const fy = rng.next();
  const w = Math.round(width * zoom);
  const h = Math.round(height * zoom);
  const cover = await resizeRaw(image, w, h, { fit: 'cover' });
  return crop(cover, Math.floor(fx * (w - width + 1)), Math.floor(fy * (h - height + 1)), width, height);
}

type WeightField = (i: number, x: number, y: number, pixel: readonly number[]) => number;

/** Four ways to share the picture between the inputs: evenly, in sweeps, in rings, by brightness. */
function weightFields(count: number, width: number, height: number, rng: Rng): WeightField[] {
  const angles = Array.from({ length: count }, (_, i) => (i / count) * Math.PI * 2 + rng.range(-0.4, 0.4));
  const even: WeightField = () => 1;
  const sweep: WeightField = (i, x, y) => {
    const a = angles[i] ?? 0;
    return 1 + 0.6 * (((x / width - 0.5) * Math.cos(a) + (y / height - 0.5) * Math.sin(a)) * 2);
  };
  const rings: WeightField = (i, x, y) => {
    const r = Math.hypot(x / width - 0.5, y / height - 0.5) * 2;
    return i % 2 === 0 ? 1.3 - 0.6 * r : 0.6 + 0.6 * r;
  };
  const light: WeightField = (_i, _x, _y, [r = 0, g = 0, b = 0]) => 0.5 + luma([r, g, b]);
  return rng.shuffle([even, sweep, rings, light]);
}

function blendTile(images: readonly Raw[], field: WeightField): Raw {
  const first = images[0];
  if (!first) throw new Error('nothing to blend');
  const { width, height } = first;
  const sums = new Float32Array(width * height * 3);
  const totals = new Float32Array(width * height);
  const pixel = [0, 0, 0];
  images.forEach((img, i) => {
    const { data } = img;
    for (let y = 0, p = 0; y < height; y++) {
      for (let x = 0; x < width; x++, p++) {
        const c = p * 3;
        pixel[0] = data[c] ?? 0;
        pixel[1] = data[c + 1] ?? 0;
        pixel[2] = data[c + 2] ?? 0;
        const w = Math.max(MIN_WEIGHT, field(i, x, y, pixel));
        totals[p] = (totals[p] ?? 0) + w;
        sums[c] = (sums[c] ?? 0) + (pixel[0] ?? 0) * w;
        sums[c + 1] = (sums[c + 1] ?? 0) + (pixel[1] ?? 0) * w;
        sums[c + 2] = (sums[c + 2] ?? 0) + (pixel[2] ?? 0) * w;
      }
    }
  });
  const out = createRaw(width, height);
  for (let c = 0; c < sums.length; c++)
    out.data[c] = Math.round((sums[c] ?? 0) / (totals[Math.floor(c / 3)] ?? 1));
  return out;
}

export async function renderBlend(
  images: readonly Raw[],
  dimensions: BlendDimensions,
  seed: number,
): Promise<Raw> {
  if (images.length < Limits.blendMinImages || images.length > Limits.blendMaxImages) {
    throw new EngineFailure(TaskFailureCode.BlendCount, {
      min: Limits.blendMinImages,
      max: Limits.blendMaxImages,
      given: images.length,
    });
  }
  const { width, height } = BLEND_TILES[dimensions];
  const rng = createRng(seed);
  const fields = weightFields(images.length, width, height, rng.fork('fields'));
  const tiles = await Promise.all(
    fields.map(async (field, q) => {
      const r = rng.fork(`tile-${q}`);
      const fitted = await Promise.all(images.map((img) => framed(img, width, height, r)));
      // Averaging dulls colours; a little extra saturation restores the look of the inputs.
      return modulateRaw(blendTile(fitted, field), { saturation: 1.1 });
    }),
  );
  return gridOf(tiles);
}
