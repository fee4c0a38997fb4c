import type { CreditAccount, Order, PaymentStart, Product, RedeemAnswer } from '@draw/shared';
import { api } from '../../../lib/api';
import { call, HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';

const routes = api.billing;

/**
 * The subscribe dialog's calls. The http client toasts the refusals that carry a message; a failure
 * it hands back unshown (spec §8's 404/500 at HTTP 200) is toasted here (unless `quiet`). Either
 * way the call throws `HttpError`.
 */
async function shown<T>(answer: Promise<T>, quiet = false): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (!quiet && error instanceof HttpError && !error.shown) notify.error(error.message);
    throw error;
  }
}

export const fetchProducts = (): Promise<Product[]> => shown(call(routes.products));

export const fetchAccount = (): Promise<CreditAccount> => shown(call(routes.credits));

export const fetchOrders = (): Promise<Order[]> => shown(call(routes.orders));

/** One order, for polling: quiet, since a poll that fails is simply tried again. */
export const fetchOrder = (orderId: string, signal?: AbortSignal): Promise<Order> =>
  shown(call(routes.orderById, { params: { id: orderId }, signal }), true);

export const createOrder = (productId: string): Promise<Order> =>
  shown(call(routes.order, { body: { productId } }));

export const startPayment = (orderId: string): Promise<PaymentStart> =>
  shown(call(routes.pay, { params: { id: orderId } }));

export const cancelOrder = (orderId: string): Promise<Order> =>
  shown(call(routes.cancelOrder, { params: { id: orderId } }));

export const redeemCode = (code: string): Promise<RedeemAnswer> =>
  shown(call(routes.redeem, { params: { code: code.trim() } }));
