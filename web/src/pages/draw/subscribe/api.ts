import { isEnvelope, type CreditAccount, type Order, type PaymentStart, type Product, type RedeemAnswer } from '@draw/shared';
import i18n from '../../../i18n';
import { http, HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';

/**
 * The subscribe dialog's calls. The http client toasts and throws failures that carry a message,
 * but *returns* a 404/500 envelope (spec §8): every answer is checked here, and such an answer is
 * toasted (unless `quiet`) and thrown.
 */
function checked<T>(answer: unknown, isValid: (value: unknown) => boolean, quiet = false): T {
  if (!isEnvelope(answer) && isValid(answer)) return answer as T;
  const message = isEnvelope(answer) && !answer.success && answer.message ? answer.message : i18n.t('http.requestFailed');
  if (!quiet) notify.error(message);
  const failed = isEnvelope(answer) && !answer.success ? answer : null;
  throw new HttpError(message, { status: failed?.code ?? 200, code: failed?.code ?? null, reason: failed?.reason ?? null });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isOrder = (value: unknown) => isObject(value) && typeof value.id === 'string' && typeof value.status === 'string';
const isList = (value: unknown) => Array.isArray(value);

export async function fetchProducts(): Promise<Product[]> {
  return checked(await http.get('/api/home/products'), isList);
}

export async function fetchAccount(): Promise<CreditAccount> {
  return checked(await http.get('/api/home/credits'), (v) => isObject(v) && typeof v.balance === 'number');
}

export async function fetchOrders(): Promise<Order[]> {
  return checked(await http.get('/api/home/orders'), isList);
}

/** One order, for polling: quiet, since a poll that fails is simply tried again. */
export async function fetchOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return checked(await http.get(`/api/home/orders/${encodeURIComponent(orderId)}`, { signal }), isOrder, true);
}

export async function createOrder(productId: string): Promise<Order> {
  return checked(await http.post('/api/home/order', { productId }), isOrder);
}

export async function startPayment(orderId: string): Promise<PaymentStart> {
  return checked(await http.post(`/api/home/pay/${encodeURIComponent(orderId)}`), (v) => isObject(v) && typeof v.qrcodeUrl === 'string');
}

export async function cancelOrder(orderId: string): Promise<Order> {
  return checked(await http.post(`/api/home/cancel-order/${encodeURIComponent(orderId)}`), isOrder);
}

export async function redeemCode(code: string): Promise<RedeemAnswer> {
  return checked(await http.post(`/api/home/redeem/${encodeURIComponent(code.trim())}`), (v) => isObject(v) && typeof v.balance === 'number');
}
