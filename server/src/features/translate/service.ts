import { Limits } from '@draw/shared';
import { LRUCache } from 'lru-cache';
import PQueue from 'p-queue';
import type { FastifyBaseLogger } from 'fastify';
import { cleanAnswer, protectedSpans, splitPrompt, type Segment } from './segments';
import { MAX_CALL_CHARS, TranslateFailure, type TranslateProvider, type Translator } from './port';

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
  /** One prompt's whole wait: its turn for a provider call and the call itself. */
  timeoutMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Provider calls in flight at once, all prompts together; the others wait their turn in order. */
  maxConcurrentCalls?: number;
  /** What the cache of translated pieces may hold, in bytes. */
  cacheBytes?: number;
}

/**
 * The provider calls one prompt may make: its pieces go together, `MAX_CALL_CHARS` of text a
 * call, so a prompt of `Limits.promptMaxChars` fits in two. A prompt that does not (a piece
 * longer than a call, or pieces that cannot be packed into two) goes as typed, flagged as not
 * translated, rather than refused: the task still runs, the card says so, and the preview lets
 * the person write the English themselves. Translating only part of it would hide that.
 */
export const MAX_CALLS_PER_PROMPT = 2;
/** The most pieces one call carries: the answer must come back as that many texts. */
const MAX_PIECES_PER_CALL = 64;
export const DEFAULT_CONCURRENT_CALLS = 8;
/** Calls waiting for their turn beyond this are refused at once (the prompt goes as typed): a flood waits for nothing. */
const MAX_WAITING_CALLS = 256;
export const DEFAULT_CACHE_BYTES = 8 * 1024 * 1024;
/** A cached piece's weight: both strings in UTF-16, and the map's own bookkeeping. */
const entryBytes = (english: string, source: string) => 2 * (english.length + source.length) + 64;

/** The unknown pieces packed into calls (first fit), or null when they need more than `MAX_CALLS_PER_PROMPT`. */
function packCalls(texts: readonly string[]): string[][] | null {
  const calls: { texts: string[]; chars: number }[] = [];
  for (const text of texts) {
    if (text.length > MAX_CALL_CHARS) return null;
    const call = calls.find(
      (c) => c.chars + text.length <= MAX_CALL_CHARS && c.texts.length < MAX_PIECES_PER_CALL,
    );
    if (call) {
      call.texts.push(text);
      call.chars += text.length;
    } else {
      calls.push({ texts: [text], chars: text.length });
    }
  }
  return calls.length <= MAX_CALLS_PER_PROMPT ? calls.map((c) => c.texts) : null;
}

/** The work's result, or the signal's reason once it aborts (the work itself may go on for others). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/**
 * Puts the English into the prompt, or throws when the result is no longer the same prompt: longer
 * than a prompt may be, or with a URL, weight, permutation or parameter that the source did not
 * have (or without one it had). A piece right after a protected span starts with a space, so no
 * English word can become part of a weight (`::2` + `5 cats`).
 */
function assemble(prompt: string, segments: Segment[], english: readonly string[]): string {
  let piece = 0;
  const out = segments.map((segment, i) => {
    if (!segment.translate) return segment.text;
    const text = english[piece++]!;
    const before = segments[i - 1];
    return before && !before.translate && /\S$/u.test(before.text) && text ? ` ${text}` : text;
  });
  const promptEn = out.join('');
  if (promptEn.length > Limits.promptMaxChars)
    throw new TranslateFailure(`the English is ${promptEn.length} characters, over the prompt limit`);
  if (protectedSpans(promptEn).join('\n') !== protectedSpans(prompt).join('\n'))
    throw new TranslateFailure('the English changed the URLs, weights or parameters');
  return promptEn;
}

/**
 * Translates the CJK pieces of a prompt and leaves everything else as typed. Bounded on every
 * side: a prompt makes at most `MAX_CALLS_PER_PROMPT` provider calls, the process at most
 * `maxConcurrentCalls` at once (a prompt waiting its turn still gives up at its timeout), and a
 * piece another prompt is already asking about waits for that answer instead of asking again.
 * Same text, same translation: answers are kept in an LRU cache bounded in bytes (pieces, so a
 * prompt that differs only in its parameters costs nothing; a prompt all known costs no call and
 * no timer). An answer is trusted with words only (`cleanAnswer`).
 */
