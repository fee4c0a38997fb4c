import { randomUUID } from 'node:crypto';
import { Limits } from '@draw/shared';
import type { BlobStore } from '../../blobs/port';
import { ImageRefusal, ImageRefused, readImageHeader, readMask, type MaskImage } from '../../images/decode';
import { taskRefusal } from './errors';
import type { TasksRepository } from './repository';
import { blobKeyOf } from './resolve';

/** Brighter than mid-grey counts as painted (brush edges are soft). */
const MASK_WHITE_MIN = 128;
/** A mask is a two-tone PNG of its image's size: a few MB at most even for a 4096×4096 upscale. */
const MASK_MAX_BYTES = 4 * Limits.imageMaxBytes;

/** The size of the image a region task repaints: recorded when its parent finished, else its header. */
export async function parentImageSize(repo: Pick<TasksRepository, 'findOne'>, blobs: BlobStore, parentId: string): Promise<{ width: number; height: number }> {
  const parent = await repo.findOne({ _id: parentId });
  const { width, height } = parent?.properties ?? {};
  if (typeof width === 'number' && typeof height === 'number' && width > 0 && height > 0) return { width, height };
  const key = blobKeyOf(parent?.imageUrl ?? null);
  const data = key ? await blobs.read(key) : null;
  if (!data) throw taskRefusal('task.notFound');
  return readImageHeader(data).catch(() => {
    throw taskRefusal('task.notFound');
  });
}

/**
 * A vary-region mask arrives as a data URL; it is kept as a greyscale PNG blob for the engine.
 * Its header is checked (size, pixels) before any decoding, and it must match its image exactly.
 */
export async function storeMask(blobs: BlobStore, maskBase64: string, size: { width: number; height: number }): Promise<string> {
  const match = /^data:image\/(png|jpeg|jpg|webp);base64,([A-Za-z0-9+/=]+)$/.exec(maskBase64.trim());
  if (!match) throw taskRefusal('task.badMask');
  const data = Buffer.from(match[2]!, 'base64');
  let mask: MaskImage;
  try {
    mask = await readMask(data, size, MASK_WHITE_MIN, { maxBytes: MASK_MAX_BYTES });
  } catch (error) {
    const wrongSize: string[] = [ImageRefusal.WrongSize, ImageRefusal.TooManyPixels];
    if (error instanceof ImageRefused && wrongSize.includes(error.refusal)) throw taskRefusal('task.maskSize', size);
    throw taskRefusal('task.badMask');
  }
  if (!mask.selects) throw taskRefusal('task.emptyMask');
  const key = `${randomUUID()}.png`;
  await blobs.put(key, mask.png);
  return key;
}
