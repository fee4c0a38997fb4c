// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { PROMPT_HISTORY_MAX, readPromptHistory, rememberPrompt, stepHistory } from './promptHistory';

afterEach(() => localStorage.clear());

describe('prompt history', () => {
  it('keeps each person’s prompts apart, a repeat moved to the end, bounded', () => {
    rememberPrompt('ann', '/imagine a cat');
    rememberPrompt('ann', '/imagine a dog');
    rememberPrompt('ann', '/imagine a cat');
    rememberPrompt('bo', '/imagine a bird');
    expect(readPromptHistory('ann')).toEqual(['/imagine a dog', '/imagine a cat']);
    expect(readPromptHistory('bo')).toEqual(['/imagine a bird']);
    for (let i = 0; i < PROMPT_HISTORY_MAX + 5; i++) rememberPrompt('ann', `/imagine ${i}`);
    const kept = readPromptHistory('ann');
    expect(kept).toHaveLength(PROMPT_HISTORY_MAX);
    expect(kept.at(-1)).toBe(`/imagine ${PROMPT_HISTORY_MAX + 4}`);
  });

  it('steps older with ↑ and newer with ↓, emptying the box past the newest', () => {
    const history = ['one', 'two', 'three'];
    expect(stepHistory(history, null, -1)).toEqual({ index: 2, text: 'three' });
    expect(stepHistory(history, 2, -1)).toEqual({ index: 1, text: 'two' });
    expect(stepHistory(history, 0, -1)).toBeNull();
    expect(stepHistory(history, 1, 1)).toEqual({ index: 2, text: 'three' });
    expect(stepHistory(history, 2, 1)).toEqual({ index: null, text: '' });
    expect(stepHistory(history, null, 1)).toBeNull();
    expect(stepHistory([], null, -1)).toBeNull();
  });
});
