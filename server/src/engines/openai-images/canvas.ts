import sharp, { type Sharp } from 'sharp';
import { TaskFailureCode } from '@draw/shared';
import { ImageRefused, decoded, openImage, readImageHeader } from '../../images/decode';
import { EngineFailure, type EngineImage, type ParentImage, type PanDirection } from '../port';
import type { ImageSize } from './models';
import type { InputImage, InputMime } from './client';

/**
 * The picture work around the API, all in sharp (its thread pool, never a JavaScript pixel loop):
 * cutting a tile out of a grid, composing four results into a grid, the transparent canvases and
 * masks of outpainting, and the user's region mask turned into the API's convention.
 */

/** Parents and inputs are ours or an upstream's; results of gpt-image-2 reach 3840 px. */
const LIMITS = { maxPixels: 40_000_000 };

/** A refusal of our own input (a parent or a mask that does not decode) fails the task with its reason. */
async function readable<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ImageRefused)
      throw new EngineFailure(TaskFailureCode.UnreadableInput, { detail: `${what}: ${error.message}` });
    throw error;
  }
}

export interface Picture {
  png: Buffer;
  width: number;
  height: number;
}

const asPicture = async (image: Sharp): Promise<Picture> => {
  const { data, info } = await decoded(image.png().toBuffer({ resolveWithObject: true }));
  return { png: data, width: info.width, height: info.height };
};

/** Upscales are single pictures; every other drawing action gives a 2×2 grid. */
const isGrid = (parent: ParentImage) => parent.action !== 'UPSCALE';

/** The whole parent picture, as PNG. */
export function parentPicture(parent: ParentImage): Promise<Picture> {
  return readable('the parent image', async () =>
    asPicture((await openImage(parent.image.data, LIMITS)).image),
  );
}

/** Quadrant `index` (1 top left … 4 bottom right) of a grid parent; the whole picture of an upscale. */
export function parentTile(parent: ParentImage, index: 1 | 2 | 3 | 4): Promise<Picture> {
  if (!isGrid(parent)) return parentPicture(parent);
  return readable('the parent image', async () => {
    const { header, image } = await openImage(parent.image.data, LIMITS);
    const width = Math.floor(header.width / 2);
    const height = Math.floor(header.height / 2);
    const i = index - 1;
    return asPicture(
      image.extract({ left: (i % 2) * width, top: Math.floor(i / 2) * height, width, height }),
    );
  });
}

/** A picture scaled by `factor` (Lanczos): Upscale (Subtle) where the API has no upscaler. */
export async function enlarged(picture: Picture, factor: number): Promise<Picture> {
  return asPicture(
    sharp(picture.png).resize(Math.round(picture.width * factor), Math.round(picture.height * factor), {
      kernel: 'lanczos3',
    }),
  );
}

export const asInput = (picture: Picture, name: string): InputImage => ({
  data: picture.png,
  mime: 'image/png',
  name,
});

const INPUT_MIMES = new Set<string>(['image/png', 'image/jpeg', 'image/webp']);

/** An image of ours as an API input: PNG, JPEG and WebP as they are, anything else (GIF) as PNG. */
export async function inputOf(image: EngineImage, name: string): Promise<InputImage> {
  if (INPUT_MIMES.has(image.mime)) return { data: image.data, mime: image.mime as InputMime, name };
  const picture = await readable(name, async () => asPicture((await openImage(image.data, LIMITS)).image));
  return asInput(picture, name.replace(/\.\w+$/, '.png'));
}

/** A result image from the API, checked as an image within the limits. */
export async function resultOf(data: Buffer): Promise<EngineImage> {
  try {
    const { mime, width, height } = await readImageHeader(data, LIMITS);
    return { data, mime, width, height };
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'not an image';
    throw new EngineFailure(TaskFailureCode.EngineBadAnswer, { detail });
  }
}

/** Four images side by side, two rows: each scaled to the first one's size. */
export async function composeGrid(images: EngineImage[]): Promise<EngineImage> {
  const [first] = images;
  if (!first || images.length !== 4)
    throw new EngineFailure(TaskFailureCode.EngineBadAnswer, {
      detail: `${images.length} images for a grid of 4`,
    });
  const { width, height } = first;
  const tiles = await Promise.all(
    images.map((image) =>
      decoded(
        sharp(image.data, { limitInputPixels: LIMITS.maxPixels })
          .resize(width, height, { fit: 'fill' })
          .png()
          .toBuffer(),
      ),
    ),
  );
  const data = await sharp({
    create: { width: width * 2, height: height * 2, channels: 3, background: '#000000' },
  })
    .composite(tiles.map((input, i) => ({ input, left: (i % 2) * width, top: Math.floor(i / 2) * height })))
    .png()
    .toBuffer();
  return { data, mime: 'image/png', width: width * 2, height: height * 2 };
}

const PREVIEW_TILE = 256;
const PREVIEW_BACKGROUND = '#2b2d31';

/**
 * A small grid of the newest partial image of each tile (a plain tile where none came yet): what
 * every member watches while the four calls run.
 */
