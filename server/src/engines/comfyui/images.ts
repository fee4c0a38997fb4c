import sharp from 'sharp';
import { TaskFailureCode } from '@draw/shared';
import { readImageHeader } from '../../images/decode';
import { EngineFailure, type EngineImage, type ParentImage } from '../port';

/** A picture on its way to ComfyUI: PNG bytes and their size (both multiples of 8, as latents need). */
export interface Picture {
  data: Buffer;
  width: number;
  height: number;
}

const MAX_INPUT_PIXELS = 8192 * 8192;
const floor8 = (n: number) => Math.max(8, Math.floor(n / 8) * 8);

function unreadable(error: unknown): EngineFailure {
  return new EngineFailure(TaskFailureCode.UnreadableInput, {
    detail: error instanceof Error ? error.message.split('\n')[0]! : 'unreadable image',
  });
}

/** The picture an action works on: quadrant `index` of a grid, or all of an upscaled (single) parent. */
export async function tileOf(parent: ParentImage, index: 1 | 2 | 3 | 4): Promise<Picture> {
  try {
    const image = sharp(parent.image.data, { limitInputPixels: MAX_INPUT_PIXELS });
    const { width = 0, height = 0 } = await image.metadata();
    if (parent.action === 'UPSCALE') return { data: await image.png().toBuffer(), width, height };
    const w = Math.floor(width / 2);
    const h = Math.floor(height / 2);
    const left = index === 2 || index === 4 ? w : 0;
    const top = index >= 3 ? h : 0;
    return {
      data: await image.extract({ left, top, width: w, height: h }).png().toBuffer(),
      width: w,
      height: h,
    };
  } catch (error) {
    throw unreadable(error);
  }
}

/** Scaled down (never up) to at most `maxArea` pixels, each side floored to a multiple of 8. */
export async function fitArea(picture: Picture, maxArea: number): Promise<Picture> {
  const scale = Math.min(1, Math.sqrt(maxArea / (picture.width * picture.height)));
  const width = floor8(picture.width * scale);
  const height = floor8(picture.height * scale);
  if (width === picture.width && height === picture.height) return picture;
  try {
    const data = await sharp(picture.data, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize(width, height, { fit: 'fill' })
      .png()
      .toBuffer();
    return { data, width, height };
  } catch (error) {
    throw unreadable(error);
  }
}

/** The region's mask as a grey PNG of the picture's size (white = repaint); one that selects nothing is refused. */
export async function maskFor(mask: EngineImage, width: number, height: number): Promise<Buffer> {
  let grey: Buffer;
  try {
    grey = await sharp(mask.data, { limitInputPixels: MAX_INPUT_PIXELS })
      .flatten({ background: '#000' })
      .greyscale()
      .resize(width, height, { fit: 'fill' })
      .raw()
      .toBuffer();
  } catch (error) {
    throw unreadable(error);
  }
  if (!grey.some((v) => v >= 128)) throw new EngineFailure(TaskFailureCode.EmptyMask);
  return sharp(grey, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/** An image from ComfyUI, checked by its bytes (never by what the server claims). */
export async function engineImage(data: Buffer): Promise<EngineImage> {
  const { mime, width, height } = await readImageHeader(data);
  return { data, mime, width, height };
}

/** Four pictures as one 2×2 grid (U1 top left … U4 bottom right), each at the first one's size. */
export async function composeGrid(pictures: Buffer[]): Promise<EngineImage> {
  const first = await sharp(pictures[0]!).metadata();
  const width = first.width ?? 0;
  const height = first.height ?? 0;
  const tiles = await Promise.all(
    pictures
      .slice(0, 4)
      .map((p) => sharp(p).resize(width, height, { fit: 'fill' }).removeAlpha().png().toBuffer()),
  );
  const data = await sharp({
    create: { width: width * 2, height: height * 2, channels: 3, background: '#000' },
  })
    .composite(tiles.map((input, i) => ({ input, left: (i % 2) * width, top: Math.floor(i / 2) * height })))
    .removeAlpha()
    .png()
    .toBuffer();
  return { data, mime: 'image/png', width: width * 2, height: height * 2 };
}
