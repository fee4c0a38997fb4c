import * as storage from '../../../lib/storage';

/**
 * The prompts a person drew, newest last, kept on this device per person (localStorage), so ↑/↓ in
 * the composer can bring one back as a shell history does. Bounded: the oldest go first.
 */
export const PROMPT_HISTORY_MAX = 50;

const keyOf = (userId: string) => `promptHistory:${userId}`;

export function readPromptHistory(userId: string): string[] {
  if (!userId) return [];
  const saved = storage.get<unknown>(keyOf(userId));
  return Array.isArray(saved) ? saved.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** Adds a submitted prompt line (e.g. `/imagine a cat --ar 2:3`); a repeat moves to the end. */
export function rememberPrompt(userId: string, line: string): void {
  const text = line.trim();
  if (!userId || !text) return;
  const history = readPromptHistory(userId).filter((entry) => entry !== text);
  history.push(text);
  storage.set(keyOf(userId), history.slice(-PROMPT_HISTORY_MAX), null);
}

/**
 * One step through the history from where the composer is: `index` is the entry shown (null: the
 * box is not showing a recalled prompt). ↑ (`-1`) goes older, ↓ (`+1`) newer; past the newest the
 * box empties. Returns null when the key does nothing (no history, already at the oldest).
 */
export function stepHistory(
  history: readonly string[],
  index: number | null,
  direction: -1 | 1,
): { index: number | null; text: string } | null {
  if (history.length === 0) return null;
  if (index === null) {
    if (direction === 1) return null;
    const last = history.length - 1;
    return { index: last, text: history[last]! };
  }
  const next = index + direction;
  if (next < 0) return null;
  if (next >= history.length) return { index: null, text: '' };
  return { index: next, text: history[next]! };
}
