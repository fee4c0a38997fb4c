import { ErrorReason, IMAGE_MIME_TYPES, Limits, type ImageMimeType } from '@draw/shared';
import { AppError } from '../../errors';
import { DEFAULT_IMAGE_LIMITS, ImageRefusal, ImageRefused, verifyImage } from '../../images/decode';

export interface InspectedImage {
  mime: ImageMimeType;
  width: number;
  height: number;
}

const MEGAPIXELS = Math.floor(DEFAULT_IMAGE_LIMITS.maxPixels / 1_000_000);

function refusal(error: unknown): AppError {
  if (error instanceof ImageRefused && error.refusal === ImageRefusal.TooManyBytes) return new AppError(ErrorReason.PayloadTooLarge, 'upload.tooLarge');
  if (error instanceof ImageRefused && error.refusal === ImageRefusal.TooManyPixels) return new AppError(ErrorReason.PayloadTooLarge, 'upload.tooManyPixels', { max: MEGAPIXELS });
  return new AppError(ErrorReason.UnsupportedMediaType, 'upload.badType');
}

/**
 * Recognises an image by decoding its bytes, never by its name or declared type: only files that
 * sharp reads as JPEG, PNG or GIF pass, and only up to the byte and pixel limits.
 */
export async function inspectImage(data: Buffer): Promise<InspectedImage> {
  const header = await verifyImage(data, { maxBytes: Limits.imageMaxBytes }).catch((error: unknown) => {
    throw refusal(error);
  });
  const mime = header.mime as ImageMimeType;
  if (!IMAGE_MIME_TYPES.includes(mime)) throw new AppError(ErrorReason.UnsupportedMediaType, 'upload.badType');
  return { mime, width: header.width, height: header.height };
}
