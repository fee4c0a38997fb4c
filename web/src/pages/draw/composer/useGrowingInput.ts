import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * The message box: it grows with its text (up to half the viewport, then it scrolls), and opening
 * a channel puts the cursor in it, as Discord does (not on phones, where focus would pop the
 * keyboard over the feed).
 */
export function useGrowingInput(
  text: string,
  shown: boolean,
  focusOnOpen: boolean,
): RefObject<HTMLTextAreaElement | null> {
  const input = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    // Empty: one line, whatever the placeholder's length; otherwise as tall as the text.
    element.style.height = 'auto';
    if (text) element.style.height = `${element.scrollHeight}px`;
  }, [text, shown]);
  useEffect(() => {
    if (focusOnOpen) input.current?.focus({ preventScroll: true });
  }, [focusOnOpen]);
  return input;
}
