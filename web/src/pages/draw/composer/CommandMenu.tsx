import type { BotType, CreditAccount } from '@draw/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/utils';
import { commandCost } from '../credits/creditRules';
import { useCreditPrices } from '../credits/creditsStore';
import { AppTag, BotAvatar, useBotName } from './BotAvatar';
import { takesPrompt, type CommandName } from './commands';

export interface CommandMenuProps {
  id: string;
  botType: BotType;
  /** The engine the command goes to (its name and avatar head the menu), when known. */
  engine?: string | null;
  /** That engine's prices, when known (else the account's). */
  prices?: CreditAccount['prices'] | null;
  commands: readonly CommandName[];
  activeIndex: number;
  onPick: (name: CommandName) => void;
  onHover: (index: number) => void;
}

export const commandOptionId = (menuId: string, name: CommandName) => `${menuId}-${name}`;

/**
 * Discord's slash-command autocomplete: a listbox above the message box, the bot's section with
 * one row per command (`/name`, its option, its description). The textarea keeps focus and drives
 * it with the arrow keys (aria-activedescendant); a click picks a row.
 */
export function CommandMenu({
  id,
  botType,
  engine,
  prices: enginePrices,
  commands,
  activeIndex,
  onPick,
  onHover,
}: CommandMenuProps) {
  const { t } = useTranslation();
  const botName = useBotName(botType, engine);
  // The prices come with the credit account (the drawing screen keeps it loaded); none yet: no hint.
  const accountPrices = useCreditPrices();
  const prices = enginePrices ?? accountPrices;
  return (
    <div
      className="absolute inset-x-0 bottom-full z-20 mb-2 overflow-hidden rounded-lg border border-border bg-main shadow-[0_8px_24px_rgb(0_0_0/0.16)] animate-fade-in dark:border-[#26272b] dark:bg-[#2b2d31] dark:shadow-[0_8px_24px_rgb(0_0_0/0.45)]"
      onMouseDown={(event) => event.preventDefault()}
    >
      <div className="flex items-center gap-2 px-3 pt-3 pb-1.5 text-xs font-bold tracking-wide text-muted-foreground uppercase">
        <BotAvatar botType={botType} engine={engine} className="size-4" />
        <span>{botName}</span>
        <span className="ml-auto font-normal tracking-normal normal-case max-sm:hidden">
          {t('composer.menu.keyboardHint')}
        </span>
      </div>
      <ul
        id={id}
        role="listbox"
        data-testid="command-menu"
        aria-label={t('composer.menu.label')}
        // A list taller than the menu scrolls: reachable by Tab too, so a keyboard can scroll it
        // (the arrows in the box move the highlighted command and scroll it into view).
        tabIndex={0}
        className="scrollbar-thin max-h-[min(45vh,360px)] overflow-y-auto px-2 pb-2 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {commands.map((name, index) => {
          const active = index === activeIndex;
          const cost = commandCost(name, prices);
          return (
            <li
              key={name}
              id={commandOptionId(id, name)}
              role="option"
              aria-selected={active}
              data-testid={`command-${name}`}
              onClick={() => onPick(name)}
              onMouseMove={() => !active && onHover(index)}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 select-none',
                active ? 'bg-[#e3e5e8] dark:bg-[#35373c]' : 'hover:bg-[#ebedef] dark:hover:bg-[#313338]',
              )}
            >
              <BotAvatar botType={botType} engine={engine} className="size-8" />
              <div className="min-w-0 flex-1">
                <div className="flex items-center gap-2">
                  <span className="text-[15px] font-semibold text-heading">/{name}</span>
                  {takesPrompt(name) && (
                    <span className="rounded-[3px] bg-[#e3e5e8] px-1.5 py-px font-mono text-xs text-muted-foreground dark:bg-[#1e1f22]">
                      {t('composer.menu.optionPrompt')}
                    </span>
                  )}
                  {cost !== null && (
                    <span
                      data-testid={`command-cost-${name}`}
                      className={cn(
                        'text-xs whitespace-nowrap text-muted-foreground',
                        active && 'dark:text-[#b5bac1]',
                      )}
                    >
                      <span aria-hidden>· </span>
                      {t('credits.cost', { n: cost })}
                    </span>
                  )}
                </div>
                <p
                  className={cn(
                    'truncate text-[13px] text-muted-foreground',
                    active && 'dark:text-[#b5bac1]',
                  )}
                >
                  {t(`composer.commands.${name}`)}
                </p>
              </div>
              <span
                className={cn(
                  'flex shrink-0 items-center gap-1.5 text-xs text-muted-foreground max-sm:hidden',
                  active && 'dark:text-[#b5bac1]',
                )}
              >
                {botName}
                <AppTag />
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
