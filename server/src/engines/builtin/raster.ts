import { TaskFailureCode } from '@draw/shared';
import sharp, { type Sharp } from 'sharp';
import { EngineFailure, type EngineImage } from '../port';
import { openImage } from '../../images/decode';
import type { Raw } from './pixels';

/** sharp at the edges of the engine: rendering SVG, decoding uploads, resampling, encoding. */

/** Results stay under this so that storage and browsers handle them comfortably. */
export const MAX_RESULT_BYTES = 1.5 * 1024 * 1024;
const fromRaw = (raw: Raw): Sharp =>
  sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });

async function toRaw(image: Sharp): Promise<Raw> {
  const { data, info } = await image
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected RGB, got ${info.channels} channels`);
  return { data, width: info.width, height: info.height };
}

export async function svgToRaw(svg: string): Promise<Raw> {
  return toRaw(sharp(Buffer.from(svg), { density: 72 }));
}

export interface DecodeOptions {
  /** Names the input in the failure message ("the mask", "image 2"). */
  what: string;
  /** Scale down (never up) so that the longer side is at most this. */
  maxSide?: number;
  /** What transparent pixels become. */
  background?: string;
}

/** Decodes user-supplied bytes; anything unreadable becomes a failure the user can read. */
export async function decodeImage(bytes: Buffer, options: DecodeOptions): Promise<Raw> {
  try {
    // Uploads are ≤ 1 MB but may still be huge in pixels: the header is checked before decoding.
    let image = (await openImage(bytes)).image
      .autoOrient()
      .flatten({ background: options.background ?? '#ffffff' });
    if (options.maxSide)
      image = image.resize(options.maxSide, options.maxSide, { fit: 'inside', withoutEnlargement: true });
    return await toRaw(image);
  } catch (error) {
    const detail = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    throw new EngineFailure(TaskFailureCode.UnreadableInput, { detail: `${options.what}: ${detail}` });
  }
}

/** A single grey channel, 0–255 per pixel, stretched to width×height (masks follow the image). */
export async function decodeGrey(
  bytes: Buffer,
  width: number,
  height: number,
  what: string,
): Promise<Uint8Array> {
  try {
    const data = await (
      await openImage(bytes)
    ).image
      .autoOrient()
      .flatten({ background: '#000000' })
      .resize(width, height, { fit: 'fill', kernel: 'linear' })
      .greyscale()
      .extractChannel(0)
      .raw()
      .toBuffer();
    return new Uint8Array(data.buffer, data.byteOffset, width * height);
  } catch (error) {
    const detail = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    throw new EngineFailure(TaskFailureCode.UnreadableInput, { detail: `${what}: ${detail}` });
  }
}

export interface ResizeOptions {
  fit?: 'fill' | 'cover' | 'inside';
  kernel?: 'lanczos3' | 'cubic' | 'linear' | 'nearest';
}

export async function resizeRaw(
  raw: Raw,
  width: number,
  height: number,
  options: ResizeOptions = {},
): Promise<Raw> {
  return toRaw(
    fromRaw(raw).resize(width, height, { fit: options.fit ?? 'fill', kernel: options.kernel ?? 'lanczos3' }),
  );
}

export async function blurRaw(raw: Raw, sigma: number): Promise<Raw> {
  return sigma < 0.3 ? raw : toRaw(fromRaw(raw).blur(sigma));
}

export async function sharpenRaw(raw: Raw, sigma: number): Promise<Raw> {
  return toRaw(fromRaw(raw).sharpen({ sigma }));
}

export interface Adjust {
  /** Degrees. */
  hue?: number;
  saturation?: number;
  brightness?: number;
}

export async function modulateRaw(raw: Raw, adjust: Adjust): Promise<Raw> {
  return toRaw(
    fromRaw(raw).modulate({
      hue: Math.round(adjust.hue ?? 0),
      saturation: adjust.saturation ?? 1,
      brightness: adjust.brightness ?? 1,
    }),
  );
}

export async function flopRaw(raw: Raw): Promise<Raw> {
  return toRaw(fromRaw(raw).flop());
}

export async function rotateRaw(raw: Raw, degrees: number): Promise<Raw> {
  return toRaw(fromRaw(raw).rotate(degrees, { background: '#000000' }));
}

export interface Extension {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Grows the canvas by reflecting the picture at its edges, or by stretching its edge pixels. */
export async function extendRaw(raw: Raw, by: Extension, mode: 'mirror' | 'copy'): Promise<Raw> {
  return toRaw(fromRaw(raw).extend({ ...by, extendWith: mode }));
}

/**
 * Lossless PNG when it fits (keeps masks and kept regions pixel-exact), otherwise a high-quality
 * JPEG: photographic uploads can make a lossless grid several megabytes.
 */
export async function encodeImage(raw: Raw): Promise<EngineImage> {
  const png = await fromRaw(raw).png({ compressionLevel: 6, adaptiveFiltering: true }).toBuffer();
  if (png.length <= MAX_RESULT_BYTES)
    return { data: png, mime: 'image/png', width: raw.width, height: raw.height };
  for (const quality of [92, 85, 75]) {
    const jpeg = await fromRaw(raw).jpeg({ quality, chromaSubsampling: '4:4:4' }).toBuffer();
    if (jpeg.length <= MAX_RESULT_BYTES || quality === 75) {
      return { data: jpeg, mime: 'image/jpeg', width: raw.width, height: raw.height };
    }
  }
  throw new Error('unreachable');
}

/** A small, cheap, blurred stand-in for the picture while it is "being drawn". */
export async function encodePreview(raw: Raw, blurSigma: number, maxSide = 384): Promise<EngineImage> {
  let image = fromRaw(raw).resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
  if (blurSigma >= 0.3) image = image.blur(blurSigma);
  const { data, info } = await image.jpeg({ quality: 70 }).toBuffer({ resolveWithObject: true });
  return { data, mime: 'image/jpeg', width: info.width, height: info.height };
}

/** Gaussian blur of a single 8-bit channel (used to feather masks). */
export async function blurGrey(
  data: Uint8Array,
  width: number,
  height: number,
  sigma: number,
): Promise<Uint8Array> {
  const out = await sharp(data, { raw: { width, height, channels: 1 } })
    .blur(Math.max(0.3, sigma))
    .extractChannel(0)
    .raw()
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, width * height);
}
