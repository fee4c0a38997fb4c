import type { ClipMimeType } from '@draw/shared';
import {
  DEFAULT_IMAGE_LIMITS,
  ImageRefusal,
  ImageRefused,
  readImageHeader,
  type ImageLimits,
} from './decode';

/**
 * Clips (Animate, Extend) are read through this door: an MP4 from an upstream, or an animated WebP.
 * Bytes are checked before anything is stored or served: an MP4 by its `ftyp` box (we never decode
 * video), a WebP by its header within the pixel limit summed over its frames.
 */

/**
 * A Midjourney clip is 5 s of 480p or 720p H.264, a few MB; 32 MiB leaves room for a longer
 * extended one while keeping what one task can put in our store bounded.
 */
export const CLIP_MAX_BYTES = 32 * 1024 * 1024;

export interface ClipHeader {
  mime: ClipMimeType;
  /** Known for a WebP (from its header); an MP4's size is not read. */
  width: number | null;
  height: number | null;
  frames: number | null;
}

const FTYP = Buffer.from('ftyp', 'ascii');

/** ISO base media (MP4): the first box is `ftyp`, of a plausible size. */
function isMp4(data: Buffer): boolean {
  if (data.length < 16 || !data.subarray(4, 8).equals(FTYP)) return false;
  const size = data.readUInt32BE(0);
  return size >= 16 && size <= 4096;
}

export async function readClipHeader(data: Buffer, limits: Partial<ImageLimits> = {}): Promise<ClipHeader> {
  const within: ImageLimits = { ...DEFAULT_IMAGE_LIMITS, maxBytes: CLIP_MAX_BYTES, ...limits };
  if (data.length === 0) throw new ImageRefused(ImageRefusal.Empty, 'empty clip');
  if (data.length > within.maxBytes)
    throw new ImageRefused(
      ImageRefusal.TooManyBytes,
      `clip of ${data.length} bytes (at most ${within.maxBytes})`,
    );
  if (isMp4(data)) return { mime: 'video/mp4', width: null, height: null, frames: null };
  const header = await readImageHeader(data, within);
  if (header.format !== 'webp')
    throw new ImageRefused(ImageRefusal.NotAnImage, `a clip must be MP4 or WebP, not ${header.format}`);
  return { mime: 'image/webp', width: header.width, height: header.height, frames: header.pages };
}
