import type { Rgb } from './color';
import { TILE } from './imagine';
import { buildPalette, paletteRgb, readTheme } from './palette';
import { createRaw, gridOf, type Raw } from './pixels';
import { createRng } from './random';
import { decodeImage, resizeRaw } from './raster';

export interface RetextureSpec {
  /** The picture whose structure is kept (an upload, or a finished task's image). */
  image: Buffer;
  /** The look it is given: its colours and style words choose the palette. */
  prompt: string;
  seed: number;
}

const luminance = (data: Buffer, i: number) =>
  (0.2126 * (data[i] ?? 0) + 0.7152 * (data[i + 1] ?? 0) + 0.0722 * (data[i + 2] ?? 0)) / 255;

/** Edge strength 0–1 (Sobel on luminance): the outlines that carry the picture's structure. */
function edgesOf(raw: Raw): Float32Array {
  const { width, height, data } = raw;
  const lum = new Float32Array(width * height);
  for (let p = 0; p < lum.length; p++) lum[p] = luminance(data, p * 3);
  const at = (x: number, y: number) =>
    lum[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))] ?? 0;
  const edges = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const gx =
        at(x + 1, y - 1) +
        2 * at(x + 1, y) +
        at(x + 1, y + 1) -
        at(x - 1, y - 1) -
        2 * at(x - 1, y) -
        at(x - 1, y + 1);
      const gy =
        at(x - 1, y + 1) +
        2 * at(x, y + 1) +
        at(x + 1, y + 1) -
        at(x - 1, y - 1) -
        2 * at(x, y - 1) -
        at(x + 1, y - 1);
      edges[y * width + x] = Math.min(1, Math.hypot(gx, gy) * 1.5);
    }
  return edges;
}

/** The colour at `t` (0–1) along the palette's ramp, dark to light. */
function rampAt(ramp: readonly Rgb[], t: number): Rgb {
  const scaled = Math.min(0.9999, Math.max(0, t)) * (ramp.length - 1);
  const i = Math.floor(scaled);
  const f = scaled - i;
  const a = ramp[i]!;
  const b = ramp[i + 1] ?? a;
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

/**
 * One restyled tile: each pixel's lightness mapped onto the prompt's palette (so shapes and shading
 * stay where they were, in the new colours), with the source's outlines inked over it.
 */
function restyle(source: Raw, edges: Float32Array, ramp: readonly Rgb[], ink: Rgb): Raw {
  const out = createRaw(source.width, source.height);
  for (let p = 0; p < edges.length; p++) {
    const colour = rampAt(ramp, luminance(source.data, p * 3));
    const e = edges[p] ?? 0;
    for (let c = 0; c < 3; c++) out.data[p * 3 + c] = Math.round(colour[c]! * (1 - e) + ink[c]! * e);
  }
  return out;
}

/**
 * Midjourney's Retexture, sketched: a 2×2 grid of the picture in the prompt's look, four palettes
 * of its theme, each keeping the picture's structure (its outlines and light and shade).
 */
export async function renderRetexture(spec: RetextureSpec): Promise<Raw> {
  const decoded = await decodeImage(spec.image, { what: 'the image', maxSide: 1024 });
  const source = await resizeRaw(decoded, TILE, TILE, { fit: 'cover' });
  const edges = edgesOf(source);
  const theme = readTheme(spec.prompt);
  const tiles = [0, 1, 2, 3].map((i) => {
    const ramp = paletteRgb(buildPalette(theme, createRng(spec.seed + i * 7919)));
    return restyle(source, edges, ramp, ramp[0]!);
  });
  return gridOf(tiles);
}
