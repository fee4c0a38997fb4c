import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineFailure } from '../port';
import { createRaw, pixelAt, type Raw } from './pixels';
import { createRng } from './random';
import {
  decodeGrey,
  decodeImage,
  encodeImage,
  encodePreview,
  extendRaw,
  MAX_RESULT_BYTES,
  resizeRaw,
} from './raster';

const noise = (width: number, height: number): Raw => {
  const rng = createRng(1);
  const raw = createRaw(width, height);
  for (let i = 0; i < raw.data.length; i++) raw.data[i] = Math.floor(rng.next() * 256);
  return raw;
};

describe('raster', () => {
  it('encodes lossless PNG and decodes the same pixels', async () => {
    const raw = createRaw(7, 5, [10, 200, 30]);
    raw.data[0] = 255;
    const image = await encodeImage(raw);
    expect(image).toMatchObject({ mime: 'image/png', width: 7, height: 5 });
    const back = await decodeImage(image.data, { what: 'x' });
    expect(back.data.equals(raw.data)).toBe(true);
  });

  it('falls back to JPEG when a PNG would be too large', async () => {
    const image = await encodeImage(noise(1100, 1100));
    expect(image.mime).toBe('image/jpeg');
    expect(image.data.length).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect((await sharp(image.data).metadata()).format).toBe('jpeg');
  });

  it('flattens transparency and scales down to a maximum side', async () => {
    const rgba = await sharp({
      create: { width: 40, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const raw = await decodeImage(rgba, { what: 'x', maxSide: 10 });
    expect([raw.width, raw.height]).toEqual([10, 5]);
    expect(pixelAt(raw, 2, 2)).toEqual([255, 255, 255]);
  });

  it('turns unreadable bytes into a failure the user can read', async () => {
    await expect(decodeImage(Buffer.from('not an image'), { what: 'the mask' })).rejects.toThrow(
      EngineFailure,
    );
    await expect(decodeImage(Buffer.from('not an image'), { what: 'the mask' })).rejects.toMatchObject({
      failure: {
        code: 'unreadableInput',
        params: { detail: expect.stringMatching(/^the mask: /) as unknown },
      },
    });
    await expect(decodeGrey(Buffer.alloc(0), 4, 4, 'the mask')).rejects.toThrow(EngineFailure);
  });

  it('reads a grey mask stretched to a size', async () => {
    const half = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#000' } })
      .composite([
        { input: { create: { width: 10, height: 10, channels: 3, background: '#fff' } }, left: 10, top: 0 },
      ])
      .png()
      .toBuffer();
    const grey = await decodeGrey(half, 40, 40, 'm');
    expect(grey.length).toBe(1600);
    expect(grey[20 * 40 + 5]).toBe(0);
    expect(grey[20 * 40 + 35]).toBe(255);
  });

  it('makes small blurred previews', async () => {
    const preview = await encodePreview(noise(800, 400), 8);
    expect(preview).toMatchObject({ mime: 'image/jpeg', width: 384, height: 192 });
    expect(preview.data.length).toBeLessThan(60_000);
  });

  it('extends and resizes', async () => {
    const raw = createRaw(10, 10, [1, 2, 3]);
    const grown = await extendRaw(raw, { top: 2, right: 3, bottom: 0, left: 5 }, 'copy');
    expect([grown.width, grown.height]).toEqual([18, 12]);
    expect(pixelAt(grown, 0, 0)).toEqual([1, 2, 3]);
    const small = await resizeRaw(raw, 4, 3);
    expect([small.width, small.height, small.data.length]).toEqual([4, 3, 36]);
  });
});
