import type { CreditAccount } from '@draw/shared';
import { CircleAlertIcon, CoinsIcon, TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/utils';
import { openSubscribeDialog } from '../drawDialogs';
import { CreditLevel, creditLevel } from './creditRules';
import { useCreditAccount } from './creditsStore';

export interface CreditMeterProps {
  /** `sidebar`: the full row above the user panel; `header`: a pill in the channel bar. */
  variant: 'sidebar' | 'header';
  /** Opens 订阅 (default `openSubscribeDialog`; the phone's sidebar also closes its overlay). */
  onOpen?: () => void;
}

/** The level's look: the colour is never alone, an icon and a word go with it (AA in both themes). */
const LEVEL_STYLE: Record<CreditLevel, string> = {
  ok: 'text-heading hover:bg-sidebar-hover',
  low: 'bg-amber-100 text-amber-900 hover:bg-amber-200 dark:bg-amber-400/15 dark:text-amber-200 dark:hover:bg-amber-400/25',
  empty:
    'bg-red-100 text-red-800 hover:bg-red-200 dark:bg-red-500/15 dark:text-red-200 dark:hover:bg-red-500/25',
};

/** The 订阅 chip: solid, so it reads as the way out. */
const CHIP_STYLE: Record<CreditLevel, string> = {
  ok: 'bg-blurple text-white',
  low: 'bg-amber-800 text-white dark:bg-amber-300 dark:text-amber-950',
  empty: 'bg-red-700 text-white dark:bg-red-300 dark:text-red-950',
};

function LevelIcon({ level, className }: { level: CreditLevel; className: string }) {
  if (level === CreditLevel.Empty) return <CircleAlertIcon className={className} aria-hidden />;
  if (level === CreditLevel.Low) return <TriangleAlertIcon className={className} aria-hidden />;
  return <CoinsIcon className={cn(className, 'text-[#b7791f] dark:text-[#f0b232]')} aria-hidden />;
}

function useMeterText(account: CreditAccount | null) {
  const { t } = useTranslation();
  if (!account) return { level: CreditLevel.Ok, state: t('credits.loading'), hint: t('credits.loading') };
  const level = creditLevel(account);
  const state =
    level === CreditLevel.Empty
      ? t('credits.empty')
      : level === CreditLevel.Low
        ? t('credits.low')
        : account.free > 0
          ? t('credits.freeToday', { n: account.free })
          : '';
  const amount = t('credits.amount', { n: account.balance });
  const hint =
    level === CreditLevel.Empty
      ? t('credits.emptyHint')
      : level === CreditLevel.Low
        ? t('credits.lowHint')
        : state
          ? `${amount} · ${state}`
          : amount;
  return { level, state, hint };
}

/**
 * The credit balance, always in view on the drawing screen; a click opens 订阅. Its name is what
 * it shows (balance, unit, today's free part or the warning, 订阅), so it reads as it looks.
 */
export function CreditMeter({ variant, onOpen }: CreditMeterProps) {
  const { t } = useTranslation();
  const account = useCreditAccount();
  const { level, state, hint } = useMeterText(account);
  const open = onOpen ?? openSubscribeDialog;
  const balance = account ? (
    <span data-testid="credit-balance" className="font-bold tabular-nums">
      {account.balance}
    </span>
  ) : (
    <span className="font-bold text-muted-foreground">—</span>
  );

  if (variant === 'header') {
    return (
      <Tooltip content={hint} side="bottom">
        <button
          type="button"
          data-testid="credit-meter-header"
          data-level={account ? level : 'loading'}
          onClick={() => open()}
          // On a phone the button is 44 px tall but its pill is still drawn 32 px: a transparent
          // border above and below takes the finger, the background stops inside it.
          className={cn(
            'flex h-8 shrink-0 items-center gap-1 rounded-full pl-2.5 text-sm max-sm:h-11 max-sm:border-y-[6px] max-sm:border-transparent max-sm:bg-clip-padding transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
            level === CreditLevel.Ok
              ? 'bg-accent/60 pr-2.5 text-heading hover:bg-accent'
              : cn('pr-1', LEVEL_STYLE[level]),
          )}
        >
          <LevelIcon level={level} className="size-4 shrink-0" />
          {balance} <span className="text-xs">{t('credits.unit')}</span>{' '}
          {state && <span className="sr-only">{`· ${state}`}</span>}{' '}
          {level !== CreditLevel.Ok && (
            <span className={cn('rounded px-1.5 py-0.5 text-xs font-semibold', CHIP_STYLE[level])}>
              {t('credits.subscribe')}
            </span>
          )}
        </button>
      </Tooltip>
    );
  }

  return (
    <Tooltip content={hint}>
      <button
        type="button"
        data-testid="credit-meter"
        data-level={account ? level : 'loading'}
        onClick={() => open()}
        className={cn(
          'mx-2 mt-2 flex items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm max-sm:min-h-11 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
          LEVEL_STYLE[level],
        )}
      >
        <LevelIcon level={level} className="size-4 shrink-0" />
        <span className="flex min-w-0 flex-1 items-baseline gap-1">
          {balance} <span className="text-xs">{t('credits.unit')}</span>{' '}
          {state && (
            <span
              className={cn(
                'truncate text-xs',
                level === CreditLevel.Ok ? 'text-sidebar-foreground' : 'font-semibold',
              )}
            >{`· ${state}`}</span>
          )}
        </span>{' '}
        <span className={cn('shrink-0 rounded px-1.5 py-0.5 text-xs font-semibold', CHIP_STYLE[level])}>
          {t('credits.subscribe')}
        </span>
      </button>
    </Tooltip>
  );
}
