import { useEffect, type RefObject } from 'react';

/** Where a key press already has a place to go: a field, or a dialog over the page. */
function keyHasItsOwnTarget(event: KeyboardEvent): boolean {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'))
    return true;
  // Space and Enter press a focused button or link; only printable text moves to the composer.
  return (
    event.key === ' ' &&
    Boolean(target && target !== document.body && target.closest('button, a, [role="button"], [tabindex]'))
  );
}

/** A printable character typed without a modifier, or a paste (Ctrl/⌘ + V). */
function isTypingOrPaste(event: KeyboardEvent): boolean {
  if (event.isComposing || event.repeat) return false;
  const paste = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'v';
  return paste || (!event.ctrlKey && !event.metaKey && !event.altKey && event.key.length === 1);
}

/**
 * Typing anywhere on the channel's page writes in the message box, as in Discord: the first key
 * moves focus there and the browser then puts its character (or the paste) into it. Not while a
 * field or a dialog has the keys, and not on phones (no hardware keyboard to speak of).
 */
export function useTypeAnywhere(input: RefObject<HTMLTextAreaElement | null>, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isTypingOrPaste(event) || keyHasItsOwnTarget(event)) return;
      input.current?.focus({ preventScroll: true });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [input, enabled]);
}
