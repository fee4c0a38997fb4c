import { TranslateFailure, TranslateProvider, readJson, type Translator } from './port';

export interface OpenAiOptions {
  /** The base URL ending in `/v1` (OpenAI, DeepSeek, Qwen compatible mode, a relay, Ollama…). */
  baseUrl: string;
  apiKey: string;
  model: string;
  fetch?: typeof fetch;
}

const INSTRUCTION =
  'You translate fragments of image-generation prompts into English. Reply with the English translation only: ' +
  'no quotes, no notes, no explanations. Keep the meaning and the order of the ideas; keep any Latin-script words as they are.';

/** Any OpenAI-compatible chat-completions service. */
export function openAiTranslator(options: OpenAiOptions): Translator {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    provider: TranslateProvider.OpenAI,
    async translate(text, signal) {
      const response = await doFetch(url, {
        method: 'POST',
        signal,
        headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
        body: JSON.stringify({
          model: options.model,
          temperature: 0,
          messages: [
            { role: 'system', content: INSTRUCTION },
            { role: 'user', content: text },
          ],
        }),
      });
      const json = (await readJson(response, 'the translation service')) as { choices?: { message?: { content?: unknown } }[] };
      const content = json.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || !content.trim()) throw new TranslateFailure('the translation service answered no text');
      // Models like to wrap a one-line answer in quotes.
      return content.trim().replace(/^["'“”‘’]+|["'“”‘’]+$/gu, '').replace(/\s*\n+\s*/gu, ' ').trim();
    },
  };
}
