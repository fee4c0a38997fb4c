import { ErrorReason, IMAGE_MIME_TYPES, Limits, type ImageMimeType } from '@draw/shared';
import { AppError } from '../../errors';
import { DEFAULT_IMAGE_LIMITS, ImageRefusal, ImageRefused, verifyImage } from '../../images/decode';

export interface InspectedImage {
  mime: ImageMimeType;
  width: number;
  height: number;
}

const MEGAPIXELS = Math.floor(DEFAULT_IMAGE_LIMITS.maxPixels / 1_000_000);

/** How JPEG, PNG and GIF files begin: bytes that start so but do not decode are a damaged image, not another type. */
const SIGNATURES = [
  [0xff, 0xd8, 0xff],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0x47, 0x49, 0x46, 0x38],
] as const;
/** WebP: `RIFF`, four bytes of length, `WEBP`. */
const isWebpStart = (data: Buffer) =>
  data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP';
const looksAccepted = (data: Buffer) =>
  isWebpStart(data) || SIGNATURES.some((signature) => signature.every((byte, i) => data[i] === byte));

function refusal(error: unknown, data: Buffer): AppError {
  if (error instanceof ImageRefused && error.refusal === ImageRefusal.TooManyBytes)
    return new AppError(ErrorReason.PayloadTooLarge, 'upload.tooLarge');
  if (error instanceof ImageRefused && error.refusal === ImageRefusal.TooManyPixels)
    return new AppError(ErrorReason.PayloadTooLarge, 'upload.tooManyPixels', { max: MEGAPIXELS });
  if (looksAccepted(data)) return new AppError(ErrorReason.BadRequest, 'upload.damaged');
  return new AppError(ErrorReason.UnsupportedMediaType, 'upload.badType');
}

/**
 * Recognises an image by decoding its bytes, never by its name or declared type: only files that
 * sharp reads as JPEG, PNG, GIF or WebP pass, and only up to the byte and pixel limits.
 */
export async function inspectImage(data: Buffer): Promise<InspectedImage> {
  const header = await verifyImage(data, { maxBytes: Limits.imageMaxBytes }).catch((error: unknown) => {
    throw refusal(error, data);
  });
  const mime = header.mime as ImageMimeType;
  if (!IMAGE_MIME_TYPES.includes(mime))
    throw new AppError(ErrorReason.UnsupportedMediaType, 'upload.badType');
  return { mime, width: header.width, height: header.height };
}
