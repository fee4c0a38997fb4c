import {
  OrderStatus,
  Period,
  type CreditAccount,
  type Order,
  type PaymentStart,
  type Product,
} from '@draw/shared';
import { proxy } from 'valtio';
import i18n from '../../../i18n';
import { notify } from '../../../lib/notify';
import * as api from './api';

export interface Checkout {
  order: Order;
  /** Null while the payment is being started. */
  payment: PaymentStart | null;
}

/** What the subscribe dialog shows: plans, the account, orders, and the payment in progress. */
export const billingStore = proxy({
  status: 'idle' as 'idle' | 'loading' | 'ready' | 'error',
  products: [] as Product[],
  account: null as CreditAccount | null,
  orders: [] as Order[],
  period: Period.Month as Period,
  /** Set once the user picked a tab, so a reload does not move them. */
  periodChosen: false,
  checkout: null as Checkout | null,
  /** The product being ordered, 'cancel' or 'redeem' while that call runs. */
  busy: null as string | null,
});

const PERIODS: readonly Period[] = [Period.Day, Period.Month, Period.Year];

/** The tab to open on: the current plan's period, else Month, else the first period on sale. */
function defaultPeriod(products: readonly Product[], account: CreditAccount | null): Period {
  const onSale = (p: Period) => products.some((product) => product.period === p);
  if (account?.plan && onSale(account.plan.period)) return account.plan.period;
  if (onSale(Period.Month)) return Period.Month;
  return PERIODS.find(onSale) ?? Period.Month;
}

export async function loadBilling(): Promise<void> {
  if (billingStore.status !== 'ready') billingStore.status = 'loading';
  try {
    const [products, account, orders] = await Promise.all([
      api.fetchProducts(),
      api.fetchAccount(),
      api.fetchOrders(),
    ]);
    billingStore.products = products;
    billingStore.account = account;
    billingStore.orders = orders;
    if (!billingStore.periodChosen) billingStore.period = defaultPeriod(products, account);
    billingStore.status = 'ready';
  } catch {
    billingStore.status = 'error';
  }
}

export function choosePeriod(period: Period): void {
  billingStore.period = period;
  billingStore.periodChosen = true;
}

export async function refreshAccountAndOrders(): Promise<void> {
  try {
    const [account, orders] = await Promise.all([api.fetchAccount(), api.fetchOrders()]);
    billingStore.account = account;
    billingStore.orders = orders;
  } catch {
    /* the failure was toasted; what is shown stays */
  }
}

function replaceOrder(order: Order): void {
  const index = billingStore.orders.findIndex((o) => o.id === order.id);
  if (index >= 0) billingStore.orders[index] = order;
  else billingStore.orders.unshift(order);
}

async function startCheckout(order: Order): Promise<void> {
  billingStore.checkout = { order, payment: null };
  try {
    const payment = await api.startPayment(order.id);
    if (billingStore.checkout?.order.id === order.id) billingStore.checkout.payment = payment;
  } catch {
    // Refused (expired, cancelled…) or the provider is down: the toast said why; back to the plans.
    if (billingStore.checkout?.order.id === order.id) billingStore.checkout = null;
    void refreshAccountAndOrders();
  }
}

/** Orders the product and shows its QR code. */
export async function buy(productId: string): Promise<void> {
  if (billingStore.busy) return;
  billingStore.busy = productId;
  try {
    const order = await api.createOrder(productId);
    replaceOrder(order);
    await startCheckout(order);
  } catch {
    /* toasted */
  } finally {
    billingStore.busy = null;
  }
}

/** Shows the QR code of an unpaid order again (from the order history). */
export function resume(order: Order): Promise<void> {
  return startCheckout({ ...order });
}

export async function cancelCheckout(): Promise<void> {
  const checkout = billingStore.checkout;
  if (!checkout || billingStore.busy) return;
  billingStore.busy = 'cancel';
  try {
    const order = await api.cancelOrder(checkout.order.id);
    replaceOrder(order);
    billingStore.checkout = null;
  } catch {
    // It may have been paid meanwhile: look again.
    void pollCheckout();
  } finally {
    billingStore.busy = null;
  }
}

export function closeCheckout(): void {
  billingStore.checkout = null;
}

/** One look at the order being paid; when it turns paid, the balance and the history follow. */
export async function pollCheckout(signal?: AbortSignal): Promise<void> {
  const id = billingStore.checkout?.order.id;
  if (!id) return;
  let order: Order;
  try {
    order = await api.fetchOrder(id, signal);
  } catch {
    return; // tried again at the next tick
  }
  if (billingStore.checkout?.order.id !== id) return;
  const was = billingStore.checkout.order.status;
  billingStore.checkout.order = order;
  replaceOrder(order);
  if (was !== OrderStatus.Paid && order.status === OrderStatus.Paid) await refreshAccountAndOrders();
}

export async function redeem(code: string): Promise<boolean> {
  if (billingStore.busy || !code.trim()) return false;
  billingStore.busy = 'redeem';
  try {
    const answer = await api.redeemCode(code);
    const planName = answer.plan
      ? (billingStore.products.find((p) => p.id === answer.plan!.productId)?.name ?? answer.plan.name)
      : null;
    notify.success(
      planName
        ? i18n.t('billing.redeem.successPlan', { plan: planName, n: answer.credits })
        : i18n.t('billing.redeem.success', { n: answer.credits }),
    );
    await refreshAccountAndOrders();
    return true;
  } catch {
    return false; // toasted
  } finally {
    billingStore.busy = null;
  }
}

/** Back to a fresh state (tests; sign-out). */
export function resetBilling(): void {
  Object.assign(billingStore, {
    status: 'idle',
    products: [],
    account: null,
    orders: [],
    period: Period.Month,
    periodChosen: false,
    checkout: null,
    busy: null,
  });
}
