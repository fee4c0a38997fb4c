import { OrderStatus, PaymentProviderName, type CreditAccount } from '@draw/shared';
import {
  ArrowLeftIcon,
  CircleAlertIcon,
  CircleCheckIcon,
  ExternalLinkIcon,
  LoaderCircleIcon,
  QrCodeIcon,
  RefreshCwIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import type { Checkout } from './billingStore';
import { formatCountdown, formatMoney } from './format';

/** How often the order is looked at while its QR code is shown. */
export const POLL_INTERVAL_MS = 2000;

function useNow(active: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}

export interface PaymentPanelProps {
  checkout: Checkout;
  account: CreditAccount | null;
  busy: string | null;
  /** The product's name in the current language. */
  nameOf: (productId: string, fallback: string) => string;
  onPoll: (signal: AbortSignal) => Promise<void>;
  onCancel: () => void;
  onClose: () => void;
  onOrderAgain: (productId: string) => void;
}

/** The QR code of an order being paid, its status (polled every 2 s while unpaid), and its way out. */
export function PaymentPanel({
  checkout,
  account,
  busy,
  nameOf,
  onPoll,
  onCancel,
  onClose,
  onOrderAgain,
}: PaymentPanelProps) {
  const { t } = useTranslation();
  const { order, payment } = checkout;
  const unpaid = order.status === OrderStatus.Unpaid;
  const now = useNow(unpaid);

  useEffect(() => {
    if (!unpaid) return;
    const controller = new AbortController();
    const timer = setInterval(() => void onPoll(controller.signal), POLL_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [unpaid, order.id, onPoll]);

  const sandbox = payment?.provider === PaymentProviderName.Sandbox;
  const left = order.expiresAt - now;

  return (
    <section
      data-testid="payment-panel"
      data-status={order.status}
      className="rounded-xl border border-border bg-card p-5 sm:p-6"
    >
      <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-stretch">
        <div className="relative size-56 shrink-0 overflow-hidden rounded-xl border border-border bg-white p-2 shadow-sm">
          {payment ? (
            <img
              data-testid="payment-qr"
              src={payment.qrcodeUrl}
              alt={t('billing.payment.qrAlt')}
              className={cn('size-full', !unpaid && 'opacity-15 blur-[2px]')}
            />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-2 text-sm text-neutral-500">
              <LoaderCircleIcon className="size-6 animate-spin" aria-hidden />
              {t('billing.payment.preparing')}
            </div>
          )}
          {order.status === OrderStatus.Paid && (
            <CircleCheckIcon
              className="absolute inset-0 m-auto size-20 text-success"
              strokeWidth={2.25}
              aria-hidden
            />
          )}
          {(order.status === OrderStatus.Expired || order.status === OrderStatus.Cancelled) && (
            <CircleAlertIcon className="absolute inset-0 m-auto size-16 text-neutral-500" aria-hidden />
          )}
        </div>

        <div className="flex min-w-0 flex-1 flex-col gap-4 self-stretch">
          {order.status === OrderStatus.Paid ? (
            <div className="flex flex-1 flex-col justify-center gap-2">
              <p
                data-testid="payment-status"
                className="flex items-center gap-2 text-xl font-semibold text-success"
              >
                <CircleCheckIcon className="size-6" aria-hidden />
                {t('billing.payment.paid')}
              </p>
              <p className="text-sm text-foreground">
                {t('billing.payment.paidText', {
                  n: order.credits.toLocaleString('en-US'),
                  balance: (account?.balance ?? 0).toLocaleString('en-US'),
                })}
              </p>
            </div>
          ) : (
            <>
              <div>
                <h3 className="flex items-center gap-2 text-lg font-semibold text-heading">
                  <QrCodeIcon className="size-5 text-primary" aria-hidden />
                  {t('billing.payment.title')}
                </h3>
                <p className="mt-1 text-sm text-muted-foreground">
                  {sandbox ? t('billing.payment.scanSandbox') : t('billing.payment.scanWechat')}
                </p>
              </div>
              <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-6 gap-y-1.5 text-sm">
                <dt className="text-muted-foreground">{t('billing.payment.amount')}</dt>
                <dd className="text-2xl font-bold text-heading tabular-nums">
                  {formatMoney(order.amount, order.currency)}
                </dd>
                <dt className="text-muted-foreground">{t('billing.payment.product')}</dt>
                <dd className="font-medium text-foreground">{nameOf(order.productId, order.productName)}</dd>
                <dt className="text-muted-foreground">{t('billing.payment.orderNo')}</dt>
                <dd className="font-mono text-xs break-all text-foreground">{order.orderNo}</dd>
              </dl>
              {unpaid ? (
                <p data-testid="payment-status" className="flex items-center gap-2 text-sm text-foreground">
                  <LoaderCircleIcon className="size-4 animate-spin text-primary" aria-hidden />
                  {t('billing.payment.waiting')}
                  <span className="text-muted-foreground tabular-nums">
                    · {t('billing.payment.expiresIn', { time: formatCountdown(left) })}
                  </span>
                </p>
              ) : (
                <p data-testid="payment-status" className="text-sm">
                  <span className="font-semibold text-destructive">
                    {order.status === OrderStatus.Expired
                      ? t('billing.payment.expired')
                      : t('billing.payment.cancelled')}
                  </span>
                  {order.status === OrderStatus.Expired && (
                    <span className="text-muted-foreground"> · {t('billing.payment.expiredText')}</span>
                  )}
                </p>
              )}
              {unpaid && sandbox && payment && (
                <a
                  data-testid="payment-sandbox-link"
                  href={payment.codeUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-[#006ce7] hover:underline dark:text-[#00a8fc]"
                >
                  <ExternalLinkIcon className="size-4" aria-hidden />
                  {t('billing.payment.openSandbox')}
                </a>
              )}
            </>
          )}

          <div className="mt-auto flex flex-wrap gap-2 pt-1">
            {order.status === OrderStatus.Paid ? (
              <Button data-testid="payment-done" onClick={onClose}>
                {t('billing.payment.done')}
              </Button>
            ) : (
              <>
                {unpaid && (
                  <Button
                    data-testid="payment-cancel"
                    variant="outline"
                    disabled={busy !== null}
                    onClick={onCancel}
                  >
                    {busy === 'cancel' && <LoaderCircleIcon className="animate-spin" aria-hidden />}
                    {t('billing.payment.cancel')}
                  </Button>
                )}
                {order.status === OrderStatus.Expired && (
                  <Button
                    data-testid="payment-again"
                    onClick={() => onOrderAgain(order.productId)}
                    disabled={busy !== null}
                  >
                    <RefreshCwIcon aria-hidden />
                    {t('billing.payment.again')}
                  </Button>
                )}
                <Button data-testid="payment-back" variant="ghost" onClick={onClose}>
                  <ArrowLeftIcon aria-hidden />
                  {t('billing.payment.back')}
                </Button>
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
