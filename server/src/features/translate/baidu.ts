import { createHash, randomInt } from 'node:crypto';
import { TranslateFailure, TranslateProvider, readJson, type Translator } from './port';

export const BAIDU_TRANSLATE_URL = 'https://fanyi-api.baidu.com/api/trans/vip/translate';

export interface BaiduOptions {
  appId: string;
  secret: string;
  /** The general-translation endpoint (a local fake in tests). */
  url: string;
  fetch?: typeof fetch;
}

/** Baidu's documented sign: md5(appid + q + salt + secret), lower-case hex. */
export function baiduSign(appId: string, q: string, salt: string, secret: string): string {
  return createHash('md5').update(`${appId}${q}${salt}${secret}`, 'utf8').digest('hex');
}

/**
 * Baidu Translate's general API (form POST; the secret only ever enters the sign). All the pieces
 * go in one request, a line each: Baidu answers one `trans_result` per line, in order.
 */
export function baiduTranslator(options: BaiduOptions): Translator {
  const doFetch = options.fetch ?? fetch;
  return {
    provider: TranslateProvider.Baidu,
    async translate(pieces, signal) {
      const text = pieces.join('\n');
      const salt = String(randomInt(1, 2 ** 31));
      const form = new URLSearchParams({
        q: text,
        from: 'auto',
        to: 'en',
        appid: options.appId,
        salt,
        sign: baiduSign(options.appId, text, salt, options.secret),
      });
      const response = await doFetch(options.url, {
        method: 'POST',
        signal,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      const json = (await readJson(response, 'Baidu Translate')) as {
        error_code?: unknown;
        trans_result?: { dst?: unknown }[];
      };
      if (json.error_code !== undefined && String(json.error_code) !== '52000') {
        throw new TranslateFailure(`Baidu Translate refused with error ${String(json.error_code)}`);
      }
      const lines = (json.trans_result ?? []).map((line) => line.dst);
      if (lines.length !== pieces.length || lines.some((line) => typeof line !== 'string')) {
        throw new TranslateFailure(`Baidu Translate answered ${lines.length} lines for ${pieces.length}`);
      }
      return (lines as string[]).map((line) => line.trim());
    },
  };
}
