import { randomBytes } from 'node:crypto';
import { PaymentProviderName } from '@draw/shared';
import type { PaymentProvider } from './port';

export const SANDBOX_PAGE_PREFIX = '/pay/sandbox';

/** The sandbox payment page of an order: `/pay/sandbox/<orderId>/<token>` on our own origin. */
export function sandboxPageUrl(origin: string, orderId: string, token: string): string {
  return `${origin}${SANDBOX_PAGE_PREFIX}/${encodeURIComponent(orderId)}/${token}`;
}

/**
 * Development and test payments: the QR code leads to a page this server serves, whose button
 * marks the order paid. No money moves. The per-order token keeps others from paying your order.
 */
export function sandboxProvider(): PaymentProvider {
  return {
    name: PaymentProviderName.Sandbox,
    async start(order, { origin }) {
      const token =
        order.payment?.provider === PaymentProviderName.Sandbox && order.payment.token
          ? order.payment.token
          : randomBytes(18).toString('base64url');
      return { codeUrl: sandboxPageUrl(origin, order._id, token), token };
    },
    async close() {
      /* nothing to stop: the page refuses orders that are no longer unpaid */
    },
  };
}
