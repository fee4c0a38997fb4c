import { answerBound } from './segments';
import { TranslateFailure, TranslateProvider, readJson, type Translator } from './port';

export interface OpenAiOptions {
  /** The base URL ending in `/v1` (OpenAI, DeepSeek, Qwen compatible mode, a relay, Ollama…). */
  baseUrl: string;
  apiKey: string;
  model: string;
  fetch?: typeof fetch;
}

const INSTRUCTION =
  'You translate fragments of image-generation prompts into English. The user sends a JSON array of strings. ' +
  'Reply with only a JSON array of the same length: the English of each string, in the same order. ' +
  'No notes, no explanations. Keep the meaning and the order of the ideas; keep any Latin-script words as they are.';

/**
 * Services whose chat completions take `max_completion_tokens`, where newer models refuse the
 * deprecated `max_tokens` (OpenAI, Azure OpenAI, Alibaba's Model Studio). DeepSeek, Ollama and
 * most relays read only `max_tokens` and silently ignore the newer name, so the rest get that.
 */
const COMPLETION_TOKENS_HOSTS = /(?:^|\.)(?:api\.openai\.com|openai\.azure\.com|aliyuncs\.com)$/u;

/**
 * The tokens an answer may take: the longest English the service would accept for these pieces
 * (`answerBound`), counted at two characters a token (English runs nearer four), plus the
 * array's quotes and commas. A longer answer is cut by the provider and refused here.
 */
export function answerTokenBudget(pieces: readonly string[]): number {
  const chars = pieces.reduce((sum, piece) => sum + answerBound(piece) + 4, 2);
  return Math.ceil(chars / 2) + 16;
}

function tokenLimit(baseUrl: string, pieces: readonly string[]): Record<string, number> {
  const host = new URL(baseUrl).hostname;
  return {
    [COMPLETION_TOKENS_HOSTS.test(host) ? 'max_completion_tokens' : 'max_tokens']: answerTokenBudget(pieces),
  };
}

/** Models like to wrap a one-line answer in quotes. */
const unquote = (text: string) =>
  text
    .trim()
    .replace(/^["'“”‘’]+|["'“”‘’]+$/gu, '')
    .trim();

/** The answer's texts, one per piece; a single piece may come back as bare text rather than an array of one. */
function piecesOf(content: string, count: number): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.trim().replace(/^```(?:json)?\s*|\s*```$/gu, ''));
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed) && parsed.length === count && parsed.every((text) => typeof text === 'string'))
    return parsed as string[];
  if (count === 1 && !Array.isArray(parsed)) return [typeof parsed === 'string' ? parsed : unquote(content)];
  throw new TranslateFailure(`the translation service answered something other than ${count} texts`);
}

/** Any OpenAI-compatible chat-completions service: one request for all the pieces, as a JSON array. */
export function openAiTranslator(options: OpenAiOptions): Translator {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    provider: TranslateProvider.OpenAI,
    async translate(pieces, signal) {
      const response = await doFetch(url, {
        method: 'POST',
        signal,
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0,
          ...tokenLimit(url, pieces),
          messages: [
            { role: 'system', content: INSTRUCTION },
            { role: 'user', content: JSON.stringify(pieces) },
          ],
        }),
      });
      const json = (await readJson(response, 'the translation service')) as {
        choices?: { finish_reason?: unknown; message?: { content?: unknown } }[];
      };
      const choice = json.choices?.[0];
      if (choice?.finish_reason === 'length')
        throw new TranslateFailure('the translation service stopped at the token limit');
      const content = choice?.message?.content;
      if (typeof content !== 'string' || !content.trim())
        throw new TranslateFailure('the translation service answered no text');
      return piecesOf(content, pieces.length).map(unquote);
    },
  };
}