export function promptTranslator(options: TranslateServiceOptions): PromptTranslator {
  const { translator, timeoutMs, log } = options;
  const cache = new LRUCache<string, string>({
    maxSize: options.cacheBytes ?? DEFAULT_CACHE_BYTES,
    sizeCalculation: entryBytes,
  });
  const calls = new PQueue({ concurrency: options.maxConcurrentCalls ?? DEFAULT_CONCURRENT_CALLS });
  const inFlight = new Map<string, Promise<string>>();
  const asTyped = (prompt: string, failed: boolean): PromptTranslation => ({
    promptEn: prompt,
    translated: false,
    failed,
  });

  /** One provider call for these pieces; each piece's English is shared with every prompt that asks until it settles. */
  const startCall = (provider: Translator, texts: string[], signal: AbortSignal) => {
    // The queue is not given the signal: it would free the slot when the prompt gives up, while the
    // provider may still be answering. A call whose prompt gave up while it waited is not made.
    const answers = calls
      .add(() => (signal.throwIfAborted(), provider.translate(texts, signal)))
      .catch((error: unknown) => {
        // The prompt that started the call gave up (its timeout): so does every prompt sharing it.
        throw signal.aborted ? new TranslateFailure(`no answer within ${timeoutMs} ms`) : error;
      });
    texts.forEach((text, i) => {
      const english = answers.then((all) => {
        const answer = all[i] ?? '';
        const clean = cleanAnswer(answer, text);
        if (clean === null)
          throw new TranslateFailure(
            `the translator answered ${answer.length} characters for ${text.length}`,
          );
        cache.set(text, clean);
        return clean;
      });
      inFlight.set(text, english);
      // Every prompt that waits handles the failure; this only forgets the call once it is over.
      english.catch(() => undefined).finally(() => inFlight.get(text) === english && inFlight.delete(text));
    });
  };

  const translateAll = async (
    provider: Translator,
    prompt: string,
    segments: Segment[],
    pieces: Segment[],
  ): Promise<PromptTranslation> => {
    const known = pieces.map((p) => cache.get(p.text));
    if (known.every((english) => english !== undefined))
      return { promptEn: assemble(prompt, segments, known as string[]), translated: true, failed: false };
    const signal = AbortSignal.timeout(timeoutMs);
    const unknown = [
      ...new Set(pieces.filter((p, i) => known[i] === undefined && !inFlight.has(p.text)).map((p) => p.text)),
    ];
    if (unknown.length > 0) {
      const batches = packCalls(unknown);
      if (!batches)
        throw new TranslateFailure(`the prompt has too much to translate in ${MAX_CALLS_PER_PROMPT} calls`);
      if (calls.size + batches.length > MAX_WAITING_CALLS)
        throw new TranslateFailure(`${calls.size} translations are already waiting`);
      for (const texts of batches) startCall(provider, texts, signal);
    }
    try {
      const english = await untilAborted(
        Promise.all(pieces.map((p, i) => known[i] ?? inFlight.get(p.text)!)),
        signal,
      );
      return { promptEn: assemble(prompt, segments, english), translated: true, failed: false };
    } catch (error) {
      throw signal.aborted ? new TranslateFailure(`no answer within ${timeoutMs} ms`) : error;
    }
  };

  return {
    provider: translator?.provider ?? 'none',
    async translatePrompt(prompt) {
      const segments = splitPrompt(prompt);
      const pieces = segments.filter((s) => s.translate);
      if (!translator || pieces.length === 0) return asTyped(prompt, false);
      if (prompt.length > Limits.promptMaxChars) return asTyped(prompt, true);
      try {
        return await translateAll(translator, prompt, segments, pieces);
      } catch (error) {
        // Only our own description or the error's name: a provider's message may echo the request.
        const why = error instanceof TranslateFailure ? error.message : ((error as Error)?.name ?? 'error');
        log.warn(
          { provider: translator.provider, why },
          'prompt translation failed; the prompt goes as typed',
        );
        return asTyped(prompt, true);
      }
    },
  };
}
