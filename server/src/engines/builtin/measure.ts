import { labDistance, luma, rgbToHsl, type Rgb } from './color';
import type { Raw } from './pixels';

/** Measured properties of a picture: what describe talks about and what outpainting matches. */

export interface Swatch {
  rgb: Rgb;
  /** Share of the sampled pixels, 0–1. */
  share: number;
}

/** Enough samples for stable statistics, few enough to stay in the low milliseconds. */
const TARGET_SAMPLES = 16_384;

/** Visits about TARGET_SAMPLES pixels on a regular lattice (deterministic, unlike random sampling). */
function forSamples(
  raw: Raw,
  visit: (rgb: Rgb, x: number, y: number) => void,
  region?: (x: number, y: number) => boolean,
): void {
  const step = Math.max(1, Math.floor(Math.sqrt((raw.width * raw.height) / TARGET_SAMPLES)));
  for (let y = Math.floor(step / 2); y < raw.height; y += step) {
    for (let x = Math.floor(step / 2); x < raw.width; x += step) {
      if (region && !region(x, y)) continue;
      const i = (y * raw.width + x) * 3;
      visit([raw.data[i] ?? 0, raw.data[i + 1] ?? 0, raw.data[i + 2] ?? 0], x, y);
    }
  }
}

/**
 * The main colours, biggest first: pixels are binned coarsely (4 bits a channel), then bins that
 * look alike are merged so that a gradient counts as one colour rather than twenty.
 */
export function dominantColors(raw: Raw, max = 4, region?: (x: number, y: number) => boolean): Swatch[] {
  const bins = new Map<number, { n: number; r: number; g: number; b: number }>();
  let total = 0;
  forSamples(
    raw,
    ([r, g, b]) => {
      const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
      const bin = bins.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
      bin.n += 1;
      bin.r += r;
      bin.g += g;
      bin.b += b;
      bins.set(key, bin);
      total += 1;
    },
    region,
  );
  if (total === 0) return [];
  const sorted = [...bins.values()].sort((a, b) => b.n - a.n);
  const clusters: { rgb: Rgb; n: number }[] = [];
  for (const bin of sorted) {
    const rgb: Rgb = [bin.r / bin.n, bin.g / bin.n, bin.b / bin.n];
    const near = clusters.find((c) => labDistance(c.rgb, rgb) < 22);
    if (near) near.n += bin.n;
    else clusters.push({ rgb, n: bin.n });
  }
  return clusters
    .sort((a, b) => b.n - a.n)
    .slice(0, max)
    .map((c) => ({
      rgb: [Math.round(c.rgb[0]), Math.round(c.rgb[1]), Math.round(c.rgb[2])] as Rgb,
      share: c.n / total,
    }));
}

export interface ImageStats {
  /** Mean luma 0–1. */
  brightness: number;
  /** Standard deviation of luma 0–1 (about 0.5 at most). */
  contrast: number;
  /** Mean HSL saturation 0–1. */
  saturation: number;
  /** Mean luma step between neighbouring samples: high for busy detail, low for smooth fields. */
  detail: number;
  /** Whether the coloured pixels lean to reds and oranges or to blues and teals. */
  warmth: 'warm' | 'cool' | 'neutral';
}

export function imageStats(raw: Raw): ImageStats {
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  let sat = 0;
  let warm = 0;
  let cool = 0;
  forSamples(raw, (rgb) => {
    const l = luma(rgb);
    n += 1;
    sum += l;
    sumSq += l * l;
    const hsl = rgbToHsl(rgb);
    sat += hsl.s;
    if (hsl.s > 0.2 && hsl.l > 0.1 && hsl.l < 0.92) {
      if (hsl.h < 70 || hsl.h >= 330) warm += 1;
      else if (hsl.h >= 160 && hsl.h < 280) cool += 1;
    }
  });
  let steps = 0;
  let detailSum = 0;
  const stride = Math.max(1, Math.floor(raw.width / 256));
  for (let y = 0; y < raw.height; y += stride * 4) {
    for (let x = stride; x < raw.width; x += stride) {
      const i = (y * raw.width + x) * 3;
      const j = i - stride * 3;
      const a = luma([raw.data[i] ?? 0, raw.data[i + 1] ?? 0, raw.data[i + 2] ?? 0]);
      const b = luma([raw.data[j] ?? 0, raw.data[j + 1] ?? 0, raw.data[j + 2] ?? 0]);
      detailSum += Math.abs(a - b);
      steps += 1;
    }
  }
  const mean = n ? sum / n : 0;
  const warmth =
    warm > cool * 1.3 && warm > n * 0.1 ? 'warm' : cool > warm * 1.3 && cool > n * 0.1 ? 'cool' : 'neutral';
  return {
    brightness: mean,
    contrast: n ? Math.sqrt(Math.max(0, sumSq / n - mean * mean)) : 0,
    saturation: n ? sat / n : 0,
    detail: steps ? detailSum / steps : 0,
    warmth,
  };
}
