import type { BotType } from '@draw/shared';
import { renderArt } from './art';
import { imagineRecipes, renderImagine, renderRecipe, TILE, type TileRecipe } from './imagine';
import { dominantColors } from './measure';
import { ART_STYLES, buildPalette, paletteFromColors, readTheme, varyPalette } from './palette';
import { crop, gridOf, mix, softLight, type Raw } from './pixels';
import { createRng, hashString, type Rng } from './random';
import { flopRaw, modulateRaw, resizeRaw, rotateRaw } from './raster';
import { fitWithin } from './source';
import { contentWords } from './words';

export type VariationStrength = 'subtle' | 'strong' | 'index';

/** How far each kind of variation may wander from its source. */
const REACH: Record<
  VariationStrength,
  {
    angle: number;
    zoom: [number, number];
    shift: number;
    hue: number;
    tint: number;
    paint: number;
    flop: number;
  }
> = {
  subtle: { angle: 2.5, zoom: [1.02, 1.06], shift: 0.3, hue: 8, tint: 0.25, paint: 0, flop: 0 },
  index: { angle: 5, zoom: [1.05, 1.18], shift: 0.6, hue: 20, tint: 0.4, paint: 0.1, flop: 0.3 },
  strong: { angle: 9, zoom: [1.1, 1.4], shift: 0.9, hue: 40, tint: 0.55, paint: 0.2, flop: 0.5 },
};
type Reach = (typeof REACH)[VariationStrength];

/**
 * Re-frames the picture: a small rotation, then the largest same-shaped window that holds no
 * corner of the rotated canvas, zoomed and shifted a little, scaled back to the original size.
 */
async function reframe(src: Raw, rng: Rng, reach: Reach): Promise<Raw> {
  const { width: w, height: h } = src;
  const angle = rng.range(-reach.angle, reach.angle);
  const rotated = Math.abs(angle) < 0.05 ? src : await rotateRaw(src, angle);
  const rad = (Math.abs(angle) * Math.PI) / 180;
  const c = Math.cos(rad);
  const s = Math.sin(rad);
  const inscribed = Math.min(w / (w * c + h * s), h / (w * s + h * c));
  const zoom = rng.range(...reach.zoom);
  const cw = Math.max(1, Math.floor((w * inscribed) / zoom));
  const ch = Math.max(1, Math.floor((h * inscribed) / zoom));
  const slackX = ((w * inscribed - cw) / 2) * reach.shift;
  const slackY = ((h * inscribed - ch) / 2) * reach.shift;
  const left = Math.round((rotated.width - cw) / 2 + rng.range(-slackX, slackX));
  const top = Math.round((rotated.height - ch) / 2 + rng.range(-slackY, slackY));
  const window = crop(
    rotated,
    Math.max(0, Math.min(rotated.width - cw, left)),
    Math.max(0, Math.min(rotated.height - ch, top)),
    cw,
    ch,
  );
  return resizeRaw(window, w, h, { kernel: 'lanczos3' });
}

export interface VariationSpec {
  /** The picture to vary: a grid quadrant or an upscale. */
  source: Raw;
  prompt: string;
  seed: number;
  strength: VariationStrength;
  botType?: BotType;
  /** How the source tile was drawn, when it is one of ours: variations then redraw rather than retouch. */
  recipe?: TileRecipe;
}

/** Any picture: re-framed, re-coloured takes with a little procedural paint worked in. */
async function retouched(spec: VariationSpec, base: Raw, v: number): Promise<Raw> {
  const reach = REACH[spec.strength];
  const r = createRng(spec.seed).fork(`variation-${v}`);
  let tile = await reframe(base, r.fork('frame'), reach);
  if (r.chance(reach.flop)) tile = await flopRaw(tile);
  tile = await modulateRaw(tile, {
    hue: r.range(-reach.hue, reach.hue),
    saturation: r.range(0.92, 1.12),
    brightness: r.range(0.95, 1.05),
  });
  const theme = readTheme(spec.prompt);
  const measured = dominantColors(base, 4).map((s) => s.rgb);
  // Subtle variations keep the picture's own colours; stronger ones lean towards the prompt's.
  const palette =
    spec.strength === 'subtle'
      ? paletteFromColors(measured, r.fork('palette'))
      : buildPalette(theme, r.fork('palette'), { botType: spec.botType, tints: measured });
  const style = theme.styles[v % Math.max(1, theme.styles.length)] ?? r.pick(ART_STYLES);
  const art = await renderArt(style, palette, r.fork('art'), tile.width, tile.height);
  return mix(mix(tile, softLight(tile, art), reach.tint), art, reach.paint);
}

/** One of our own tiles: the same kind of picture redrawn with new shapes and shifted colours. */
async function redrawn(spec: VariationSpec, recipe: TileRecipe, v: number): Promise<Raw> {
  const r = createRng(spec.seed).fork(`redraw-${v}`);
  const strong = spec.strength === 'strong';
  const theme = readTheme(spec.prompt);
  const style = strong && r.chance(0.4) ? (theme.styles[0] ?? r.pick(ART_STYLES)) : recipe.style;
  return renderRecipe({
    ...recipe,
    style,
    palette: varyPalette(recipe.palette, r, strong ? 30 : 12),
    artSeed: hashString(`variation-${spec.seed}-${v}`),
  });
}

export async function renderVariation(spec: VariationSpec): Promise<Raw> {
  const base = await fitWithin(spec.source, TILE);
  const { recipe } = spec;
  const tiles = await Promise.all(
    [0, 1, 2, 3].map((v) =>
      recipe && spec.strength !== 'subtle' ? redrawn(spec, recipe, v) : retouched(spec, base, v),
    ),
  );
  return gridOf(tiles);
}

const meanDifference = (a: Raw, b: Raw): number => {
  if (a.width !== b.width || a.height !== b.height) return Infinity;
  let sum = 0;
  for (let i = 0; i < a.data.length; i += 7) sum += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
  return sum / Math.ceil(a.data.length / 7);
};

/**
 * Whether `tile` is quadrant `index` of the grid we would draw for this prompt and seed (drawn
 * again and compared, since a parent may come from the upstream or from other actions).
 */
export async function recognise(
  tile: Raw,
  prompt: string,
  seed: number,
  index: 1 | 2 | 3 | 4,
): Promise<TileRecipe | undefined> {
  for (const botType of ['MID_JOURNEY', 'NIJI_JOURNEY'] as const) {
    const recipe = imagineRecipes({ prompt, seed, botType })[index - 1];
    if (!recipe || recipe.width !== tile.width || recipe.height !== tile.height) return undefined;
    if (meanDifference(await renderRecipe(recipe), tile) < 2) return recipe;
  }
  return undefined;
}

export interface RerollSpec {
  parent: Raw;
  prompt: string;
  seed: number;
  botType?: BotType;
}

/** A fresh grid for the same prompt; a prompt with nothing to draw (a blend's) borrows the parent's colours. */
export async function renderReroll(spec: RerollSpec): Promise<Raw> {
  const tints =
    contentWords(spec.prompt).length === 0 ? dominantColors(spec.parent, 3).map((s) => s.rgb) : [];
  return renderImagine({ prompt: spec.prompt, seed: spec.seed, botType: spec.botType, tints });
}
