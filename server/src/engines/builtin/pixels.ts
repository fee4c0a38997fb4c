import type { Rgb } from './color';

/**
 * Pixel buffers the engine composes in plain code: 8-bit RGB, row-major, no alpha. Keeping the
 * pixel maths here (rather than in sharp pipelines) makes masks and blends exact and testable.
 */
export interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

/** Per-pixel weights 0–1, one per pixel. */
export type AlphaMap = Float32Array;

export function createRaw(width: number, height: number, fill: Rgb = [0, 0, 0]): Raw {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i += 3) {
    data[i] = fill[0];
    data[i + 1] = fill[1];
    data[i + 2] = fill[2];
  }
  return { data, width, height };
}

export function pixelAt(raw: Raw, x: number, y: number): Rgb {
  const i = (y * raw.width + x) * 3;
  return [raw.data[i] ?? 0, raw.data[i + 1] ?? 0, raw.data[i + 2] ?? 0];
}

/** Copies `src` into `dst` with its top-left corner at (left, top). */
export function paste(dst: Raw, src: Raw, left: number, top: number): void {
  for (let y = 0; y < src.height; y++) {
    const from = y * src.width * 3;
    src.data.copy(dst.data, ((top + y) * dst.width + left) * 3, from, from + src.width * 3);
  }
}

export function crop(raw: Raw, left: number, top: number, width: number, height: number): Raw {
  const out = createRaw(width, height);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * raw.width + left) * 3;
    raw.data.copy(out.data, y * width * 3, from, from + width * 3);
  }
  return out;
}

/** Four equal tiles as one 2×2 grid: 1 top-left, 2 top-right, 3 bottom-left, 4 bottom-right. */
export function gridOf(tiles: readonly Raw[]): Raw {
  const first = tiles[0];
  if (tiles.length !== 4 || !first) throw new Error('a grid needs four tiles');
  const { width, height } = first;
  if (tiles.some((t) => t.width !== width || t.height !== height))
    throw new Error('grid tiles differ in size');
  const out = createRaw(width * 2, height * 2);
  tiles.forEach((t, i) => paste(out, t, (i % 2) * width, Math.floor(i / 2) * height));
  return out;
}

export function quadrantOf(grid: Raw, index: 1 | 2 | 3 | 4): Raw {
  const width = Math.floor(grid.width / 2);
  const height = Math.floor(grid.height / 2);
  const i = index - 1;
  return crop(grid, (i % 2) * width, Math.floor(i / 2) * height, width, height);
}

function sameSize(a: Raw, b: Raw): void {
  if (a.width !== b.width || a.height !== b.height) throw new Error('images differ in size');
}

/** `base` where alpha is 0, `top` where it is 1; exact copies of `base` wherever alpha is 0. */
export function mix(base: Raw, top: Raw, alpha: AlphaMap | number): Raw {
  sameSize(base, top);
  const b = base.data;
  const t = top.data;
  const out = Buffer.allocUnsafe(b.length);
  // Two monomorphic loops: this is the engine's hottest code.
  if (typeof alpha === 'number') {
    const a = Math.min(1, Math.max(0, alpha));
    for (let c = 0; c < b.length; c++) {
      const x = b[c] ?? 0;
      out[c] = x + Math.round(((t[c] ?? 0) - x) * a);
    }
  } else {
    for (let p = 0, c = 0; c < b.length; p++, c += 3) {
      const a = Math.min(1, alpha[p] ?? 0);
      const r = b[c] ?? 0;
      const g = b[c + 1] ?? 0;
      const bl = b[c + 2] ?? 0;
      if (a <= 0) {
        out[c] = r;
        out[c + 1] = g;
        out[c + 2] = bl;
      } else {
        out[c] = r + Math.round(((t[c] ?? 0) - r) * a);
        out[c + 1] = g + Math.round(((t[c + 1] ?? 0) - g) * a);
        out[c + 2] = bl + Math.round(((t[c + 2] ?? 0) - bl) * a);
      }
    }
  }
  return { data: out, width: base.width, height: base.height };
}

/** Soft light of every 8-bit pair, computed once (the Pegtop form). */
const SOFT_LIGHT = (() => {
  const table = new Uint8Array(256 * 256);
  for (let a = 0; a < 256; a++) {
    for (let b = 0; b < 256; b++) {
      const x = a / 255;
      const y = b / 255;
      table[(a << 8) | b] = Math.round(((1 - 2 * y) * x * x + 2 * y * x) * 255);
    }
  }
  return table;
})();

/** Soft light: `top` tints and shades `base` without hiding its structure. */
export function softLight(base: Raw, top: Raw): Raw {
  sameSize(base, top);
  const b = base.data;
  const t = top.data;
  const out = Buffer.allocUnsafe(b.length);
  for (let c = 0; c < out.length; c++) out[c] = SOFT_LIGHT[((b[c] ?? 0) << 8) | (t[c] ?? 0)] ?? 0;
  return { data: out, width: base.width, height: base.height };
}

export function screen(base: Raw, top: Raw): Raw {
  sameSize(base, top);
  const out = Buffer.alloc(base.data.length);
  for (let c = 0; c < out.length; c++) {
    out[c] = Math.round(255 - ((255 - (base.data[c] ?? 0)) * (255 - (top.data[c] ?? 0))) / 255);
  }
  return { data: out, width: base.width, height: base.height };
}

export const smoothstep = (edge0: number, edge1: number, x: number): number => {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
};
