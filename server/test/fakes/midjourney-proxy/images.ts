import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** The fake's pictures: real PNGs whose colours derive from a name, so each URL has its own bytes. */
export async function fakePng(name: string, size: number): Promise<Buffer> {
  const h = createHash('sha1').update(name).digest();
  const colour = (i: number) => `rgb(${h[i]},${h[i + 1]},${h[i + 2]})`;
  const half = size / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <rect width="${half}" height="${half}" fill="${colour(0)}"/><rect x="${half}" width="${half}" height="${half}" fill="${colour(3)}"/>
    <rect y="${half}" width="${half}" height="${half}" fill="${colour(6)}"/><rect x="${half}" y="${half}" width="${half}" height="${half}" fill="${colour(9)}"/>
    <circle cx="${half}" cy="${half}" r="${size / 5}" fill="${colour(12)}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A tiny real clip: an animated WebP of a few frames (the fake has no video encoder for MP4). */
export async function fakeClip(name: string, size = 64, frames = 4): Promise<Buffer> {
  const stills = await Promise.all(Array.from({ length: frames }, (_, i) => fakePng(`${name}-${i}`, size)));
  const raw = await Promise.all(stills.map((png) => sharp(png).removeAlpha().raw().toBuffer()));
  return sharp(Buffer.concat(raw), {
    raw: { width: size, height: size * frames, channels: 3, pageHeight: size },
  })
    .webp({ loop: 0, delay: Array.from({ length: frames }, () => 100) })
    .toBuffer();
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** True when a data URL carries PNG bytes (checked by signature, as a real proxy would need). */
export function isPngDataUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(value);
  if (!match) return false;
  return Buffer.from(match[1]!, 'base64').subarray(0, 8).equals(PNG_SIGNATURE);
}

/** True when a string is a data URL of an image (any type). */
export const isImageDataUrl = (value: unknown): boolean =>
  typeof value === 'string' && /^data:image\/(png|jpeg|jpg|gif|webp);base64,[A-Za-z0-9+/=]+$/.test(value);
