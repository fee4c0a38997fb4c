import { describe, expect, it } from 'vitest';
import {
  fitWithin,
  isHeicBytes,
  MAX_SIDE,
  prepareImage,
  type DecodedImage,
  type ImageCodec,
} from './imagePrep';

const MB = 1024 * 1024;

/** A codec whose JPEG weighs a set number of bytes per pixel at each quality, as real ones roughly do. */
function fakeCodec(bytesPerPixel: number, readable = true) {
  const encoded: { width: number; height: number; quality: number }[] = [];
  let closed = 0;
  const codec: ImageCodec<DecodedImage> = {
    decode: async () => (readable ? { width: 4032, height: 3024, close: () => (closed += 1) } : null),
    encodeJpeg: async (_image, width, height, quality) => {
      encoded.push({ width, height, quality });
      return new Blob([new Uint8Array(Math.round(width * height * bytesPerPixel * quality))]);
    },
  };
  return { codec, encoded, closed: () => closed };
}

const photo = (size: number, name = 'IMG_0001.jpg', type = 'image/jpeg') =>
  new File([new Uint8Array(size)], name, { type });

describe('prepareImage', () => {
  it('leaves an image within the limit as it is', async () => {
    const small = photo(200_000);
    const { codec, encoded } = fakeCodec(1);
    expect(await prepareImage(small, 'image/jpeg', codec, MB)).toEqual({ file: small });
    expect(encoded).toEqual([]);
  });

  it('shrinks a 4 MB phone photo to the limit as a JPEG, keeping its shape', async () => {
    const { codec, encoded, closed } = fakeCodec(0.3);
    const result = await prepareImage(photo(4 * MB), 'image/jpeg', codec, MB);
    if (!('file' in result)) throw new Error(`refused: ${result.problem}`);
    expect(result.file.size).toBeLessThanOrEqual(MB);
    expect(result.file.type).toBe('image/jpeg');
    expect(result.file.name).toBe('IMG_0001.jpg');
    expect(encoded[0]).toEqual({ width: MAX_SIDE, height: 1536, quality: 0.9 });
    expect(closed()).toBe(1);
  });

  it('goes down in quality, then in size, until it fits', async () => {
    const { codec, encoded } = fakeCodec(1);
    const result = await prepareImage(photo(4 * MB), 'image/webp', codec, MB);
    expect('file' in result && result.file.size <= MB).toBe(true);
    expect(encoded.length).toBeGreaterThan(3);
    expect(encoded.at(-1)!.width).toBeLessThan(MAX_SIDE);
  });

  it('converts a HEIC the browser reads, even a small one (the server does not take HEIC)', async () => {
    const { codec } = fakeCodec(0.1);
    const result = await prepareImage(photo(900_000, 'IMG_2.HEIC', 'image/heic'), 'heic', codec, MB);
    expect('file' in result && result.file.name).toBe('IMG_2.jpg');
  });

  it('refuses with what to do: a HEIC the browser cannot read, an oversized GIF, an unreadable big photo', async () => {
    const unreadable = fakeCodec(1, false).codec;
    expect(await prepareImage(photo(100, 'a.heic', 'image/heic'), 'heic', unreadable, MB)).toEqual({
      problem: 'heic',
    });
    expect(await prepareImage(photo(100, 'a.heic', 'image/heic'), 'heic', null, MB)).toEqual({
      problem: 'heic',
    });
    expect(
      await prepareImage(photo(2 * MB, 'a.gif', 'image/gif'), 'image/gif', fakeCodec(0.1).codec, MB),
    ).toEqual({
      problem: 'tooLarge',
    });
    expect(await prepareImage(photo(2 * MB), 'image/jpeg', unreadable, MB)).toEqual({ problem: 'tooLarge' });
  });
});

describe('image helpers', () => {
  it('fits the longest side, never enlarges', () => {
    expect(fitWithin(4032, 3024, 2048)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3024, 4032, 2048)).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin(800, 600, 2048)).toEqual({ width: 800, height: 600 });
  });

  it('knows HEIC by its ftyp brand', () => {
    const box = (brand: string) =>
      new Uint8Array([0, 0, 0, 24, ...[...`ftyp${brand}`].map((c) => c.charCodeAt(0))]);
    expect(isHeicBytes(box('heic'))).toBe(true);
    expect(isHeicBytes(box('mif1'))).toBe(true);
    expect(isHeicBytes(box('isom'))).toBe(false);
  });
});
