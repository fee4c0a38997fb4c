import { TaskFailureCode } from '@draw/shared';
import { EngineFailure } from '../port';
import { isFiller, isStopWord, parsePrompt, type PromptWord } from './words';

export interface Shortened {
  /** The words that survived every cut, most important first. */
  keyTokens: string[];
  /** Up to five prompts, longest first, each with the original parameters. */
  prompts: string[];
  description: string;
}

const MAX_PROMPTS = 5;
const KEYCAPS = ['1️⃣', '2️⃣', '3️⃣', '4️⃣', '5️⃣'];

/** Endings of adjectives, adverbs and participles: modifiers go before the things they modify. */
const MODIFIER = /(?:ing|ly|ed|ful|ous|ive|ic|al|ish|less|y)$/;

/**
 * Earlier, longer words usually carry the subject and modifiers matter less than nouns; this is
 * the whole model of importance, enough to keep "lighthouse, clouds" over "dramatic, crashing".
 */
function importance(word: PromptWord, position: number): number {
  const modifier = word.lower.length > 4 && MODIFIER.test(word.lower) ? 0.25 : 0;
  return 1 / (1 + position * 0.12) + Math.min(word.text.length, 10) * 0.03 - modifier;
}

function render(words: readonly PromptWord[], tail: string): string {
  const phrases: string[] = [];
  let current: string[] = [];
  let phrase = words[0]?.phrase ?? 0;
  for (const w of words) {
    if (w.phrase !== phrase && current.length > 0) {
      phrases.push(current.join(' '));
      current = [];
    }
    phrase = w.phrase;
    current.push(w.text);
  }
  if (current.length > 0) phrases.push(current.join(' '));
  return [phrases.join(', '), tail].filter(Boolean).join(' ');
}

export function shortenPrompt(prompt: string): Shortened {
  const { words, params, urls } = parsePrompt(prompt);
  const tail = params.join(' ');
  const head = urls.join(' ');
  const withHead = (s: string): string => [head, s].filter(Boolean).join(' ');
  const meaningful = words.filter((w) => !isStopWord(w));
  const essential = meaningful.filter((w) => !isFiller(w));
  if (essential.length === 0) throw new EngineFailure(TaskFailureCode.NothingToShorten);

  const ranked = essential
    .map((w, position) => ({ w, score: importance(w, position) }))
    .sort((a, b) => b.score - a.score)
    .map((r) => r.w);
  const keep = (n: number): PromptWord[] => essential.filter((w) => ranked.indexOf(w) < n);

  const candidates = [meaningful, essential];
  for (const share of [0.75, 0.5, 0.3])
    candidates.push(keep(Math.max(1, Math.ceil(essential.length * share))));
  candidates.push(keep(Math.min(2, essential.length)));

  const prompts: string[] = [];
  for (const c of candidates) {
    const text = withHead(render(c, tail));
    if (!prompts.includes(text)) prompts.push(text);
    if (prompts.length === MAX_PROMPTS) break;
  }
  const keyTokens = ranked.slice(0, 8).map((w) => w.text);
  const description = [
    `**Important tokens**\n${keyTokens.join(', ')}`,
    `**Shortened prompts**\n${prompts.map((p, i) => `${KEYCAPS[i] ?? `${i + 1}.`} ${p}`).join('\n')}`,
  ].join('\n\n');
  return { keyTokens, prompts, description };
}
