import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits } from '@draw/shared';
import { startTestApp, type TestApp } from '../../../test/support/harness';
import { blackPng } from '../../../test/support/images';
import { Uploads } from './repository';
import { inspectImage } from './inspect';

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let app: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  app = await startTestApp();
  auth = (await app.signIn()).auth;
});
afterAll(() => app.close());

const upload = (contentType: string, payload: string) =>
  app.http.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...auth, 'content-type': contentType, 'accept-language': 'en-US' },
    payload,
  });

describe('POST /api/upload with a malformed multipart body', () => {
  // Found by the bad-input fuzz suite: the parser's errors used to surface as 500 internal.
  it.each([
    ['a boundary that never appears', 'multipart/form-data; boundary=other', '--fuzz--\r\n'],
    [
      'a form cut off mid-part',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
    ],
  ])('refuses %s with a 400 envelope and stores nothing', async (_case, contentType, payload) => {
    const res = await upload(contentType, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      reason: 'bad_request',
      message: expect.stringMatching(/^Invalid request: /),
    });
    expect(await app.storage.collection(Uploads).count({})).toBe(0);
  });
});

describe('inspectImage', () => {
  it('accepts a whole image', async () => {
    await expect(inspectImage(ONE_PIXEL_PNG)).resolves.toEqual({ mime: 'image/png', width: 1, height: 1 });
  });

  it('accepts a WebP (what phones and browsers save), and still checks its bytes', async () => {
    const webp = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#c33' } })
      .webp()
      .toBuffer();
    await expect(inspectImage(webp)).resolves.toEqual({ mime: 'image/webp', width: 3, height: 2 });
    await expect(inspectImage(webp.subarray(0, 30))).rejects.toMatchObject({ key: 'upload.damaged' });
  });

  // Found by the bad-input fuzz suite: a PNG cut off after its header passed (only the header was
  // read), was stored, and every task that used it failed later.
  it('refuses an image whose header is fine but whose pixel data is cut off, as damaged', async () => {
    await expect(inspectImage(ONE_PIXEL_PNG.subarray(0, 50))).rejects.toMatchObject({
      reason: 'bad_request',
      key: 'upload.damaged',
    });
  });

  it('refuses a small file that declares a huge canvas, as too many pixels, before decoding it', async () => {
    const huge = await blackPng(16383, 16383);
    expect(huge.length).toBeLessThan(1024 * 1024);
    await expect(inspectImage(huge)).rejects.toMatchObject({
      reason: 'payload_too_large',
      key: 'upload.tooManyPixels',
      params: { max: 40 },
    });
  });
});

