import { Limits } from '@draw/shared';
import { describe, expect, it } from 'vitest';
import { checkFiles, hasImageBytes, looksLikeImage, screenFiles, sniffImageType } from './attachments';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16];
const GIF = [...'GIF89a'].map((c) => c.charCodeAt(0));
const WEBP = [...'RIFF\x10\x00\x00\x00WEBPVP8 '].map((c) => c.charCodeAt(0));
const HEIC = [0, 0, 0, 0x18, ...'ftypheic'].map((c) => (typeof c === 'number' ? c : c.charCodeAt(0)));

const file = (name: string, type: string, bytes: number[] | number = PNG) =>
  new File([typeof bytes === 'number' ? new Uint8Array(bytes) : new Uint8Array(bytes)], name, { type });

describe('looksLikeImage', () => {
  it('takes jpg/gif/png/jpeg/webp/heic by declared type, or by name when no type is declared', () => {
    expect(looksLikeImage({ name: 'a.webp', type: 'image/webp' })).toBe(true);
    expect(looksLikeImage({ name: 'IMG_0001.HEIC', type: 'image/heic' })).toBe(true);
    expect(looksLikeImage({ name: 'IMG_0001.heic', type: '' })).toBe(true);
    expect(looksLikeImage({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(looksLikeImage({ name: 'a', type: 'image/jpeg' })).toBe(true);
    expect(looksLikeImage({ name: 'a.JPG', type: '' })).toBe(true);
    expect(looksLikeImage({ name: 'a.jpeg', type: 'application/octet-stream' })).toBe(true);
    expect(looksLikeImage({ name: 'a.gif', type: 'image/gif' })).toBe(true);
  });

  it('refuses other types', () => {
    expect(looksLikeImage({ name: 'a.png', type: 'text/plain' })).toBe(false);
    expect(looksLikeImage({ name: 'notes.txt', type: '' })).toBe(false);
    expect(looksLikeImage({ name: 'a.svg', type: 'image/svg+xml' })).toBe(false);
  });
});

describe('sniffImageType', () => {
  it('recognises PNG, JPEG, GIF and WebP signatures', () => {
    expect(sniffImageType(new Uint8Array(WEBP))).toBe('image/webp');
    expect(sniffImageType(new Uint8Array(PNG))).toBe('image/png');
    expect(sniffImageType(new Uint8Array(JPEG))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array(GIF))).toBe('image/gif');
    expect(sniffImageType(new Uint8Array([...'GIF87a'].map((c) => c.charCodeAt(0))))).toBe('image/gif');
  });

  it('refuses text and short input', () => {
    expect(sniffImageType(new TextEncoder().encode('hello, world'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x89, 0x50]))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('checkFiles', () => {
  const ok = { name: 'a.png', type: 'image/png', size: 1000 };

  it('accepts up to the limit', () => {
    const files = Array.from({ length: 5 }, () => ({ ...ok }));
    expect(checkFiles(files, 0, Limits.imagineMaxImages)).toEqual({ accepted: files, problems: [] });
  });

  it('refuses a whole batch that would go over the limit (six files → the 5-image message)', () => {
    const files = Array.from({ length: 6 }, () => ({ ...ok }));
    expect(checkFiles(files, 0, 5)).toEqual({ accepted: [], problems: ['tooMany'] });
    expect(checkFiles([ok, ok], 4, 5)).toEqual({ accepted: [], problems: ['tooMany'] });
  });

  it('refuses files of other types, keeps the rest (large ones too: they are shrunk next), names each problem once', () => {
    const big = { name: 'big.png', type: 'image/png', size: Limits.imageMaxBytes + 1 };
    const txt = { name: 'a.txt', type: 'text/plain', size: 10 };
    const result = checkFiles([big, ok, txt, { ...txt }], 0, 5);
    expect(result.accepted).toEqual([big, ok]);
    expect(result.problems).toEqual(['badType']);
  });
});

describe('byte checks', () => {
  it('reads the signature of a blob', async () => {
    expect(await hasImageBytes(file('a.png', 'image/png'))).toBe(true);
    expect(
      await hasImageBytes(file('a.png', 'image/png', [...new TextEncoder().encode('just some text')])),
    ).toBe(false);
  });

  it('screenFiles refuses a .txt renamed .png as a wrong type, before any upload', async () => {
    const fake = file('notes.png', 'image/png', [...new TextEncoder().encode('not an image at all')]);
    const real = file('real.png', 'image/png');
    const result = await screenFiles([fake, real], 0, 5, null);
    expect(result.accepted).toEqual([real]);
    expect(result.problems).toEqual(['badType']);
  });

  it('takes a WebP as it is; a HEIC or a photo over the limit the browser cannot read is refused with what to do', async () => {
    const webp = file('a.webp', 'image/webp', WEBP);
    const heic = file('IMG_1.HEIC', 'image/heic', HEIC);
    const big = file('big.png', 'image/png', [...PNG, ...new Array(Limits.imageMaxBytes).fill(0)]);
    const result = await screenFiles([webp, heic, big], 0, 5, null);
    expect(result.accepted).toEqual([webp]);
    expect(result.problems).toEqual(['heic', 'tooLarge']);
  });
});
