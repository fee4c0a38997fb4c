import { randomUUID } from 'node:crypto';
import { Limits } from '@draw/shared';
import type { BlobStore } from '../../blobs/port';
import { ImageRefusal, ImageRefused, readImageHeader, readMask, type MaskImage } from '../../images/decode';
import { taskRefusal } from './errors';
import type { TasksRepository } from './repository';
import { blobKeyOf } from './resolve';

/** Brighter than mid-grey counts as painted (brush edges are soft). */
const MASK_WHITE_MIN = 128;
/**
 * A mask arrives as an upload, so the upload route's limit already holds; kept here so that the
 * mask's own check does not depend on which route brought it. The editor sends a 1-bit PNG: tens
 * of KB even for a 4096×4096 upscale.
 */
const MASK_MAX_BYTES = Limits.imageMaxBytes;

/** The size of the image a region task repaints: recorded when its parent finished, else its header. */
export async function parentImageSize(
  repo: Pick<TasksRepository, 'byId'>,
  blobs: BlobStore,
  parentId: string,
): Promise<{ width: number; height: number }> {
  const parent = await repo.byId(parentId);
  const { width, height } = parent?.properties ?? {};
  if (typeof width === 'number' && typeof height === 'number' && width > 0 && height > 0)
    return { width, height };
  const key = blobKeyOf(parent?.imageUrl ?? null);
  const data = key ? await blobs.read(key) : null;
  if (!data) throw taskRefusal('task.notFound');
  return readImageHeader(data).catch(() => {
    throw taskRefusal('task.notFound');
  });
}

/**
 * A vary-region mask arrives as the bytes of an upload; it is kept as a greyscale PNG blob for the
 * engine. Its header is checked (size, pixels) before any decoding, and it must match its image exactly.
 */
export async function storeMask(
  blobs: BlobStore,
  data: Buffer,
  size: { width: number; height: number },
): Promise<string> {
  let mask: MaskImage;
  try {
    mask = await readMask(data, size, MASK_WHITE_MIN, { maxBytes: MASK_MAX_BYTES });
  } catch (error) {
    const wrongSize: string[] = [ImageRefusal.WrongSize, ImageRefusal.TooManyPixels];
    if (error instanceof ImageRefused && wrongSize.includes(error.refusal))
      throw taskRefusal('task.maskSize', size);
    throw taskRefusal('task.badMask');
  }
  if (!mask.selects) throw taskRefusal('task.emptyMask');
  const key = `${randomUUID()}.png`;
  await blobs.put(key, mask.png);
  return key;
}
