import { useRef, type KeyboardEvent } from 'react';
import type { CommandName } from './commands';
import type { CommandMenuState } from './useCommandMenu';

export interface ComposerKeysDeps {
  menu: CommandMenuState;
  pick(name: CommandName): void;
  /** Escape closes an open /settings or /info panel: true when there was one. */
  closePanel(): boolean;
  send(): void;
  /** Ctrl/⌘+Enter: draws text typed with no slash (the composer's offer). */
  draw(): void;
}

export interface ComposerKeys {
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void;
  onCompositionStart(): void;
  onCompositionEnd(): void;
}

/** The input's keys: the command menu's arrows, Enter/Tab and Escape; Escape for a panel; Enter sends, Ctrl/⌘+Enter draws. */
export function useComposerKeys({ menu, pick, closePanel, send, draw }: ComposerKeysDeps): ComposerKeys {
  const composing = useRef(false);
  return {
    onCompositionStart: () => (composing.current = true),
    onCompositionEnd: () => (composing.current = false),
    onKeyDown(event) {
      // Enter that confirms an IME composition (Chinese, Japanese…) is not a send.
      if (event.nativeEvent.isComposing || composing.current || event.keyCode === 229) return;
      if (menu.open) {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          menu.move(event.key === 'ArrowDown' ? 1 : -1);
          return;
        }
        if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
          event.preventDefault();
          pick(menu.matches[menu.activeIndex]!);
          return;
        }
        if (event.key === 'Escape') {
          event.preventDefault();
          menu.dismiss();
          return;
        }
      }
      if (event.key === 'Escape' && closePanel()) {
        event.preventDefault();
        return;
      }
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        draw();
        return;
      }
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        send();
      }
    },
  };
}
