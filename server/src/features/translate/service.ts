import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import { joinSegments, splitPrompt } from './segments';
import { TranslateFailure, type TranslateProvider, type Translator } from './port';

/** What a prompt became: the English the engine gets, and whether a translator was asked and failed. */
export interface PromptTranslation {
  promptEn: string;
  /** True when at least one piece was translated. */
  translated: boolean;
  /** True when the translator failed or timed out: `promptEn` is then the prompt as typed. */
  failed: boolean;
}

export interface PromptTranslator {
  readonly provider: TranslateProvider;
  translatePrompt(prompt: string): Promise<PromptTranslation>;
}

export interface TranslateServiceOptions {
  translator: Translator | null;
  timeoutMs: number;
  cacheEntries: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * A prompt has at most this many pieces to translate; more would be as many calls for one submit.
 * A prompt cut finer than that goes as typed, flagged as not translated.
 */
const MAX_PIECES = 12;

/**
 * Translates the CJK pieces of a prompt and leaves everything else as typed. Same text, same
 * translation: answers are kept in an LRU cache (pieces, so a prompt that differs only in its
 * parameters costs nothing). One timeout covers the whole prompt.
 */
export function promptTranslator(options: TranslateServiceOptions): PromptTranslator {
  const { translator, timeoutMs, log } = options;
  const cache = new LRUCache<string, string>({ max: options.cacheEntries });
  const asTyped = (prompt: string, failed: boolean): PromptTranslation => ({ promptEn: prompt, translated: false, failed });

  return {
    provider: translator?.provider ?? 'none',
    async translatePrompt(prompt) {
      const segments = splitPrompt(prompt);
      const pieces = segments.filter((s) => s.translate);
      if (!translator || pieces.length === 0) return asTyped(prompt, false);
      if (pieces.length > MAX_PIECES) return asTyped(prompt, true);
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const english = await Promise.all(
          pieces.map(async ({ text }) => {
            const known = cache.get(text);
            if (known !== undefined) return known;
            const answer = await translator.translate(text, signal);
            cache.set(text, answer);
            return answer;
          }),
        );
        pieces.forEach((piece, i) => {
          piece.text = english[i]!;
        });
        return { promptEn: joinSegments(segments), translated: true, failed: false };
      } catch (error) {
        // Only our own description or the error's name: a provider's message may echo the request.
        const why = error instanceof TranslateFailure ? error.message : signal.aborted ? `no answer within ${timeoutMs} ms` : (error as Error)?.name ?? 'error';
        log.warn({ provider: translator.provider, why }, 'prompt translation failed; the prompt goes as typed');
        return asTyped(prompt, true);
      }
    },
  };
}
