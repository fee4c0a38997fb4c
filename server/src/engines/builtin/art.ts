import sharp from 'sharp';
import { bokeh, blobs, geometric, ribbons } from './art-abstract';
import { cosmos, landscape, waves } from './art-nature';
import type { ArtStyle, Palette } from './palette';
import type { Raw } from './pixels';
import type { Rng } from './random';
import { createCanvas, type Canvas } from './svg';

const STYLES: Record<ArtStyle, (c: Canvas, p: Palette, rng: Rng) => void> = {
  landscape,
  waves,
  blobs,
  geometric,
  cosmos,
  bokeh,
  ribbons,
};

/** One artwork as its two SVG layers; the front ends with a vignette that pulls the eye inwards. */
export function artLayers(
  style: ArtStyle,
  palette: Palette,
  rng: Rng,
  width: number,
  height: number,
): { back: string; front: string } {
  const canvas = createCanvas(width, height);
  STYLES[style](canvas, palette, rng);
  const strength = style === 'geometric' ? 0.1 : 0.22;
  const black = { h: 0, s: 0, l: 0 };
  const vignette = canvas.front.radial(
    [
      { offset: 0.55, color: black, opacity: 0 },
      { offset: 1, color: black, opacity: strength },
    ],
    width / 2,
    height / 2,
    Math.hypot(width, height) / 2,
  );
  canvas.front.add(`<rect width="${width}" height="${height}" fill="${vignette}"/>`);
  return { back: canvas.back.toString(), front: canvas.front.toString() };
}

export async function renderArt(
  style: ArtStyle,
  palette: Palette,
  rng: Rng,
  width: number,
  height: number,
): Promise<Raw> {
  const { back, front } = artLayers(style, palette, rng, width, height);
  // Rasterised on its own first: sharp would otherwise re-render the SVG at the target size.
  const small = await sharp(Buffer.from(back), { density: 72 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = await sharp(small.data, {
    raw: { width: small.info.width, height: small.info.height, channels: 3 },
  })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    // Smooths the upscaled 8-bit steps, which would otherwise show as stair-stepped rings.
    .blur({ sigma: 1.6, precision: 'float' })
    .composite([{ input: Buffer.from(front), density: 72 }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height || info.channels !== 3)
    throw new Error('artwork rendered at the wrong size');
  return { data, width, height };
}
