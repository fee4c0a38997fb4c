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
 * (Midjourney's parameters close the prompt, and a value such as `--no 汽车` is the person's own).
 */
const PROTECTED = /<?https?:\/\/[^\s<>]+>?|\{[^{}]*\}|::-?\d*\.?\d*|(?:^|\s)--[A-Za-z][\s\S]*$/gu;

export function splitPrompt(prompt: string): Segment[] {
  const segments: Segment[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    // Surrounding spaces stay ours: the translator gets the words and the joints stay as typed.
    const lead = /^\s*/u.exec(text)![0];
    const trail = text.length > lead.length ? /\s*$/u.exec(text)![0] : '';
    const core = text.slice(lead.length, text.length - trail.length);
    if (lead) segments.push({ text: lead, translate: false });
    if (core) segments.push({ text: core, translate: hasCjk(core) });
    if (trail) segments.push({ text: trail, translate: false });
  };
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
