import type { BotType } from '@draw/shared';
import { renderArt } from './art';
import type { Rgb } from './color';
import { dominantColors } from './measure';
import {
  ART_STYLES,
  buildPalette,
  readTheme,
  varyPalette,
  type ArtStyle,
  type Palette,
  type Theme,
} from './palette';
import { gridOf, mix, softLight, type Raw } from './pixels';
import { createRng, hashString, type Rng } from './random';
import { blurRaw, resizeRaw } from './raster';
import { aspectRatioOf } from './words';

/** Grid tiles are 512 px on their long side, like Midjourney's classic 1024 px grids. */
export const TILE = 512;

export interface ImagineSpec {
  prompt: string;
  seed: number;
  botType?: BotType;
  /** Decoded reference images: their colours tint the palette and their shapes show through. */
  references?: readonly Raw[];
  /** Decoded style references: their colours lead the palette. */
  styles?: readonly Raw[];
  /** Extra colours to lean towards (a reroll of a picture whose prompt names none). */
  tints?: readonly Rgb[];
}

const even = (x: number): number => Math.max(2, Math.round(x / 2) * 2);

export function tileSizeFor(prompt: string): { width: number; height: number } {
  const ratio = aspectRatioOf(prompt) ?? 1;
  return ratio >= 1
    ? { width: TILE, height: even(TILE / ratio) }
    : { width: even(TILE * ratio), height: TILE };
}

/**
 * Four styles for the four tiles: the subject the prompt names leads (twice when it names only
 * one), the rest are picked by the seed so that the grid offers real alternatives.
 */
export function quadrantStyles(theme: Theme, rng: Rng): ArtStyle[] {
  const hinted = theme.styles.slice(0, 2);
  const lead =
    hinted[0] ?? ART_STYLES[(theme.wordHashes[0] ?? rng.int(0, 999)) % ART_STYLES.length] ?? 'blobs';
  const others = rng.shuffle(ART_STYLES.filter((s) => s !== lead && s !== hinted[1]));
  const chosen =
    hinted.length > 0 ? [lead, hinted[1] ?? lead, ...others].slice(0, 4) : [lead, ...others].slice(0, 4);
  return rng.shuffle(chosen);
}

async function underlay(art: Raw, reference: Raw): Promise<Raw> {
  const fitted = await blurRaw(await resizeRaw(reference, art.width, art.height, { fit: 'cover' }), 1.2);
  // The reference keeps its layout; the artwork recolours and textures it.
  return mix(softLight(fitted, art), art, 0.4);
}

/** Everything needed to draw one tile again: variations re-derive a parent's tiles from it. */
export interface TileRecipe {
  style: ArtStyle;
  palette: Palette;
  artSeed: number;
  width: number;
  height: number;
  reference?: Raw;
}

export function imagineRecipes(spec: ImagineSpec): TileRecipe[] {
  const rng = createRng(spec.seed);
  const theme = readTheme(spec.prompt);
  const references = spec.references ?? [];
  const tints = [...(spec.tints ?? []), ...references.flatMap((r) => dominantColors(r, 2).map((s) => s.rgb))];
  const style = (spec.styles ?? []).flatMap((s) => dominantColors(s, 3).map((c) => c.rgb));
  const base = buildPalette(theme, rng.fork('palette'), { botType: spec.botType, tints, style });
  const { width, height } = tileSizeFor(spec.prompt);
  return quadrantStyles(theme, rng.fork('styles')).map((style, q) => ({
    style,
    palette: varyPalette(base, rng.fork(`palette-${q}`), 14),
    artSeed: hashString(`art-${spec.seed}-${q}`),
    width,
    height,
    reference: references[q % Math.max(1, references.length)],
  }));
}

export async function renderRecipe(recipe: TileRecipe): Promise<Raw> {
  const art = await renderArt(
    recipe.style,
    recipe.palette,
    createRng(recipe.artSeed),
    recipe.width,
    recipe.height,
  );
  return recipe.reference ? underlay(art, recipe.reference) : art;
}

export async function renderImagine(spec: ImagineSpec): Promise<Raw> {
  return gridOf(await Promise.all(imagineRecipes(spec).map(renderRecipe)));
}
