import { IMAGE_MIME_TYPES, Limits, type ImageMimeType } from '@draw/shared';

/** Why a file was refused before any upload. */
export type AttachmentProblem = 'tooLarge' | 'badType' | 'tooMany';

/** What the checks need of a file (a `File` has all of it). */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;

/** The `accept` attribute of the file inputs. */
export const IMAGE_ACCEPT = [...IMAGE_MIME_TYPES, ...IMAGE_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The first, cheap check: a declared type of jpg/png/gif, or, when the browser declares none (or a
 * generic one), a jpg/jpeg/png/gif name. The bytes are checked next (`sniffImageType`).
 */
export function looksLikeImage(file: Pick<FileLike, 'name' | 'type'>): boolean {
  const type = file.type.toLowerCase();
  if (type === 'image/jpg' || (IMAGE_MIME_TYPES as readonly string[]).includes(type)) return true;
  if (type && type !== 'application/octet-stream') return false;
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
}

/** The image type the first bytes prove (PNG, JPEG or GIF signature), or null. */
export function sniffImageType(bytes: Uint8Array): ImageMimeType | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  return null;
}

export interface Screening<T> {
  accepted: T[];
  /** Each problem once, in the order met. */
  problems: AttachmentProblem[];
}

/**
 * The synchronous checks, run on a batch (one pick, drop or paste) before anything uploads:
 * - a batch that would take the list over `max` is refused as a whole (as Discord refuses a drop
 *   with too many files), so the user never gets an arbitrary part of it;
 * - otherwise each file must look like a jpg/gif/png/jpeg image and be at most 1 MB.
 */
export function checkFiles<T extends FileLike>(
  files: readonly T[],
  existing: number,
  max: number,
): Screening<T> {
  if (existing + files.length > max) return { accepted: [], problems: files.length > 0 ? ['tooMany'] : [] };
  const accepted: T[] = [];
  const problems = new Set<AttachmentProblem>();
  for (const file of files) {
    if (!looksLikeImage(file)) problems.add('badType');
    else if (file.size > Limits.imageMaxBytes) problems.add('tooLarge');
    else accepted.push(file);
  }
  return { accepted, problems: [...problems] };
}

async function headOf(file: Blob, length: number): Promise<Uint8Array> {
  const part = file.slice(0, length);
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(part);
  });
}

/** Reads the first bytes: is this really a PNG, JPEG or GIF (a `.txt` renamed `.png` is not)? */
export async function hasImageBytes(file: Blob): Promise<boolean> {
  try {
    return sniffImageType(await headOf(file, 12)) !== null;
  } catch {
    return false;
  }
}

/** Every client-side check: `checkFiles`, then the bytes of the files that passed. */
export async function screenFiles<T extends FileLike & Blob>(
  files: readonly T[],
  existing: number,
  max: number,
): Promise<Screening<T>> {
  const first = checkFiles(files, existing, max);
  const verdicts = await Promise.all(first.accepted.map((file) => hasImageBytes(file)));
  const accepted = first.accepted.filter((_, i) => verdicts[i]);
  const problems = [...first.problems];
  if (accepted.length < first.accepted.length && !problems.includes('badType')) problems.push('badType');
  return { accepted, problems };
}
