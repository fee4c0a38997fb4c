import sharp, { type Metadata, type Sharp } from 'sharp';

/**
 * The one door through which image bytes from outside (uploads, masks, reference and blend images,
 * upstream previews and results) are read. A small PNG can declare a huge canvas (16383×16383 in
 * 260 KB), so every read checks the byte size, then the header's dimensions, before a single pixel
 * is decoded; and every decoder carries sharp's own pixel limit as a second fence. Pixel work
 * (is a mask empty?) runs in sharp's thread pool, never in a JavaScript loop on the event loop.
 */

export const ImageFormat = { Png: 'png', Jpeg: 'jpeg', Gif: 'gif', Webp: 'webp' } as const;
export type ImageFormat = (typeof ImageFormat)[keyof typeof ImageFormat];

export const IMAGE_MIME_BY_FORMAT = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const satisfies Record<ImageFormat, string>;
export type DecodedMime = (typeof IMAGE_MIME_BY_FORMAT)[ImageFormat];

/** Why bytes were not taken as an image. */
export const ImageRefusal = {
  Empty: 'empty',
  TooManyBytes: 'too_many_bytes',
  TooManyPixels: 'too_many_pixels',
  NotAnImage: 'not_an_image',
  /** A mask whose size is not its image's. */
  WrongSize: 'wrong_size',
} as const;
export type ImageRefusal = (typeof ImageRefusal)[keyof typeof ImageRefusal];

export class ImageRefused extends Error {
  override name = 'ImageRefused';
  constructor(
    readonly refusal: ImageRefusal,
    detail: string,
  ) {
    super(detail);
  }
}

export interface ImageLimits {
  maxBytes: number;
  /** Width × height, summed over the frames of an animation. */
  maxPixels: number;
}

/**
 * 40 MP: above a 4096×4096 Midjourney upscale (16.8 MP) and a 1 MB photo, well below what a
 * flat-colour PNG can declare. 40 MiB: above the largest upstream PNG results.
 */
export const DEFAULT_IMAGE_LIMITS: ImageLimits = { maxBytes: 40 * 1024 * 1024, maxPixels: 40_000_000 };

export interface ImageHeader {
  format: ImageFormat;
  mime: DecodedMime;
  width: number;
  /** One frame's height (an animation's frames are stacked in sharp's `height`). */
  height: number;
  pages: number;
}

const FORMATS = new Set<string>(Object.values(ImageFormat));

function limitsOf(limits: Partial<ImageLimits> = {}): ImageLimits {
  return { ...DEFAULT_IMAGE_LIMITS, ...limits };
}

function checkBytes(data: Buffer, limits: ImageLimits): void {
  if (data.length === 0) throw new ImageRefused(ImageRefusal.Empty, 'empty image');
  if (data.length > limits.maxBytes)
    throw new ImageRefused(
      ImageRefusal.TooManyBytes,
      `image of ${data.length} bytes (at most ${limits.maxBytes})`,
    );
}

/** A decoder that libvips itself stops past the pixel limit (the second fence behind the header check). */
function decoder(data: Buffer, limits: ImageLimits, animated: boolean): Sharp {
  return sharp(data, { limitInputPixels: limits.maxPixels, animated, sequentialRead: true });
}

/** Reads only the header: format and dimensions, refused past the limits. No pixel is decoded. */
export async function readImageHeader(data: Buffer, limits: Partial<ImageLimits> = {}): Promise<ImageHeader> {
  const within = limitsOf(limits);
  checkBytes(data, within);
  let meta: Metadata;
  try {
    meta = await sharp(data, { animated: true, limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ImageRefused(
      ImageRefusal.NotAnImage,
      error instanceof Error ? error.message.split('\n')[0]! : 'not an image',
    );
  }
  const format = meta.format ?? '';
  if (!FORMATS.has(format) || !meta.width || !meta.height) {
    throw new ImageRefused(ImageRefusal.NotAnImage, `unsupported image format ${format || 'unknown'}`);
  }
  const pages = Math.max(1, meta.pages ?? 1);
  const height = meta.pageHeight ?? meta.height;
  // With `animated`, sharp's height already stacks every frame.
  const pixels = meta.width * meta.height;
  if (pixels > within.maxPixels) {
    throw new ImageRefused(
      ImageRefusal.TooManyPixels,
      `image of ${meta.width}×${height}${pages > 1 ? `×${pages} frames` : ''} pixels (at most ${within.maxPixels})`,
    );
  }
  return {
    format: format as ImageFormat,
    mime: IMAGE_MIME_BY_FORMAT[format as ImageFormat],
    width: meta.width,
    height,
    pages,
  };
}

/** The header, then a decoder for pipelines (resize, flatten, encode), with the pixel limit on. */
export async function openImage(
  data: Buffer,
  limits: Partial<ImageLimits> = {},
  options: { animated?: boolean } = {},
): Promise<{ header: ImageHeader; image: Sharp }> {
  const within = limitsOf(limits);
  const header = await readImageHeader(data, within);
  return { header, image: decoder(data, within, options.animated ?? false) };
}

/** Runs a pipeline; a decoding failure (cut-off or corrupt data) becomes a refusal. */
export async function decoded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw new ImageRefused(
      ImageRefusal.NotAnImage,
      error instanceof Error ? error.message.split('\n')[0]! : 'unreadable image',
    );
  }
}

/**
 * A valid header can front pixel data that is cut off or corrupt: decodes every pixel (into a
 * 1×1 thumbnail, so memory stays small) before calling the bytes an image.
 */
export async function verifyImage(data: Buffer, limits: Partial<ImageLimits> = {}): Promise<ImageHeader> {
  const { header, image } = await openImage(data, limits, { animated: true });
  await decoded(image.resize(1, 1, { fit: 'fill' }).raw().toBuffer());
  return header;
}

export interface MaskImage {
  /** The mask as an 8-bit greyscale PNG: transparent became black. */
  png: Buffer;
  /** Whether any pixel is at least the threshold (something is selected). */
  selects: boolean;
  width: number;
  height: number;
}

/**
 * Reads a Vary (Region) mask: white marks what to repaint, transparent counts as black. The mask
 * must have exactly the image's size (checked on the header, before decoding). The brightest pixel
 * comes from sharp's statistics, computed in its thread pool.
 */
export async function readMask(
  data: Buffer,
  size: { width: number; height: number },
  threshold: number,
  limits: Partial<ImageLimits> = {},
): Promise<MaskImage> {
  const { header, image } = await openImage(data, limits);
  if (header.width !== size.width || header.height !== size.height) {
    throw new ImageRefused(
      ImageRefusal.WrongSize,
      `mask of ${header.width}×${header.height}, image of ${size.width}×${size.height}`,
    );
  }
  const grey = await decoded(
    image
      .flatten({ background: '#000000' })
      .greyscale()
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const raw = { raw: { width: grey.info.width, height: grey.info.height, channels: 1 as const } };
  const [stats, png] = await Promise.all([
    sharp(grey.data, raw).stats(),
    sharp(grey.data, raw).toColourspace('b-w').png().toBuffer(),
  ]);
  return {
    png,
    selects: (stats.channels[0]?.max ?? 0) >= threshold,
    width: header.width,
    height: header.height,
  };
}
