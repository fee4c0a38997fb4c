import type { Readable } from 'node:stream';

/** Image and clip bytes (uploads, previews, results). Keys are `<uuid>.<ext>`; the extension fixes the type. */
export interface BlobStore {
  readonly kind: 'folder' | 'gridfs';
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the bytes, or null when there is no such blob. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  read(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
};

export const EXTENSION_BY_MIME: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
};

export const BLOB_KEY = /^[\w-]{8,64}\.(png|jpg|jpeg|gif|webp|mp4)$/;
