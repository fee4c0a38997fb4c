import { hasCjk } from '@draw/shared';

/**
 * A prompt cut into what a translator may see and what must reach the engine exactly as typed.
 * Midjourney reads URLs (image prompts), `--parameters` with their values, `::` weights and
 * `{a, b}` permutations by their exact spelling: a translator that "fixes" them breaks the job.
 */
export interface Segment {
  text: string;
  /** True when the segment goes to the translator (it holds CJK text outside any protected part). */
  translate: boolean;
}

/**
 * Protected spans, in order of the regex alternation: a URL (bare or in `<…>`), a permutation
 * `{…}`, a `::` weight with its number, and everything from the first `--parameter` on
 * (Midjourney's parameters close the prompt, and a value such as `--no 汽车` is the person's own;
 * `—` is how phones write `--`, and Midjourney reads it the same).
 */
const PROTECTED = /<?https?:\/\/[^\s<>]+>?|\{[^{}]*\}|::-?\d*\.?\d*|(?:^|\s)(?:--|\u2014)[A-Za-z][\s\S]*$/gu;

/** A line break and the spaces around it: a joint of its own, so no piece sent holds a newline. */
const LINE_BREAK = /(\s*[\r\n]\s*)/u;

export function splitPrompt(prompt: string): Segment[] {
  const segments: Segment[] = [];
  const pushLine = (text: string) => {
    if (!text) return;
    // Surrounding spaces stay ours: the translator gets the words and the joints stay as typed.
    const lead = /^\s*/u.exec(text)![0];
    const trail = text.length > lead.length ? /\s*$/u.exec(text)![0] : '';
    const core = text.slice(lead.length, text.length - trail.length);
    if (lead) segments.push({ text: lead, translate: false });
    if (core) segments.push({ text: core, translate: hasCjk(core) });
    if (trail) segments.push({ text: trail, translate: false });
  };
  const pushText = (text: string) => text.split(LINE_BREAK).forEach(pushLine);
  let at = 0;
  for (const match of prompt.matchAll(PROTECTED)) {
    pushText(prompt.slice(at, match.index));
    segments.push({ text: match[0], translate: false });
    at = match.index + match[0].length;
  }
  pushText(prompt.slice(at));
  return segments;
}

/** Puts the segments back in order (the spaces around each were kept as segments of their own). */
export function joinSegments(segments: Segment[]): string {
  return segments.map((s) => s.text).join('');
}

/**
 * The protected spans of a text (URLs, permutations, weights, the parameters), sorted: a
 * translated prompt must have exactly the spans its source had, no more, no fewer, none changed.
 */
export function protectedSpans(text: string): string[] {
  return [...text.matchAll(PROTECTED)].map((m) => m[0].trim()).sort();
}

/** An answer may be this many times its source's length, plus `ANSWER_SLACK` (a one-character word is a short English one). */
export const ANSWER_GROWTH = 4;
export const ANSWER_SLACK = 24;
export const answerBound = (source: string): number => ANSWER_GROWTH * source.length + ANSWER_SLACK;

/** Control characters (C0, DEL, C1) and the invisible marks that reorder text on screen. */
const CONTROL = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** Anything shaped like a URL, with or without its `<…>`: image prompts are the person's own. */
const URL_LIKE = /<?\b[a-z][a-z0-9+.-]*:\/\/[^\s<>]*>?/giu;
/** Dashes phones and keyboards write where `--` was meant. */
const DASH = '[\\u2012-\\u2015\\u2e3a\\u2e3b\\ufe58\\ufe63\\uff0d]';
/** A word Midjourney would read as a parameter: `--` (or such a dash) and a name, starting a word. */
const PARAMETER_LIKE = new RegExp(`(?<!\\S)(?:-{2,}|${DASH})(?:-|${DASH})*[A-Za-z][A-Za-z0-9_-]*`, 'gu');
/** Any other such dash: a space, so no later joint can make one a parameter's start. */
const DASHES = new RegExp(`-{2,}|${DASH}`, 'gu');
/** A `::` weight, or the braces of a `{…}` permutation. */
const WEIGHTS_AND_BRACES = /:{2,}|[{}]/gu;
/**
 * Punctuation at a piece's edges: colons, dashes and angle brackets could join what the prompt has
 * beside it (`cat:` + `::2`), and a full stop or comma there only clutters the prompt.
 */
const EDGES = /^[\s:<>.,;-]+|[\s:<>.,;-]+$/gu;

/**
 * A translator's answer for one piece, made safe to put back into the prompt: null when it is
 * longer than `answerBound(source)` (a translation, not an essay). The text loses control
 * characters (line breaks and tabs become spaces), URLs, `--` and dashes Midjourney reads as
 * one, `::` and braces: a translator adds words, never parameters, weights, permutations or images.
 */
export function cleanAnswer(answer: string, source: string): string | null {
  const trimmed = answer.trim();
  if (trimmed.length > answerBound(source)) return null;
  return trimmed
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]+/gu, ' ')
    .replace(CONTROL, '')
    .replace(URL_LIKE, ' ')
    .replace(PARAMETER_LIKE, ' ')
    .replace(DASHES, ' ')
    .replace(WEIGHTS_AND_BRACES, ' ')
    .replace(/\s+/gu, ' ')
    .replace(EDGES, '');
}
