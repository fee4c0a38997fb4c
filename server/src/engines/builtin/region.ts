import { EngineFailure } from '../port';
import { renderArt } from './art';
import { TILE } from './imagine';
import { dominantColors } from './measure';
import { ART_STYLES, buildPalette, readTheme } from './palette';
import { gridOf, mix, softLight, smoothstep, type AlphaMap, type Raw } from './pixels';
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
  if (selected === 0) throw new EngineFailure('The mask selects nothing: paint the area to change in white on black.');
  const feather = Math.max(2, Math.min(width, height) * 0.02);
  const blurred = await blurGrey(hard.map((v) => v * 255), width, height, feather);
  const soft = new Float32Array(width * height);
  for (let i = 0; i < soft.length; i++) soft[i] = hard[i] ? smoothstep(127, 255, blurred[i] ?? 0) * 0.9 + 0.1 : 0;
  return { hard, soft, selected };
}

/**
 * Vary (Region): four takes in which the selected area is repainted with the prompt's palette
 * (tinted by the picture around it) and every unselected pixel is the picture's own.
 */
export async function renderRegion(source: Raw, maskBytes: Buffer, prompt: string, seed: number): Promise<Raw> {
  const base = await fitWithin(source, TILE);
  const { width, height } = base;
  const mask = await readMask(maskBytes, width, height);
  const theme = readTheme(prompt);
  const around = dominantColors(base, 3, (x, y) => mask.hard[y * width + x] === 0).map((s) => s.rgb);
  const context = await blurRaw(base, Math.max(4, Math.min(width, height) * 0.05));
  const tiles = await Promise.all(
    [0, 1, 2, 3].map(async (v) => {
      const rng = createRng(seed).fork(`region-${v}`);
      const palette = buildPalette(theme, rng.fork('palette'), { tints: around });
      const style = theme.styles[v % Math.max(1, theme.styles.length)] ?? rng.pick(ART_STYLES);
      const art = await renderArt(style, palette, rng.fork('art'), width, height);
      const repaint = mix(art, softLight(context, art), rng.range(0.25, 0.45));
      return mix(base, repaint, mask.soft);
    }),
  );
  return gridOf(tiles);
}
