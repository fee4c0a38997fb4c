import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readClipHeader } from './clip';
import { ImageRefused } from './decode';

/** The first box of an MP4 (`ftyp`, brand isom) followed by some bytes. */
const mp4 = (extra = 64) =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.alloc(12),
    Buffer.alloc(extra, 7),
  ]);

describe('readClipHeader', () => {
  it('takes an MP4 by its ftyp box, and an animated WebP with its size and frames', async () => {
    expect(await readClipHeader(mp4())).toEqual({
      mime: 'video/mp4',
      width: null,
      height: null,
      frames: null,
    });
    const frames = Buffer.concat([20, 120, 220].map((v) => Buffer.alloc(8 * 6 * 3, v)));
    const webp = await sharp(frames, { raw: { width: 8, height: 18, channels: 3, pageHeight: 6 } })
      .webp({ loop: 0 })
      .toBuffer();
    expect(await readClipHeader(webp)).toEqual({ mime: 'image/webp', width: 8, height: 6, frames: 3 });
  });

  it('refuses what is not a clip, an empty body, and a clip over the byte limit', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(readClipHeader(png)).rejects.toThrow(/MP4 or WebP/);
    await expect(readClipHeader(Buffer.from('<html>not found</html>'))).rejects.toBeInstanceOf(ImageRefused);
    await expect(readClipHeader(Buffer.alloc(0))).rejects.toThrow(/empty/);
    await expect(readClipHeader(mp4(200), { maxBytes: 100 })).rejects.toThrow(/at most 100/);
  });
});
