import { Ui } from '@draw/shared';
import { CircleAlertIcon, LoaderCircleIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { AccountSummary } from './AccountSummary';
import {
  billingStore,
  buy,
  cancelCheckout,
  choosePeriod,
  closeCheckout,
  loadBilling,
  pollCheckout,
  redeem,
  resume,
} from './billingStore';
import { OrderHistory } from './OrderHistory';
import { PaymentPanel } from './PaymentPanel';
import { PlanPicker } from './PlanPicker';
import { RedeemCard } from './RedeemCard';

export interface SubscribeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 订阅 (1100 px wide, at most 90vw), opened by the crown in the user footer, or by the "Subscribe"
 * action of a refusal for lack of credits (`openSubscribeDialog()` in drawDialogs.ts).
 */
export function SubscribeDialog({ open, onOpenChange }: SubscribeDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width={Ui.subscribeDialogWidth} data-testid="subscribe-dialog">
        <DialogHeader>
          <DialogTitle>{t('subscribe.title')}</DialogTitle>
          <DialogDescription>{t('subscribe.description')}</DialogDescription>
        </DialogHeader>
        <DialogBody>{open && <SubscribeDialogBody />}</DialogBody>
      </DialogContent>
    </Dialog>
  );
}

/** Plans and payment on the left; redeem code and order history on the right (stacked on phones). */
function SubscribeDialogBody() {
  const { t } = useTranslation();
  const state = useSnapshot(billingStore);

  // Fresh figures every time the dialog opens; a payment left open is shown again.
  useEffect(() => {
    void loadBilling();
  }, []);

  if (state.status !== 'ready' || !state.account) {
    return (
      <div
        data-testid="subscribe-body"
        className="flex min-h-72 flex-col items-center justify-center gap-3 text-sm text-muted-foreground"
      >
        {state.status === 'error' ? (
          <>
            <CircleAlertIcon className="size-8 text-destructive" aria-hidden />
            <p>{t('billing.loadFailed')}</p>
            <Button variant="secondary" size="sm" onClick={() => void loadBilling()}>
              {t('billing.retry')}
            </Button>
          </>
        ) : (
          <>
            <LoaderCircleIcon className="size-6 animate-spin" aria-hidden />
            <p>{t('billing.loading')}</p>
          </>
        )}
      </div>
    );
  }

  const account = state.account;
  const nameOf = (productId: string, fallback: string) =>
    state.products.find((p) => p.id === productId)?.name ?? fallback;
  return (
    <div data-testid="subscribe-body" className="flex flex-col gap-5">
      <AccountSummary account={account} products={state.products} />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="min-w-0">
          {state.checkout ? (
            <PaymentPanel
              checkout={state.checkout}
              account={account}
              busy={state.busy}
              nameOf={nameOf}
              onPoll={pollCheckout}
              onCancel={() => void cancelCheckout()}
              onClose={closeCheckout}
              onOrderAgain={(productId) => void buy(productId)}
            />
          ) : (
            <PlanPicker
              products={state.products}
              account={account}
              period={state.period}
              busy={state.busy}
              onPeriodChange={choosePeriod}
              onBuy={(id) => void buy(id)}
            />
          )}
        </div>
        <aside className="flex min-w-0 flex-col gap-4">
          <RedeemCard busy={state.busy === 'redeem'} disabled={state.busy !== null} onRedeem={redeem} />
          <OrderHistory
            orders={state.orders}
            activeId={state.checkout?.order.id ?? null}
            disabled={state.busy !== null}
            nameOf={nameOf}
            onResume={(order) => void resume(order)}
          />
        </aside>
      </div>
    </div>
  );
}
