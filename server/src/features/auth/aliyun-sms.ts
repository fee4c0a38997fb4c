import { createHmac, randomUUID } from 'node:crypto';
import type { SmsSender } from './sms';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint: string;
  /** For tests: a fixed clock and nonce. */
  now?: () => Date;
  nonce?: () => string;
}

/** RFC 3986 encoding as Aliyun's RPC signature (v1) requires. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/\+/g, '%20')
    .replace(/\*/g, '%2A')
    .replace(/%7E/g, '~')
    .replace(/[!'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Signs RPC parameters: HMAC-SHA1 over `METHOD&%2F&<encoded canonical query>` with `secret&`. */
export function signRpc(method: 'GET' | 'POST', params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key]!)}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** Aliyun's spelling: a mainland number bare, any other as country code and number without the `+`. */
const aliyunNumber = (phone: string) => phone.replace(/^\+86/, '').replace(/^\+/, '');

/**
 * Aliyun SMS (dysmsapi SendSms, API version 2017-05-25). Parameters travel in a signed POST body,
 * never in the URL, so nothing secret-derived reaches access logs.
 */
export function aliyunSmsSender(options: AliyunSmsOptions): SmsSender {
  const now = options.now ?? (() => new Date());
  const nonce = options.nonce ?? randomUUID;
  return {
    name: 'aliyun',
    revealsCodes: false,
    async sendLoginCode(phone, code) {
      const params: Record<string, string> = {
        AccessKeyId: options.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: aliyunNumber(phone),
        RegionId: 'cn-hangzhou',
        SignName: options.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: nonce(),
        SignatureVersion: '1.0',
        TemplateCode: options.templateCode,
        TemplateParam: JSON.stringify({ code }),
        Timestamp: now()
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      const body = new URLSearchParams({
        ...params,
        Signature: signRpc('POST', params, options.accessKeySecret),
      });
      const res = await fetch(`${options.endpoint.replace(/\/$/, '')}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
      if (!res.ok || answer.Code !== 'OK') {
        throw new Error(
          `Aliyun SMS refused the message: ${answer.Code ?? res.status} ${answer.Message ?? ''}`.trim(),
        );
      }
    },
  };
}
