import type { PaymentProviderName } from '@draw/shared';
import type { OrderDoc } from '../repository';

export interface StartedPayment {
  /** What the QR code encodes. */
  codeUrl: string;
  /** Sandbox only: the secret in the payment page's path. */
  token: string | null;
}

/**
 * A way to take a payment for an order. The provider only starts and stops payments; the news
 * that an order was paid arrives on the provider's own route (sandbox page, WeChat notification)
 * and goes through `OrdersService.markPaid`, which grants exactly once.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Starts a payment for the order (origin: the site's own origin, for pages it serves). */
  start(order: OrderDoc, context: { origin: string }): Promise<StartedPayment>;
  /** Best effort: stops the provider from taking money for an order that was cancelled. */
  close(order: OrderDoc): Promise<void>;
}
