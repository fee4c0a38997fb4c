import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blackPng } from '../../test/support/images';
import { ImageRefusal, openImage, readImageHeader, readMask, verifyImage } from './decode';

const png = (
  width: number,
  height: number,
  background: string | { r: number; g: number; b: number; alpha: number },
  channels: 3 | 4 = 3,
) => sharp({ create: { width, height, channels, background } }).png().toBuffer();

const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => 'accepted',
    (error: unknown) => (error as { refusal?: string }).refusal ?? String(error),
  );

describe('reading image headers within limits', () => {
  it('refuses a small file that declares a huge canvas, before decoding it', async () => {
    const huge = await blackPng(16383, 16383);
    expect(huge.length).toBeLessThan(300_000);
    expect(await refusalOf(readImageHeader(huge))).toBe(ImageRefusal.TooManyPixels);
    expect(await refusalOf(openImage(huge))).toBe(ImageRefusal.TooManyPixels);
    expect(await refusalOf(verifyImage(huge))).toBe(ImageRefusal.TooManyPixels);
  });

  it('refuses too many bytes, no bytes and bytes that are not an image', async () => {
    const image = await png(32, 32, '#123456');
    expect(await refusalOf(readImageHeader(image, { maxBytes: image.length - 1 }))).toBe(
      ImageRefusal.TooManyBytes,
    );
    expect(await refusalOf(readImageHeader(Buffer.alloc(0)))).toBe(ImageRefusal.Empty);
    expect(await refusalOf(readImageHeader(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')))).toBe(
      ImageRefusal.NotAnImage,
    );
    expect(await refusalOf(readImageHeader(Buffer.from('not an image at all')))).toBe(
      ImageRefusal.NotAnImage,
    );
  });

  it('reads format and size, and takes an image at the pixel limit but not past it', async () => {
    const image = await png(100, 50, '#123456');
    expect(await readImageHeader(image)).toEqual({
      format: 'png',
      mime: 'image/png',
      width: 100,
      height: 50,
      pages: 1,
    });
    expect(await readImageHeader(image, { maxPixels: 5000 })).toMatchObject({ width: 100, height: 50 });
    expect(await refusalOf(readImageHeader(image, { maxPixels: 4999 }))).toBe(ImageRefusal.TooManyPixels);
  });

  it('verifies every pixel: a valid header over cut-off data is refused', async () => {
    const noisy = await sharp(Buffer.from(Array.from({ length: 64 * 64 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 64, height: 64, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(await verifyImage(noisy)).toMatchObject({ width: 64, height: 64 });
    expect(await refusalOf(verifyImage(noisy.subarray(0, Math.floor(noisy.length / 2))))).toBe(
      ImageRefusal.NotAnImage,
    );
  });
});

describe('reading Vary (Region) masks', () => {
  const size = { width: 64, height: 48 };

  it('tells a mask that selects something from one that selects nothing (black or transparent)', async () => {
    const painted = await sharp(await png(64, 48, '#000'))
      .composite([{ input: await png(4, 4, '#fff'), left: 30, top: 20 }])
      .png()
      .toBuffer();
    const selected = await readMask(painted, size, 128);
    expect(selected).toMatchObject({ selects: true, width: 64, height: 48 });
    expect(await sharp(selected.png).metadata()).toMatchObject({
      width: 64,
      height: 48,
      channels: 1,
      hasAlpha: false,
    });
    expect((await readMask(await png(64, 48, '#000'), size, 128)).selects).toBe(false);
    expect(
      (await readMask(await png(64, 48, { r: 255, g: 255, b: 255, alpha: 0 }, 4), size, 128)).selects,
    ).toBe(false);
    expect((await readMask(await png(64, 48, '#555'), size, 128)).selects).toBe(false);
  });

  it("refuses a mask whose size is not its image's, however small or large", async () => {
    expect(await refusalOf(readMask(await png(63, 48, '#fff'), size, 128))).toBe(ImageRefusal.WrongSize);
    expect(await refusalOf(readMask(await png(48, 64, '#fff'), size, 128))).toBe(ImageRefusal.WrongSize);
    expect(await refusalOf(readMask(await blackPng(16383, 16383), size, 128))).toBe(
      ImageRefusal.TooManyPixels,
    );
  });
});
