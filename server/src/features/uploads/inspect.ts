import sharp, { type Metadata } from 'sharp';
import { ErrorReason, IMAGE_MIME_TYPES, Limits, type ImageMimeType } from '@draw/shared';
import { AppError } from '../../errors';

const MIME_BY_FORMAT: Record<string, ImageMimeType> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

export interface InspectedImage {
  mime: ImageMimeType;
  width: number;
  height: number;
}

/**
 * Recognises an image by decoding its bytes, never by its name or declared type: only files that
 * sharp reads as JPEG, PNG or GIF pass, and only up to the size limit.
 */
export async function inspectImage(data: Buffer): Promise<InspectedImage> {
  if (data.length > Limits.imageMaxBytes) throw new AppError(ErrorReason.PayloadTooLarge, 'upload.tooLarge');
  if (data.length === 0) throw new AppError(ErrorReason.UnsupportedMediaType, 'upload.badType');
  let meta: Metadata;
  try {
    meta = await sharp(data, { animated: true, limitInputPixels: 40_000_000 }).metadata();
  } catch {
    throw new AppError(ErrorReason.UnsupportedMediaType, 'upload.badType');
  }
  const mime = MIME_BY_FORMAT[meta.format ?? ''];
  if (!mime || !IMAGE_MIME_TYPES.includes(mime) || !meta.width || !meta.height) {
    throw new AppError(ErrorReason.UnsupportedMediaType, 'upload.badType');
  }
  // A valid header can front pixel data that is cut off or corrupt: decode every pixel (into a
  // 1×1 thumbnail, so memory stays small) before calling the bytes an image.
  try {
    await sharp(data, { animated: true, limitInputPixels: 40_000_000 }).resize(1, 1, { fit: 'fill' }).raw().toBuffer();
  } catch {
    throw new AppError(ErrorReason.UnsupportedMediaType, 'upload.badType');
  }
  return { mime, width: meta.width, height: meta.pageHeight ?? meta.height };
}
