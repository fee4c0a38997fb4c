import { useEffect, useState, type RefObject } from 'react';
import { clearPrefill, onPrefill, peekPrefill } from './prefill';
import { useGrowingInput } from './useGrowingInput';

export interface Draft {
  input: RefObject<HTMLTextAreaElement | null>;
  text: string;
  setText(text: string): void;
}

/**
 * The text typed in a channel's composer and its box. It starts with what another screen left for
 * this channel (the archive's reuse); a failed task's "Edit prompt" while the composer is open
 * replaces it and puts the cursor there. `shown` and `focusOnOpen` as `useGrowingInput`.
 */
export function useDraft(channelId: string, shown: boolean, focusOnOpen: boolean): Draft {
  const [text, setText] = useState(() => peekPrefill(channelId) ?? '');
  const input = useGrowingInput(text, shown, focusOnOpen);
  useEffect(() => clearPrefill(channelId), [channelId]);
  useEffect(
    () =>
      onPrefill((target, value) => {
        if (target !== channelId) return;
        clearPrefill(target);
        setText(value);
        input.current?.focus();
      }),
    [channelId, input],
  );
  return { input, text, setText };
}
