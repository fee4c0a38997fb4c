import type { Config } from '../../config';
import { baiduTranslator } from './baidu';
import { openAiTranslator } from './openai';
import type { Translator } from './port';

/** The configured provider, or null for `none` (prompts go as written). */
export function createTranslator(config: Config, fetchImpl?: typeof fetch): Translator | null {
  const extra = fetchImpl ? { fetch: fetchImpl } : {};
  switch (config.TRANSLATE_PROVIDER) {
    case 'openai':
      return openAiTranslator({
        baseUrl: config.TRANSLATE_API_URL,
        apiKey: config.TRANSLATE_API_KEY,
        model: config.TRANSLATE_MODEL,
        ...extra,
      });
    case 'baidu':
      return baiduTranslator({
        appId: config.BAIDU_TRANSLATE_APP_ID,
        secret: config.BAIDU_TRANSLATE_SECRET,
        url: config.BAIDU_TRANSLATE_URL,
        ...extra,
      });
    default:
      return null;
  }
}
