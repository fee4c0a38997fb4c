import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { companyInfoStore } from '../../../stores/companyInfo';
import { commandQuery, cycleIndex, matchCommands, offeredCommands, type CommandName } from './commands';

export interface CommandMenuState {
  open: boolean;
  /** The commands matching what is typed, in menu order. */
  matches: CommandName[];
  activeIndex: number;
  /** Moves the highlight one step (1 down, -1 up), wrapping. */
  move(step: 1 | -1): void;
  highlight(index: number): void;
  /** Escape: closed until the text changes. */
  dismiss(): void;
}

/**
 * The slash-command menu: open while `/letters` is typed and some command the engine serves
 * matches. `features`: what the engine the next task goes to offers; unknown, the site default's.
 */
export function useCommandMenu(
  text: string,
  disabled: boolean,
  features?: readonly string[],
): CommandMenuState {
  const [highlighted, setHighlighted] = useState({ query: '', index: 0 });
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  // Commands the engine cannot serve (/shorten on the Java line) are not offered at all.
  const { engineFeatures } = useSnapshot(companyInfoStore);
  const query = disabled ? null : commandQuery(text);
  const matches = query === null ? [] : matchCommands(query, offeredCommands(features ?? engineFeatures));
  const open = matches.length > 0 && dismissedAt !== text;
  const activeIndex = highlighted.query === query ? Math.min(highlighted.index, matches.length - 1) : 0;
  return {
    open,
    matches,
    activeIndex,
    move: (step) =>
      setHighlighted({ query: query ?? '', index: cycleIndex(activeIndex, step, matches.length) }),
    highlight: (index) => setHighlighted({ query: query ?? '', index }),
    dismiss: () => setDismissedAt(text),
  };
}
