import type { TaskAction } from '@draw/shared';
import type { ParentImage } from '../port';
import { quadrantOf, type Raw } from './pixels';
import { decodeImage, resizeRaw } from './raster';

/** Getting at the picture an action works on: a quadrant of a grid, or a whole single image. */

/** Upscales are single pictures; every other drawing action produces a 2×2 grid. */
export const isGridAction = (action: TaskAction): boolean => action !== 'UPSCALE';

/** Parents are our own results or an upstream's: decode generously, results are capped later. */
const MAX_PARENT_SIDE = 4096;

export async function decodeParent(parent: ParentImage): Promise<Raw> {
  return decodeImage(parent.image.data, { what: 'the parent image', maxSide: MAX_PARENT_SIDE });
}

/** Quadrant `index` of a grid parent; the whole picture of an upscaled parent. */
export async function parentTile(parent: ParentImage, index: 1 | 2 | 3 | 4): Promise<Raw> {
  const raw = await decodeParent(parent);
  return isGridAction(parent.action) ? quadrantOf(raw, index) : raw;
}

/** Scales down (never up) so that the longer side is at most `maxSide`. */
export async function fitWithin(raw: Raw, maxSide: number): Promise<Raw> {
  const scale = maxSide / Math.max(raw.width, raw.height);
  if (scale >= 1) return raw;
  return resizeRaw(
    raw,
    Math.max(1, Math.round(raw.width * scale)),
    Math.max(1, Math.round(raw.height * scale)),
  );
}
