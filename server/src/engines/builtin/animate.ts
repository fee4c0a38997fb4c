import { TaskFailureCode } from '@draw/shared';
import sharp from 'sharp';
import type { VideoMotion } from '@draw/shared';
import { CLIP_MAX_BYTES } from '../../images/clip';
import { decoded, openImage } from '../../images/decode';
import { EngineFailure, type EngineVideo, type ParentImage } from '../port';
import type { Raw } from './pixels';
import { decodeImage } from './raster';

/**
 * Animate and Extend, offline: a slow camera move over the picture (a zoom in that drifts toward
 * one side), encoded as an animated WebP by sharp. Honest about what it is: no new content moves,
 * the picture is filmed.
 */

/** The clip's longer side: what Midjourney's SD clips have (480p). */
export const CLIP_SIDE = 480;
export const CLIP_FRAMES = 24;
export const CLIP_FRAME_MS = 83;
/** How far the camera closes in over one clip: a tenth of the picture for low motion. */
const ZOOM: Record<VideoMotion, number> = { low: 0.1, high: 0.28 };
/** The drift, as a share of the room the zoom leaves on each side. */
const DRIFT: Record<VideoMotion, number> = { low: 0.5, high: 1 };
/** The builtin clip stays far below what any clip may weigh. */
const MAX_BUILTIN_CLIP_BYTES = Math.min(CLIP_MAX_BYTES, 6 * 1024 * 1024);

export interface Clip {
  video: EngineVideo;
  /** The first frame, as a still (the card's poster). */
  poster: Raw;
}

const even = (n: number) => Math.max(2, n - (n % 2));

/** Where the camera drifts: one of eight directions, fixed by the seed. */
function driftOf(seed: number): { x: number; y: number } {
  const angle = ((seed >>> 0) % 8) * (Math.PI / 4);
  return { x: Math.cos(angle), y: Math.sin(angle) };
}

/** A smooth start and stop, like a camera on a slider. */
const ease = (t: number) => t * t * (3 - 2 * t);

async function frameSource(parent: ParentImage): Promise<Raw> {
  // Extend goes on from the clip's last frame when we can read it (our own WebP clips); an
  // upstream's MP4 is not decoded here, so its poster stands in.
  if (parent.video?.mime === 'image/webp') {
    const { header } = await openImage(parent.video.data);
    const last = sharp(parent.video.data, {
      page: Math.max(0, header.pages - 1),
      limitInputPixels: 40_000_000,
    }).png();
    return decodeImage(await decoded(last.toBuffer()), { what: 'the clip', maxSide: CLIP_SIDE * 2 });
  }
  return decodeImage(parent.image.data, { what: 'the image', maxSide: CLIP_SIDE * 2 });
}

/** The clip of a picture: `CLIP_FRAMES` frames of a slow zoom and drift, looping forever. */
export async function renderClip(parent: ParentImage, motion: VideoMotion, seed: number): Promise<Clip> {
  const source = await frameSource(parent);
  const scale = CLIP_SIDE / Math.max(source.width, source.height);
  const width = even(Math.round(source.width * Math.min(1, scale)));
  const height = even(Math.round(source.height * Math.min(1, scale)));
  const drift = driftOf(seed);
  const input = sharp(source.data, { raw: { width: source.width, height: source.height, channels: 3 } });
  const frames: Buffer[] = [];
  for (let i = 0; i < CLIP_FRAMES; i++) {
    const t = ease(i / (CLIP_FRAMES - 1));
    const zoom = 1 + ZOOM[motion] * t;
    const w = Math.max(2, Math.round(source.width / zoom));
    const h = Math.max(2, Math.round(source.height / zoom));
    const roomX = (source.width - w) / 2;
    const roomY = (source.height - h) / 2;
    const left = Math.round(roomX + drift.x * roomX * DRIFT[motion] * t);
    const top = Math.round(roomY + drift.y * roomY * DRIFT[motion] * t);
    const frame = await input
      .clone()
      .extract({
        left: clamp(left, 0, source.width - w),
        top: clamp(top, 0, source.height - h),
        width: w,
        height: h,
      })
      .resize(width, height, { fit: 'fill' })
      .raw()
      .toBuffer();
    frames.push(frame);
  }
  const data = await sharp(Buffer.concat(frames), {
    raw: { width, height: height * CLIP_FRAMES, channels: 3, pageHeight: height },
  })
    .webp({
      quality: 72,
      effort: 2,
      loop: 0,
      delay: Array.from({ length: CLIP_FRAMES }, () => CLIP_FRAME_MS),
    })
    .toBuffer();
  if (data.length > MAX_BUILTIN_CLIP_BYTES) throw new EngineFailure(TaskFailureCode.ClipTooLarge);
  return { video: { data, mime: 'image/webp', width, height }, poster: { data: frames[0]!, width, height } };
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
