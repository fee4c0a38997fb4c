import { Period, TaskAction, type CreditAccount, type Product } from '@draw/shared';
import { CalendarIcon, GemIcon, LoaderCircleIcon, SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/utils';
import { bestValueId, priceParts } from './format';

const PERIODS: readonly Period[] = [Period.Day, Period.Month, Period.Year];

interface PlanCardProps {
  product: Product;
  gridPrice: number;
  isCurrent: boolean;
  isBest: boolean;
  busy: boolean;
  disabled: boolean;
  onBuy: () => void;
}

function PlanCard({ product, gridPrice, isCurrent, isBest, busy, disabled, onBuy }: PlanCardProps) {
  const { t } = useTranslation();
  const price = priceParts(product.price, product.currency);
  return (
    <article
      data-testid={`product-card-${product.id}`}
      className={cn(
        'relative flex flex-col rounded-xl border bg-card p-5 transition-colors',
        isBest ? 'border-primary shadow-[0_0_0_1px_var(--primary)]' : 'border-border hover:border-primary/50',
      )}
    >
      {(isBest || isCurrent) && (
        <span
          className={cn(
            'absolute -top-2.5 right-4 inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-[11px] font-semibold text-white shadow-sm',
            // Darker than the brand green / blurple: white 11 px text needs 4.5:1.
            isCurrent ? 'bg-[#1f7a45]' : 'bg-primary-hover',
          )}
        >
          {isCurrent ? (
            t('billing.plans.current')
          ) : (
            <>
              <SparklesIcon className="size-3" aria-hidden />
              {t('billing.plans.bestValue')}
            </>
          )}
        </span>
      )}
      <h3 className="text-base font-semibold text-heading">{product.name}</h3>
      <p className="mt-1 line-clamp-2 min-h-10 text-sm text-muted-foreground">{product.description}</p>

      <p className="mt-4 flex items-baseline gap-0.5 text-heading">
        <span className="text-lg font-semibold">{price.symbol}</span>
        <span className="text-4xl leading-none font-bold tracking-tight tabular-nums">{price.whole}</span>
        {price.fraction && <span className="text-lg font-semibold tabular-nums">{price.fraction}</span>}
        <span className="ml-1.5 text-sm font-normal text-muted-foreground">
          {t(`billing.perPeriod.${product.period}`)}
        </span>
      </p>

      <ul className="mt-4 flex flex-col gap-2 text-sm">
        <li className="flex items-center gap-2 font-medium text-foreground">
          <GemIcon className="size-4 shrink-0 text-primary" aria-hidden />
          {t('billing.plans.credits', { n: product.credits.toLocaleString('en-US') })}
        </li>
        <li className="flex items-center gap-2 text-muted-foreground">
          <SparklesIcon className="size-4 shrink-0 text-warning" aria-hidden />
          {t('billing.plans.approxGrids', {
            n: Math.floor(product.credits / Math.max(1, gridPrice)).toLocaleString('en-US'),
          })}
        </li>
        <li className="flex items-center gap-2 text-muted-foreground">
          <CalendarIcon className="size-4 shrink-0" aria-hidden />
          {t(`billing.periodLength.${product.period}`)}
        </li>
      </ul>

      <Button
        data-testid={`product-buy-${product.id}`}
        className="mt-5 w-full"
        variant={isBest ? 'default' : 'secondary'}
        disabled={disabled}
        onClick={onBuy}
      >
        {busy && <LoaderCircleIcon className="animate-spin" aria-hidden />}
        {t('billing.plans.buy')}
      </Button>
    </article>
  );
}

export interface PlanPickerProps {
  products: readonly Product[];
  account: CreditAccount;
  period: Period;
  busy: string | null;
  onPeriodChange: (period: Period) => void;
  onBuy: (productId: string) => void;
}

/** The plans for sale, grouped by period in tabs (Day / Month / Year). */
export function PlanPicker({ products, account, period, busy, onPeriodChange, onBuy }: PlanPickerProps) {
  const { t } = useTranslation();
  const gridPrice = account.prices[TaskAction.Imagine];
  const activePlan = account.plan?.productId ?? null;

  return (
    <Tabs
      value={period}
      onValueChange={(value) => onPeriodChange(value as Period)}
      className="flex flex-col gap-4"
    >
      <TabsList className="w-full sm:w-80">
        {PERIODS.map((p) => (
          <TabsTrigger key={p} value={p} data-testid={`subscribe-period-${p}`}>
            {t(`billing.periods.${p}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      {PERIODS.map((p) => {
        const inPeriod = products.filter((product) => product.period === p);
        const best = bestValueId(inPeriod);
        return (
          <TabsContent key={p} value={p}>
            {inPeriod.length === 0 ? (
              <p className="rounded-xl border border-dashed border-border px-6 py-12 text-center text-sm text-muted-foreground">
                {t('billing.plans.empty')}
              </p>
            ) : (
              <div className="grid gap-4 pt-2 sm:grid-cols-2 lg:grid-cols-3">
                {inPeriod.map((product) => (
                  <PlanCard
                    key={product.id}
                    product={product}
                    gridPrice={gridPrice}
                    isCurrent={product.id === activePlan}
                    isBest={product.id === best}
                    busy={busy === product.id}
                    disabled={busy !== null}
                    onBuy={() => onBuy(product.id)}
                  />
                ))}
              </div>
            )}
          </TabsContent>
        );
      })}
    </Tabs>
  );
}
