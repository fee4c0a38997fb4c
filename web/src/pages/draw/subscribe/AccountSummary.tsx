import { TaskAction, type CreditAccount, type Product } from '@draw/shared';
import { CrownIcon, GemIcon, ZapIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { cn } from '../../../lib/utils';
import { appSettingStore } from '../../../stores/appSetting';
import { formatDate } from './format';

interface TileProps {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  className?: string;
}

function Tile({ icon, label, children, className }: TileProps) {
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col gap-1.5 rounded-xl border border-border bg-muted/50 px-3.5 py-3 sm:px-4 sm:py-3.5 dark:bg-card',
        className,
      )}
    >
      <div className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {icon}
        {label}
      </div>
      {children}
    </div>
  );
}

export interface AccountSummaryProps {
  account: CreditAccount;
  products: readonly Product[];
}

/** The current plan, the balance and what tasks cost. */
export function AccountSummary({ account, products }: AccountSummaryProps) {
  const { t } = useTranslation();
  const { language } = useSnapshot(appSettingStore);
  const plan = account.plan;
  const planName = plan ? (products.find((p) => p.id === plan.productId)?.name ?? plan.name) : null;
  const prices = account.prices;

  return (
    <section className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('billing.label')}>
      <Tile
        icon={<CrownIcon className="size-3.5 text-warning" aria-hidden />}
        label={t('billing.account.plan')}
      >
        <p data-testid="subscribe-plan" className="truncate text-lg leading-tight font-semibold text-heading">
          {planName ?? t('billing.account.freePlan')}
        </p>
        <p className="text-xs text-muted-foreground">
          {plan
            ? t('billing.account.validUntil', { date: formatDate(plan.expiresAt, language) })
            : t('billing.account.freePlanHint')}
        </p>
      </Tile>

      <Tile
        icon={<GemIcon className="size-3.5 text-primary" aria-hidden />}
        label={t('billing.account.balance')}
      >
        <p className="flex items-baseline gap-1.5 leading-tight">
          <span data-testid="subscribe-balance" className="text-2xl font-bold text-heading tabular-nums">
            {account.balance.toLocaleString('en-US')}
          </span>
          <span className="text-sm text-muted-foreground">{t('billing.account.unit')}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          {account.free > 0
            ? t('billing.account.freeToday', { n: account.free })
            : account.dailyAllowance > 0
              ? t('billing.account.dailyAllowance', { n: account.dailyAllowance })
              : ' '}
        </p>
      </Tile>

      <Tile
        icon={<ZapIcon className="size-3.5 text-success" aria-hidden />}
        label={t('billing.account.prices')}
        className="col-span-2 sm:col-span-1"
      >
        <ul className="flex flex-wrap gap-1.5 pt-0.5">
          {[
            t('billing.account.priceGrid', { n: prices[TaskAction.Imagine] }),
            t('billing.account.priceUpscale', { n: prices[TaskAction.Upscale] }),
            t('billing.account.priceText', { n: prices[TaskAction.Describe] }),
            // Servers from before clips existed send no video price.
            ...(prices[TaskAction.Video]
              ? [t('billing.account.priceVideo', { n: prices[TaskAction.Video] })]
              : []),
          ].map((label) => (
            <li
              key={label}
              className="rounded-md bg-background px-2 py-1 text-xs font-medium text-foreground"
            >
              {label}
            </li>
          ))}
        </ul>
      </Tile>
    </section>
  );
}
