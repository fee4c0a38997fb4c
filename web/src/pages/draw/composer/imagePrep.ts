import { Limits } from '@draw/shared';

/**
 * Photos as phones make them (4–12 MB JPEGs, HEIC on iPhones, WebP from browsers) made to fit the
 * server's limit before they upload: decoded by the browser, scaled down and saved again as JPEG.
 * The server still checks the bytes and the limit; this only spares people a refusal.
 */

/** Longest side of a re-encoded image: above what /imagine and /describe use, far below a phone photo. */
export const MAX_SIDE = 2048;
/** Below this the picture is no longer worth sending: the file is refused as too large instead. */
const MIN_SIDE = 512;
const QUALITIES = [0.9, 0.8, 0.7] as const;

/** A decoded picture, as the codec hands it back. */
export interface DecodedImage {
  width: number;
  height: number;
  close?(): void;
}

/** What the browser offers to read and write pictures (a fake in tests). */
export interface ImageCodec<T extends DecodedImage = DecodedImage> {
  /** Null when the browser cannot read these bytes (HEIC outside Safari, a damaged file). */
  decode(file: Blob): Promise<T | null>;
  /** The picture scaled to width × height, as JPEG at `quality` (0–1); null if the browser cannot. */
  encodeJpeg(image: T, width: number, height: number, quality: number): Promise<Blob | null>;
}

export type PrepProblem = 'tooLarge' | 'badType' | 'heic';
export type Prepared = { file: File } | { problem: PrepProblem };

const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1'];

/** HEIC/HEIF (an ISO box `ftyp` with an HEIF brand at byte 4). */
export function isHeicBytes(bytes: Uint8Array): boolean {
  const text = String.fromCharCode(...bytes.subarray(4, 12));
  return text.startsWith('ftyp') && HEIC_BRANDS.includes(text.slice(4));
}

/** The size that fits `MAX_SIDE` (never larger than the picture is). */
export function fitWithin(width: number, height: number, side: number): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'image'}.jpg`;
}

/**
 * Scales and re-encodes until the JPEG fits `maxBytes`: first at `MAX_SIDE` at falling qualities,
 * then smaller by steps; null when even `MIN_SIDE` does not fit.
 */
export async function shrinkToFit<T extends DecodedImage>(
  codec: ImageCodec<T>,
  image: T,
  maxBytes: number,
): Promise<Blob | null> {
  for (let side = MAX_SIDE; side >= MIN_SIDE; side = Math.floor(side * 0.75)) {
    const size = fitWithin(image.width, image.height, side);
    for (const quality of QUALITIES) {
      const blob = await codec.encodeJpeg(image, size.width, size.height, quality);
      if (!blob) return null;
      if (blob.size <= maxBytes) return blob;
    }
  }
  return null;
}

/**
 * One file ready to upload: as it is when it is a JPEG, PNG, GIF or WebP within the limit; else
 * decoded and saved again as a JPEG that fits (a HEIC too, when the browser reads it). A GIF over
 * the limit is refused (re-encoding would drop its animation), as is what the browser cannot read.
 */
export async function prepareImage<T extends DecodedImage>(
  file: File,
  kind: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'heic',
  codec: ImageCodec<T> | null,
  maxBytes: number = Limits.imageMaxBytes,
): Promise<Prepared> {
  const heic = kind === 'heic';
  if (!heic && file.size <= maxBytes) return { file };
  if (kind === 'image/gif') return { problem: 'tooLarge' };
  const image = codec ? await codec.decode(file).catch(() => null) : null;
  if (!codec || !image) return { problem: heic ? 'heic' : 'tooLarge' };
  try {
    const blob = await shrinkToFit(codec, image, maxBytes);
    if (!blob) return { problem: 'tooLarge' };
    return {
      file: new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }),
    };
  } finally {
    image.close?.();
  }
}

/** The browser's own codec: createImageBitmap (EXIF orientation applied) and a canvas. */
export function browserCodec(): ImageCodec<ImageBitmap & DecodedImage> | null {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  return {
    decode: (file) => createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => null),
    async encodeJpeg(image, width, height, quality) {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) return null;
      // JPEG has no transparency: a transparent PNG goes on white, not black.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, width, height);
      return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    },
  };
}
