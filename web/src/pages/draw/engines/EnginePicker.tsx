import { ImageEngineName, TaskAction, type EngineInfo } from '@draw/shared';
import type { TFunction } from 'i18next';
import { ChevronDownIcon, CpuIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/utils';
import type { EngineChoice } from './engineChoice';

/** An engine's name in a list: the built-in one in the reader's language, the others as the server names them. */
export function engineLabel(t: TFunction, engine: Pick<EngineInfo, 'id' | 'name'>): string {
  return engine.id === ImageEngineName.Builtin ? t('feed.engine.builtin') : engine.name;
}

export interface EnginePickerProps {
  engines: readonly EngineInfo[];
  choice: EngineChoice;
  disabled?: boolean;
  /** The engine picked for this person's next tasks in this channel. */
  onPick: (engine: EngineInfo) => void;
}

/**
 * Like Midjourney's version picker: the engine that will draw the next task and what /imagine
 * costs there; the menu lists every enabled engine (one that failed its health probe is shown
 * but cannot be picked), which one is the channel's default, and each one's /imagine price.
 */
export function EnginePicker({ engines, choice, disabled, onPick }: EnginePickerProps) {
  const { t } = useTranslation();
  const current = choice.engine;
  if (!current) return null;
  const name = engineLabel(t, current);
  const price = current.prices[TaskAction.Imagine];
  return (
    // Not modal: a modal menu hides the rest of the page from assistive tech while its controls stay focusable.
    <DropdownMenu modal={false}>
      <Tooltip content={t('composer.engine.tooltip', { name, cost: t('credits.cost', { n: price }) })}>
        <DropdownMenuTrigger
          data-testid="composer-engine-picker"
          disabled={disabled}
          className="flex h-8 max-w-44 shrink-0 max-sm:h-11 max-sm:min-w-11 max-sm:justify-center items-center gap-1 rounded-md bg-black/[0.06] px-2 text-xs font-semibold text-heading transition-colors outline-none hover:bg-black/[0.1] focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 dark:bg-black/25 dark:hover:bg-black/35"
        >
          <CpuIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          {/* The spoken name holds every word shown (and still names the engine on a phone, where the words are hidden). */}
          <span className="sr-only">{t('composer.engine.menuTitle')}: </span>
          <span className="truncate max-[420px]:sr-only" data-testid="composer-engine-name">
            {name}
          </span>
          <span
            className={cn('shrink-0 font-normal max-sm:sr-only', !current.available && 'text-destructive')}
            data-testid="composer-engine-price"
          >
            {current.available ? t('credits.cost', { n: price }) : t('composer.engine.unavailable')}
          </span>
          <ChevronDownIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
        </DropdownMenuTrigger>
      </Tooltip>
      <DropdownMenuContent align="end" side="top" className="w-72" data-testid="composer-engine-menu">
        <DropdownMenuLabel>{t('composer.engine.menuTitle')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={current.id}>
          {engines.map((engine) => (
            <DropdownMenuRadioItem
              key={engine.id}
              value={engine.id}
              disabled={!engine.available}
              data-testid={`composer-engine-${engine.id}`}
              onSelect={() => onPick(engine)}
              className="items-start"
            >
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex items-center gap-1.5">
                  <span className="truncate font-medium">{engineLabel(t, engine)}</span>
                  {engine.id === choice.channelDefault?.id && (
                    <span className="shrink-0 text-[11px] opacity-75">
                      {t('composer.engine.channelDefault')}
                    </span>
                  )}
                </span>
                <span className="text-xs opacity-75">
                  {engine.available
                    ? t('composer.engine.imagineCost', {
                        cost: t('credits.cost', { n: engine.prices[TaskAction.Imagine] }),
                      })
                    : t('composer.engine.unavailable')}
                </span>
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
