import { OrderStatus, type Order } from '@draw/shared';
import { ReceiptTextIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { appSettingStore } from '../../../stores/appSetting';
import { formatDateTime, formatMoney } from './format';

const STATUS_STYLE: Record<OrderStatus, string> = {
  // The brand green is too light for 11 px text on its own tint: a darker one (light), a brighter one (dark).
  [OrderStatus.Paid]: 'bg-success/15 text-[#177245] dark:text-[#4ad484]',
  [OrderStatus.Unpaid]: 'bg-warning/15 text-[#b7791f] dark:text-warning',
  [OrderStatus.Expired]: 'bg-muted text-muted-foreground dark:bg-background',
  [OrderStatus.Cancelled]: 'bg-muted text-muted-foreground dark:bg-background',
};

export interface OrderHistoryProps {
  orders: readonly Order[];
  /** The order whose QR code is shown now (no "pay" button for it). */
  activeId: string | null;
  disabled: boolean;
  /** The product's name in the current language (orders keep the name they were placed with). */
  nameOf: (productId: string, fallback: string) => string;
  onResume: (order: Order) => void;
}

/** The user's orders, newest first, with their state; an unpaid one can be paid from here. */
export function OrderHistory({ orders, activeId, disabled, nameOf, onResume }: OrderHistoryProps) {
  const { t } = useTranslation();
  const { language } = useSnapshot(appSettingStore);
  return (
    <section className="flex min-h-0 flex-col rounded-xl border border-border bg-card p-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-heading">
        <ReceiptTextIcon className="size-4 text-primary" aria-hidden />
        {t('billing.orders.title')}
      </h3>
      {orders.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('billing.orders.empty')}</p>
      ) : (
        <ul data-testid="orders-list" className="scrollbar-thin -mx-2 mt-2 max-h-80 overflow-y-auto">
          {orders.map((order) => (
            <li
              key={order.id}
              data-testid={`order-row-${order.id}`}
              data-status={order.status}
              className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-accent/60"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-foreground">
                  {nameOf(order.productId, order.productName)}
                </p>
                <p className="truncate text-xs text-muted-foreground tabular-nums">
                  {formatDateTime(order.createdAt, language)} ·{' '}
                  <span className="font-mono">{order.orderNo}</span>
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span className="text-sm font-semibold text-heading tabular-nums">
                  {formatMoney(order.amount, order.currency)}
                </span>
                {order.status === OrderStatus.Unpaid && order.id !== activeId ? (
                  <Button
                    size="sm"
                    variant="link"
                    className="h-auto text-xs"
                    disabled={disabled}
                    onClick={() => onResume(order)}
                    data-testid={`order-resume-${order.id}`}
                  >
                    {t('billing.orders.continue')}
                  </Button>
                ) : (
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-[11px] font-semibold',
                      STATUS_STYLE[order.status],
                    )}
                  >
                    {t(`billing.orders.status.${order.status}`)}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
