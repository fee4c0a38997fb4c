import { IMAGE_MIME_TYPES, type ImageMimeType } from '@draw/shared';
import { browserCodec, isHeicBytes, prepareImage, type ImageCodec, type PrepProblem } from './imagePrep';

/** Why a file was refused before any upload. */
export type AttachmentProblem = PrepProblem | 'tooMany';

/** What the checks need of a file (a `File` has all of it). */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif'] as const;
/** What iPhones save: converted in the browser when it can read it (imagePrep.ts). */
const HEIC_TYPES = ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'];

/** The `accept` attribute of the file inputs. */
export const IMAGE_ACCEPT = [
  ...IMAGE_MIME_TYPES,
  ...HEIC_TYPES,
  ...IMAGE_EXTENSIONS.map((ext) => `.${ext}`),
].join(',');

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The first, cheap check: a declared type of jpg/png/gif/webp/heic, or, when the browser declares
 * none (or a generic one), such a name. The bytes are checked next (`sniffImageType`).
 */
export function looksLikeImage(file: Pick<FileLike, 'name' | 'type'>): boolean {
  const type = file.type.toLowerCase();
  if (type === 'image/jpg' || (IMAGE_MIME_TYPES as readonly string[]).includes(type)) return true;
  if (HEIC_TYPES.includes(type)) return true;
  if (type && type !== 'application/octet-stream') return false;
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
}

/** The image type the first bytes prove (PNG, JPEG, GIF or WebP signature), or null. */
export function sniffImageType(bytes: Uint8Array): ImageMimeType | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'image/webp';
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
 * - otherwise each file must look like a jpg/gif/png/webp/heic image (its size is dealt with by
 *   `prepareImage`, which shrinks what is over the server's limit).
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

/** What the first bytes prove: an image type the server takes, HEIC, or nothing known. */
async function kindOf(file: Blob): Promise<ImageMimeType | 'heic' | null> {
  try {
    const head = await headOf(file, 16);
    return sniffImageType(head) ?? (isHeicBytes(head) ? 'heic' : null);
  } catch {
    return null;
  }
}

/** Reads the first bytes: is this really a PNG, JPEG, GIF or WebP (a `.txt` renamed `.png` is not)? */
export async function hasImageBytes(file: Blob): Promise<boolean> {
  const kind = await kindOf(file);
  return kind !== null && kind !== 'heic';
}

/**
 * Every client-side check: `checkFiles`, then the bytes of each file that passed, which is then
 * made ready to upload (`prepareImage`: a photo over the limit shrunk, a HEIC converted).
 * `codec`: the browser's (none in a test DOM, where nothing can be shrunk).
 */
export async function screenFiles(
  files: readonly File[],
  existing: number,
  max: number,
  codec: ImageCodec | null = browserCodec(),
): Promise<Screening<File>> {
  const first = checkFiles(files, existing, max);
  const prepared = await Promise.all(
    first.accepted.map(async (file) => {
      const kind = await kindOf(file);
      return kind ? prepareImage(file, kind, codec) : { problem: 'badType' as const };
    }),
  );
  const accepted: File[] = [];
  const problems = new Set<AttachmentProblem>(first.problems);
  for (const result of prepared) {
    if ('file' in result) accepted.push(result.file);
    else problems.add(result.problem);
  }
  return { accepted, problems: [...problems] };
}
