import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REACTION_EMOJI } from '../social/emoji';

const COLUMNS = 6;

/**
 * A small grid of the common emoji (a popover's body): arrows move, Enter or a click picks.
 * 44px cells on a phone, 36px under a mouse.
 */
export function ReactionPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  const grid = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = Array.from(grid.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const step =
      event.key === 'ArrowRight'
        ? 1
        : event.key === 'ArrowLeft'
          ? -1
          : event.key === 'ArrowDown'
            ? COLUMNS
            : event.key === 'ArrowUp'
              ? -COLUMNS
              : 0;
    if (!step) return;
    event.preventDefault();
    buttons[Math.min(buttons.length - 1, Math.max(0, index + step))]?.focus();
  }

  return (
    <div data-testid="reaction-picker">
      <p className="px-1 pb-1.5 text-xs font-semibold text-foreground">{t('social.reactions.pick')}</p>
      <div
        ref={grid}
        role="group"
        aria-label={t('social.reactions.pick')}
        onKeyDown={onKeyDown}
        className="grid grid-cols-6 gap-0.5"
      >
        {REACTION_EMOJI.map((emoji) => (
          <button
            key={emoji}
            type="button"
            data-testid={`reaction-pick-${emoji}`}
            onClick={() => onPick(emoji)}
            className="flex size-9 items-center justify-center rounded-md text-[22px] leading-none transition-transform outline-none hover:scale-110 hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring [@media(pointer:coarse)]:size-11 max-sm:size-11"
          >
            {emoji}
          </button>
        ))}
      </div>
    </div>
  );
}