describe('POST /api/upload with a huge canvas in a small file', () => {
  it('answers 413 with a readable message and stores nothing', async () => {
    const boundary = 'huge';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`;
    const payload = Buffer.concat([
      Buffer.from(head),
      await blackPng(16383, 16383),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.http.inject({
      method: 'POST',
      url: '/api/upload',
      headers: {
        ...auth,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'accept-language': 'en-US',
      },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      success: false,
      reason: 'payload_too_large',
      message: 'Each image must be 40 megapixels or smaller',
    });
    expect(await app.storage.collection(Uploads).count({})).toBe(0);
  });
});

describe('POST /api/upload with a damaged image', () => {
  const part = (name: string, type: string, data: Buffer) => {
    const boundary = 'damaged';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
    return {
      boundary,
      payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    };
  };
  const send = (name: string, type: string, data: Buffer, language: string) => {
    const { boundary, payload } = part(name, type, data);
    return app.http.inject({
      method: 'POST',
      url: '/api/upload',
      headers: {
        ...auth,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'accept-language': language,
      },
      payload,
    });
  };
  // A PNG whose pixel data was flipped in transit: its signature and header are intact.
  const damaged = Buffer.from(ONE_PIXEL_PNG);
  damaged.fill(0x55, 41, 51);

  it.each([
    ['zh-CN', '图片已损坏，无法读取，请换一张图片'],
    ['en-US', 'The image is damaged and cannot be read. Try another image'],
    ['zh-TW', '圖片已損壞，無法讀取，請換一張圖片'],
  ])('says a damaged PNG is damaged (%s) and stores nothing', async (language, message) => {
    const res = await send('photo.png', 'image/png', damaged, language);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, reason: 'bad_request', message });
    expect(await app.storage.collection(Uploads).count({})).toBe(0);
  });

  it('says the same of a PNG cut off in its pixel data', async () => {
    const res = await send('photo.png', 'image/png', ONE_PIXEL_PNG.subarray(0, 50), 'zh-CN');
    expect(res.json()).toMatchObject({ success: false, message: '图片已损坏，无法读取，请换一张图片' });
  });

  it('still refuses a file that is no image at all, named .png, as the wrong type', async () => {
    const res = await send('notes.png', 'image/png', Buffer.from('just some text, not a picture'), 'zh-CN');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      success: false,
      reason: 'unsupported_media_type',
      message: '只能上传 jpg/gif/png/jpeg/webp 格式的图片',
    });
  });
});

describe("POST /api/upload past the person's daily budget", () => {
  const DAY_MS = 24 * 3600_000;
  /** Uploads the person already stored, as one document of `size` bytes made `ago` ms back. */
  const alreadyStored = (userId: string, size: number, ago = 0) =>
    app.storage.collection(Uploads).insertOne({
      _id: `seeded-${userId}-${ago}.png`,
      userId,
      mime: 'image/png',
      size,
      width: 1,
      height: 1,
      sha256: '0'.repeat(64),
      createdAt: Date.now() - ago,
    });
  const form = (...files: Buffer[]) => {
    const boundary = 'budget';
    const parts = files.map((data, i) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        data,
        Buffer.from('\r\n'),
      ]),
    );
    return { boundary, payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]) };
  };
  const send = (session: { authorization: string }, language: string, ...files: Buffer[]) => {
    const { boundary, payload } = form(...files);
    return app.http.inject({
      method: 'POST',
      url: '/api/upload',
      headers: {
        ...session,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'accept-language': language,
      },
      payload,
    });
  };
  const storedBy = (userId: string) => app.storage.collection(Uploads).count({ userId });
  const max = Limits.uploadBytesPerDay / (1024 * 1024);

  it.each([
    ['en-US', `You can upload up to ${max} MB of images in 24 hours and have reached it; try again later`],
    ['zh-CN', `24 小时内最多上传 ${max} MB 图片，已达上限，请稍后再试`],
    ['zh-TW', `24 小時內最多上傳 ${max} MB 圖片，已達上限，請稍後再試`],
  ])(
    'refuses with 429 and a readable message (%s) once the day is spent, before reading the image',
    async (language, message) => {
      const { user, auth: session } = await app.signIn();
      await alreadyStored(user.id, Limits.uploadBytesPerDay);
      // Not even decoded: a damaged image gets the budget's answer, not "damaged".
      const damaged = Buffer.from(ONE_PIXEL_PNG.subarray(0, 50));
      const res = await send(session, language, damaged);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ success: false, reason: 'rate_limited', message });
      expect(await storedBy(user.id)).toBe(1);
    },
  );

  it('counts the files of a request as they arrive and stores none of them past the budget', async () => {
    const { user, auth: session } = await app.signIn();
    await alreadyStored(user.id, Limits.uploadBytesPerDay - ONE_PIXEL_PNG.length - 1);
    expect((await send(session, 'en-US', ONE_PIXEL_PNG, ONE_PIXEL_PNG)).json()).toMatchObject({
      success: false,
      reason: 'rate_limited',
    });
    expect(await storedBy(user.id)).toBe(1);
    // One file still fits.
    const res = await send(session, 'en-US', ONE_PIXEL_PNG);
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedBy(user.id)).toBe(2);
  });

  it("counts only the last 24 hours, and only the person's own uploads", async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    await alreadyStored(ann.user.id, Limits.uploadBytesPerDay, DAY_MS + 60_000);
    await alreadyStored(bob.user.id, Limits.uploadBytesPerDay);
    const res = await send(ann.auth, 'en-US', ONE_PIXEL_PNG);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.files).toHaveLength(1);
  });
});
