/** Reading a prompt: its words (by phrase), its `--parameters` and leading image links. */

export interface PromptWord {
  /** As written, without surrounding punctuation. */
  text: string;
  lower: string;
  /** Which comma-separated phrase it came from, so shortened prompts keep their grouping. */
  phrase: number;
}

export interface PromptParts {
  words: PromptWord[];
  /** e.g. `--ar 16:9`, `--no cars`, `--tile`: kept verbatim, they are instructions, not content. */
  params: string[];
  urls: string[];
}

/** Grammar words that carry no picture. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the of in on at with without and or nor but for to from by as is are was were be been being am ' +
    "it its it's this that these those there here into onto over under about above below between through " +
    'which who whom whose what where when while how why has have had having do does did doing can could ' +
    'should would will shall may might must i me my we our ours us you your yours he she him her hers his ' +
    'they them their theirs so such than then too also very really quite rather just some any each every ' +
    'both few more most other own same only up down out off again further once all against during before ' +
    'after upon within toward towards among along across behind beyond near like if because until not'
  ).split(' '),
);

/** Prompt fluff: praise and render jargon that rarely changes what gets drawn. */
export const FILLER_WORDS: ReadonlySet<string> = new Set(
  (
    'please create generate make draw show showing depicting depicts featuring features image picture ' +
    'beautiful stunning amazing incredible awesome gorgeous breathtaking epic masterpiece trending ' +
    'artstation quality best ultra hyper highly extremely super detailed intricate 4k 8k 16k hd uhd hdr ' +
    'resolution realistic photorealistic hyperrealistic octane render unreal engine award winning ' +
    'professional perfect nice cool good great'
  ).split(' '),
);

const PARAM = /^--[a-z][a-z0-9-]*$/i;
const URL = /^https?:\/\/\S+$/i;
/** Punctuation around a word goes; inner hyphens and apostrophes ("sci-fi", "van gogh's") stay. */
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

export function parsePrompt(prompt: string): PromptParts {
  const tokens = prompt.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const words: PromptWord[] = [];
  const params: string[] = [];
  const urls: string[] = [];
  let phrase = 0;
  let param: string[] | null = null;
  for (const token of tokens) {
    if (PARAM.test(token)) {
      if (param) params.push(param.join(' '));
      param = [token.toLowerCase()];
      continue;
    }
    if (param) {
      param.push(token);
      continue;
    }
    if (URL.test(token) && words.length === 0) {
      urls.push(token);
      continue;
    }
    for (const [i, piece] of token.split(/[,;.!?|]+/).entries()) {
      if (i > 0) phrase += 1;
      const text = piece.replace(EDGE_PUNCTUATION, '').replace(/::-?[\d.]*$/, '');
      if (text) words.push({ text, lower: text.toLowerCase(), phrase });
    }
  }
  if (param) params.push(param.join(' '));
  return { words, params, urls };
}

export const isStopWord = (w: PromptWord): boolean => STOP_WORDS.has(w.lower);
export const isFiller = (w: PromptWord): boolean => FILLER_WORDS.has(w.lower);

/** The words that say what to draw. */
export function contentWords(prompt: string): string[] {
  return parsePrompt(prompt)
    .words.filter((w) => !isStopWord(w) && !isFiller(w))
    .map((w) => w.lower);
}

/** `--ar 16:9` → 16/9, clamped to what a tile can show; undefined when absent or unreadable. */
export function aspectRatioOf(prompt: string): number | undefined {
  const param = parsePrompt(prompt).params.find((p) => p.startsWith('--ar ') || p.startsWith('--aspect '));
  const match = param ? /\s(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)/.exec(param) : null;
  if (!match) return undefined;
  const ratio = Number(match[1]) / Number(match[2]);
  return Number.isFinite(ratio) && ratio > 0 ? Math.min(4, Math.max(0.25, ratio)) : undefined;
}
