/** The closed set of translation providers (`TRANSLATE_PROVIDER`). */
export const TranslateProvider = { None: 'none', OpenAI: 'openai', Baidu: 'baidu' } as const;
export type TranslateProvider = (typeof TranslateProvider)[keyof typeof TranslateProvider];

/**
 * One provider: pieces of Chinese (or any CJK) text in, their English out, in one call. Each
 * piece is a single line. Throws on any failure, and when the answer has not one text per piece.
 */
export interface Translator {
  readonly provider: TranslateProvider;
  translate(pieces: readonly string[], signal: AbortSignal): Promise<string[]>;
}

/** A provider's failure, described without the request (URLs and bodies may carry keys). */
export class TranslateFailure extends Error {
  override name = 'TranslateFailure';
}

/**
 * The longest answer we read from a translator: a call carries at most `MAX_CALL_CHARS` of
 * source, and even its longest allowed English, JSON-escaped, fits well inside.
 */
export const MAX_ANSWER_BYTES = 128 * 1024;

/** The most source text one call carries (Baidu asks for at most ~6000 bytes, about 2000 Chinese characters). */
export const MAX_CALL_CHARS = 2000;

/**
 * Reads a provider's answer as JSON, refusing a non-2xx status or a body too large to be one.
 * The body is read as it streams and dropped at `MAX_ANSWER_BYTES`, whatever length it announced.
 */
export async function readJson(response: Response, what: string): Promise<unknown> {
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_ANSWER_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new TranslateFailure(`${what} answered ${length} bytes`);
  }
  const body = await readBounded(response, what);
  if (!response.ok) throw new TranslateFailure(`${what} answered HTTP ${response.status}`);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new TranslateFailure(`${what} answered something that is not JSON`);
  }
}

async function readBounded(response: Response, what: string): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new TranslateFailure(`${what} answered more than ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
