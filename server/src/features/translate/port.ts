/** The closed set of translation providers (`TRANSLATE_PROVIDER`). */
export const TranslateProvider = { None: 'none', OpenAI: 'openai', Baidu: 'baidu' } as const;
export type TranslateProvider = (typeof TranslateProvider)[keyof typeof TranslateProvider];

/** One provider: Chinese (or any CJK) text in, English out. Throws on any failure. */
export interface Translator {
  readonly provider: TranslateProvider;
  translate(text: string, signal: AbortSignal): Promise<string>;
}

/** A provider's failure, described without the request (URLs and bodies may carry keys). */
export class TranslateFailure extends Error {
  override name = 'TranslateFailure';
}

/** The longest answer we read from a translator. */
export const MAX_ANSWER_BYTES = 256 * 1024;

/** Reads a provider's answer as JSON, refusing a non-2xx status or a body too large to be one. */
export async function readJson(response: Response, what: string): Promise<unknown> {
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_ANSWER_BYTES) throw new TranslateFailure(`${what} answered ${length} bytes`);
  const body = await response.text();
  if (!response.ok) throw new TranslateFailure(`${what} answered HTTP ${response.status}`);
  if (body.length > MAX_ANSWER_BYTES) throw new TranslateFailure(`${what} answered ${body.length} bytes`);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new TranslateFailure(`${what} answered something that is not JSON`);
  }
}
