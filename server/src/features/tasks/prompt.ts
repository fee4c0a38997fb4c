import { randomInt } from 'node:crypto';
import { Limits } from '@draw/shared';
import type { PromptTranslator } from '../translate/service';
import { taskRefusal } from './errors';

/** What a prompt says, read the way Midjourney reads it; and the English the engine gets. */

const SEED = /--seed\s+(\d{1,10})/;
const SEED_MAX = 4294967295;

export const randomSeed = (): number => randomInt(0, SEED_MAX);

/** The prompt's `--seed`, or a random one. */
export function seedOf(prompt: string): number {
  const match = SEED.exec(prompt);
  const value = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(value) && value <= SEED_MAX ? value : randomSeed();
}

export function validatePrompt(raw: string): string {
  const prompt = raw.trim();
  if (prompt.length === 0 || prompt.length > Limits.promptMaxChars || /[^\P{Cc}\n\r\t]/u.test(prompt)) {
    throw taskRefusal('task.badPrompt', { max: Limits.promptMaxChars });
  }
  return prompt;
}

/** A custom zoom's `--zoom`: null when absent, NaN when out of Midjourney's range. */
export function zoomFromPrompt(prompt: string): number | null {
  const match = /--zoom\s+([0-9]*\.?[0-9]+)/.exec(prompt);
  if (!match) return null;
  const zoom = Number(match[1]);
  return zoom >= Limits.zoomMin && zoom <= Limits.zoomMax ? zoom : NaN;
}

/** A task's English and whether its translation failed (the card then says it went as typed). */
export interface English {
  promptEn: string;
  translationFailed: boolean;
}

/**
 * What the engine gets for a prompt: the person's own English when they edited the preview,
 * else the translator's. A translator that fails never loses the prompt: it goes as typed.
 */
export function englishFor(translator: PromptTranslator) {
  return async (prompt: string, edited?: string): Promise<English> => {
    if (edited?.trim()) return { promptEn: validatePrompt(edited), translationFailed: false };
    const { promptEn, failed } = await translator.translatePrompt(prompt);
    return { promptEn, translationFailed: failed };
  };
}

/** The task property that records a failed translation (none when it went well). */
export const translationFlag = (en: English): { translationFailed?: true } =>
  en.translationFailed ? { translationFailed: true } : {};
