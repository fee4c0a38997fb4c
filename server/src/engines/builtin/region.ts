import { TaskFailureCode } from '@draw/shared';
import { EngineFailure } from '../port';
import { renderArt } from './art';
import { TILE } from './imagine';
import { dominantColors } from './measure';
import { ART_STYLES, buildPalette, readTheme } from './palette';
import { gridOf, mix, paste, smoothstep, type AlphaMap, type Raw } from './pixels';
import { createRng } from './random';
import { blurGrey, blurRaw, decodeGrey } from './raster';
import { fitWithin } from './source';

/** Mask pixels brighter than this are selected (the contract: white = change, black = keep). */
const SELECTED = 128;

export interface RegionMask {
  /** 1 where selected, 0 elsewhere. */
  hard: Uint8Array;
  /** 0 outside the selection and at its edge, rising to 1 inside: repaint blends in, never out. */
  soft: AlphaMap;
  selected: number;
}

export async function readMask(bytes: Buffer, width: number, height: number): Promise<RegionMask> {
  const grey = await decodeGrey(bytes, width, height, 'the mask');
  const hard = grey.map((v) => (v >= SELECTED ? 1 : 0));
  const selected = hard.reduce((sum, v) => sum + v, 0);
  if (selected === 0) throw new EngineFailure(TaskFailureCode.EmptyMask);
  const feather = Math.max(2, Math.min(width, height) * 0.02);
  const blurred = await blurGrey(
    hard.map((v) => v * 255),
    width,
    height,
    feather,
  );
  const soft = new Float32Array(width * height);
  for (let i = 0; i < soft.length; i++)
    soft[i] = hard[i] ? smoothstep(127, 255, blurred[i] ?? 0) * 0.9 + 0.1 : 0;
  return { hard, soft, selected };
}

/** The selection's bounding box, grown a little so the artwork's composition frames it. */
function selectionBox(
  mask: RegionMask,
  width: number,
  height: number,
): { left: number; top: number; width: number; height: number } {
  let [minX, minY, maxX, maxY] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask.hard[y * width + x]) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  const padX = Math.round((maxX - minX + 1) * 0.12);
  const padY = Math.round((maxY - minY + 1) * 0.12);
  const left = Math.max(0, minX - padX);
  const top = Math.max(0, minY - padY);
  return {
    left,
    top,
    width: Math.max(8, Math.min(width, maxX + padX + 1) - left),
    height: Math.max(8, Math.min(height, maxY + padY + 1) - top),
  };
}

/** Moves the artwork's mean colour part of the way to the surroundings' so the patch belongs. */
function harmonise(art: Raw, context: Raw, mask: RegionMask, strength: number): Raw {
  const sums = [0, 0, 0, 0, 0, 0];
  let n = 0;
  for (let p = 0; p < mask.hard.length; p++) {
    if (!mask.hard[p]) continue;
    n += 1;
    for (let c = 0; c < 3; c++) {
      sums[c] = (sums[c] ?? 0) + (art.data[p * 3 + c] ?? 0);
      sums[c + 3] = (sums[c + 3] ?? 0) + (context.data[p * 3 + c] ?? 0);
    }
  }
  const shift = [0, 1, 2].map((c) => (((sums[c + 3] ?? 0) - (sums[c] ?? 0)) / Math.max(1, n)) * strength);
  const out = Buffer.from(art.data);
  for (let i = 0; i < out.length; i++)
    out[i] = Math.max(0, Math.min(255, Math.round((out[i] ?? 0) + (shift[i % 3] ?? 0))));
  return { ...art, data: out };
}

/**
 * Vary (Region): four takes in which the selected area is repainted with an artwork framed on
 * the selection, in the prompt's palette and toned towards the picture around it. Every
 * unselected pixel is the picture's own.
 */
export async function renderRegion(
  source: Raw,
  maskBytes: Buffer,
  prompt: string,
  seed: number,
): Promise<Raw> {
  const base = await fitWithin(source, TILE);
  const { width, height } = base;
  const mask = await readMask(maskBytes, width, height);
  const theme = readTheme(prompt);
  const around = dominantColors(base, 3, (x, y) => mask.hard[y * width + x] === 0).map((s) => s.rgb);
  const context = await blurRaw(base, Math.max(4, Math.min(width, height) * 0.05));
  const box = selectionBox(mask, width, height);
  const tiles = await Promise.all(
    [0, 1, 2, 3].map(async (v) => {
      const rng = createRng(seed).fork(`region-${v}`);
      const palette = buildPalette(theme, rng.fork('palette'), { tints: around });
      const style = theme.styles[v % Math.max(1, theme.styles.length)] ?? rng.pick(ART_STYLES);
      const toning = rng.range(0.35, 0.6);
      const art = await renderArt(style, palette, rng.fork('art'), box.width, box.height);
      const placed = { ...context, data: Buffer.from(context.data) };
      paste(placed, art, box.left, box.top);
      const repaint = harmonise(placed, context, mask, toning);
      return mix(base, repaint, mask.soft);
    }),
  );
  return gridOf(tiles);
}
