import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/support/harness';
import { aliyunSmsSender, percentEncode } from './aliyun-sms';

const SECRET = 'testsecret';
const received: Record<string, string>[] = [];
let answerCode = 'OK';
let fake: http.Server;
let endpoint: string;

/** The documented v1 algorithm, written out independently of the sender's own code. */
function expectedSignature(params: Record<string, string>): string {
  const enc = (v: string) =>
    encodeURIComponent(v)
      .replace(/\+/g, '%20')
      .replace(/\*/g, '%2A')
      .replace(/%7E/g, '~')
      .replace(/[!'()]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  const query = Object.entries(params)
    .filter(([k]) => k !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
  return createHmac('sha1', `${SECRET}&`)
    .update(`POST&%2F&${enc(query)}`)
    .digest('base64');
}

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      received.push({ ...params, __url: req.url ?? '' });
      const valid = params.Signature === expectedSignature(params);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          valid
            ? { Code: answerCode, Message: answerCode === 'OK' ? 'OK' : 'quota exceeded', RequestId: 'r1' }
            : { Code: 'SignatureDoesNotMatch' },
        ),
      );
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => fake.close(() => r())));

describe('Aliyun SMS sender', () => {
  it('encodes like RFC 3986', () => {
    expect(percentEncode('a b*c~d+e/f')).toBe('a%20b%2Ac~d%2Be%2Ff');
  });

  it('sends a correctly signed SendSms request with the code, nothing in the URL', async () => {
    const sender = aliyunSmsSender({
      accessKeyId: 'AKID',
      accessKeySecret: SECRET,
      signName: '绘画空间',
      templateCode: 'SMS_1',
      endpoint,
    });
    await sender.sendLoginCode('13800001234', '123456');
    const request = received.at(-1)!;
    expect(request).toMatchObject({
      Action: 'SendSms',
      PhoneNumbers: '13800001234',
      SignName: '绘画空间',
      TemplateCode: 'SMS_1',
      TemplateParam: '{"code":"123456"}',
      SignatureMethod: 'HMAC-SHA1',
      Version: '2017-05-25',
      __url: '/',
    });
    expect(request.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // Abroad: the country code and the number, without the plus, as Aliyun's international SMS takes it.
    await sender.sendLoginCode('+447911123456', '123456');
    expect(received.at(-1)).toMatchObject({ PhoneNumbers: '447911123456' });
  });

  it('fails clearly when the provider refuses, and the user may ask again at once', async () => {
    answerCode = 'isv.BUSINESS_LIMIT_CONTROL';
    const app = await startTestApp({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'AKID',
      ALIYUN_ACCESS_KEY_SECRET: SECRET,
      ALIYUN_SMS_SIGN_NAME: 'sign',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      ALIYUN_SMS_ENDPOINT: endpoint,
    });
    try {
      const ask = () =>
        app.http.inject({
          url: '/api/login/send-login-code?phone=13800005678',
          headers: { 'accept-language': 'en-US' },
        });
      const first = await ask();
      expect(first.statusCode).toBe(503);
      expect(first.json()).toMatchObject({
        success: false,
        message: 'The text message could not be sent. Please try again.',
      });
      answerCode = 'OK';
      const second = await ask();
      expect(second.json()).toMatchObject({ success: true, data: { resendAfter: 60 } });
      expect(second.json().data.devCode).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