export async function previewGrid(
  partials: readonly (Buffer | null)[],
  shape: ImageSize,
): Promise<EngineImage> {
  const width = PREVIEW_TILE;
  const height = Math.max(1, Math.round((PREVIEW_TILE * shape.height) / shape.width));
  const tiles = await Promise.all(
    partials.map((partial) =>
      partial
        ? sharp(partial, { limitInputPixels: LIMITS.maxPixels })
            .resize(width, height, { fit: 'fill' })
            .png()
            .toBuffer()
            .catch(() => null)
        : null,
    ),
  );
  const across = partials.length === 1 ? 1 : 2;
  const down = Math.ceil(partials.length / across);
  const layers = tiles.flatMap((input, i) =>
    input ? [{ input, left: (i % across) * width, top: Math.floor(i / across) * height }] : [],
  );
  const data = await sharp({
    create: { width: width * across, height: height * down, channels: 3, background: PREVIEW_BACKGROUND },
  })
    .composite(layers)
    .jpeg({ quality: 70 })
    .toBuffer();
  return { data, mime: 'image/jpeg', width: width * across, height: height * down };
}

/** Where the original goes on the grown canvas (pixels of the original's own scale). */
export interface Growth {
  width: number;
  height: number;
  left: number;
  top: number;
}

/** Zoom out by `factor`: the original centred on a canvas `factor` times its size. */
export function zoomGrowth(original: ImageSize, factor: number): Growth {
  const width = Math.round(original.width * factor);
  const height = Math.round(original.height * factor);
  return {
    width,
    height,
    left: Math.round((width - original.width) / 2),
    top: Math.round((height - original.height) / 2),
  };
}

/** Pan: half the picture's side added in one direction, as Midjourney's pan does. */
export function panGrowth(original: ImageSize, direction: PanDirection): Growth {
  const horizontal = direction === 'left' || direction === 'right';
  const extraW = horizontal ? Math.round(original.width / 2) : 0;
  const extraH = horizontal ? 0 : Math.round(original.height / 2);
  return {
    width: original.width + extraW,
    height: original.height + extraH,
    left: direction === 'left' ? extraW : 0,
    top: direction === 'up' ? extraH : 0,
  };
}

export interface Outpaint {
  /** The canvas: the original where it goes, fully transparent everywhere else. */
  image: InputImage;
  /** Same size: opaque over the original, transparent (alpha 0 = repaint) over the new area. */
  mask: InputImage;
}

/**
 * The canvas and mask of an outpaint at the output size: the grown canvas is fitted inside `size`
 * (whatever does not fit its shape stays transparent too, so the model fills it as well).
 */
export async function outpaintCanvas(original: Picture, growth: Growth, size: ImageSize): Promise<Outpaint> {
  const scale = Math.min(size.width / growth.width, size.height / growth.height);
  const width = Math.max(1, Math.round(original.width * scale));
  const height = Math.max(1, Math.round(original.height * scale));
  const left = Math.min(
    size.width - width,
    Math.round((size.width - growth.width * scale) / 2 + growth.left * scale),
  );
  const top = Math.min(
    size.height - height,
    Math.round((size.height - growth.height * scale) / 2 + growth.top * scale),
  );
  const shrunk = await sharp(original.png)
    .resize(width, height, { fit: 'fill' })
    .ensureAlpha()
    .png()
    .toBuffer();
  const blank = (background: { r: number; g: number; b: number; alpha: number }) =>
    sharp({ create: { width: size.width, height: size.height, channels: 4, background } });
  const keep = await sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const [image, mask] = await Promise.all([
    blank({ r: 0, g: 0, b: 0, alpha: 0 })
      .composite([{ input: shrunk, left, top }])
      .png()
      .toBuffer(),
    blank({ r: 0, g: 0, b: 0, alpha: 0 })
      .composite([{ input: keep, left, top }])
      .png()
      .toBuffer(),
  ]);
  return {
    image: { data: image, mime: 'image/png', name: 'canvas.png' },
    mask: { data: mask, mime: 'image/png', name: 'mask.png' },
  };
}

/**
 * Vary (Region): our mask is white where to repaint (transparent counts as black); the API's is a
 * PNG whose fully transparent pixels are repainted. Same size as the picture sent.
 */
export async function regionMask(mask: EngineImage, size: ImageSize): Promise<InputImage> {
  return readable('the mask', async () => {
    const { image } = await openImage(mask.data, LIMITS);
    const raw = { raw: { width: size.width, height: size.height, channels: 1 as const } };
    // 255 where the person painted (at least half white), 0 elsewhere: the API's mask has no "half".
    const painted = await decoded(
      image
        .resize(size.width, size.height, { fit: 'fill' })
        .flatten({ background: '#000000' })
        .greyscale()
        .threshold(128)
        .extractChannel(0)
        .raw()
        .toBuffer(),
    );
    const stats = await sharp(painted, raw).stats();
    if ((stats.channels[0]?.max ?? 0) === 0) throw new EngineFailure(TaskFailureCode.EmptyMask);
    const alpha = await sharp(painted, raw).negate().extractChannel(0).raw().toBuffer();
    // Opaque black where the picture stays, transparent where it is repainted.
    const data = await sharp({
      create: { width: size.width, height: size.height, channels: 3, background: '#000000' },
    })
      .joinChannel(alpha, raw)
      .png()
      .toBuffer();
    return { data, mime: 'image/png', name: 'mask.png' };
  });
}
