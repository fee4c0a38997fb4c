import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorReason, OrderStatus, PaymentProviderName, type Order, type PaymentStart } from '@draw/shared';
import { api } from '@draw/shared/routes';
import { AppError } from '../../errors';
import type { CreditsLedger } from './ledger';
import type { ProductsService } from './products';
import { LedgerKind, type BillingRepository, type OrderDoc } from './repository';
import type { PaymentProvider } from './providers/port';
import { sameSecret } from '../../digests';

/** An unpaid order expires after this long (the QR code stops working with it). */
export const ORDER_TTL_MS = 30 * 60_000;
/** At most this many unpaid orders per user at once. */
export const MAX_OPEN_ORDERS = 5;
export const ORDER_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

/** The QR code route's URL for a payment link (an `<img src>`: the table's path with `?url=`). */
export function qrcodeUrlOf(codeUrl: string): string {
  return `${api.billing.qrcode.path}?url=${encodeURIComponent(codeUrl)}`;
}

/** `D` + the date and time in UTC+8 + 6 random digits: unique (index), sortable, ≤ 32 chars for WeChat Pay. */
export function newOrderNo(at: number): string {
  const stamp = new Date(at + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `D${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export function toOrder(doc: OrderDoc): Order {
  return {
    id: doc._id,
    orderNo: doc.orderNo,
    productId: doc.productId,
    productName: doc.productName,
    period: doc.period,
    credits: doc.credits,
    amount: doc.amount,
    currency: doc.currency,
    status: doc.status,
    provider: doc.payment?.provider ?? null,
    createdAt: doc.createdAt,
    expiresAt: doc.expiresAt,
    paidAt: doc.paidAt,
    cancelledAt: doc.cancelledAt,
  };
}

const refusalOf = (status: OrderStatus): AppError => {
  switch (status) {
    case OrderStatus.Paid:
      return new AppError(ErrorReason.Conflict, 'billing.orderPaid');
    case OrderStatus.Expired:
      return new AppError(ErrorReason.Gone, 'billing.orderExpired');
    default:
      return new AppError(ErrorReason.Conflict, 'billing.orderCancelled');
  }
};

export interface OrdersDeps {
  repo: Pick<BillingRepository, 'orders'>;
  ledger: CreditsLedger;
  products: ProductsService;
  provider: PaymentProvider;
  now: () => number;
  log: FastifyBaseLogger;
}

export interface PaymentReceipt {
  provider: PaymentProviderName;
  transactionId: string;
}

/**
 * Orders and their payments. An order is created unpaid, gets a payment from the configured
 * provider, and is paid, cancelled (by its owner, while unpaid) or expired (30 minutes unpaid).
 * Whatever reports a payment, and however often, `markPaid` grants the plan and its credits once:
 * the ledger entry `order:<id>` is the guard.
 */
export function ordersService({ repo, ledger, products, provider, now, log }: OrdersDeps) {
  const { orders } = repo;

  /** Unpaid orders past their time become expired (lazily, and by the periodic sweep). */
  async function expireDue(filter: { userId?: string; _id?: string } = {}): Promise<void> {
    await orders.expireDue(filter, now());
  }

  async function own(userId: string, orderId: string): Promise<OrderDoc> {
    if (!ORDER_ID_PATTERN.test(orderId)) throw new AppError(ErrorReason.NotFound, 'billing.orderNotFound');
    await expireDue({ _id: orderId });
    const doc = await orders.ofUser(orderId, userId);
    if (!doc) throw new AppError(ErrorReason.NotFound, 'billing.orderNotFound');
    return doc;
  }

  /** Grants what a paid order buys, once (safe to call again: after a crash, on every replay). */
  async function fulfil(order: OrderDoc): Promise<void> {
    if (order.status !== OrderStatus.Paid) return;
    await ledger.grantPlan(
      order.userId,
      `order:${order._id}`,
      { productId: order.productId, name: order.productName, period: order.period, credits: order.credits },
      { kind: LedgerKind.Plan, orderId: order._id },
    );
    if (order.fulfilledAt === null) await orders.markFulfilled(order._id, now());
  }

  /**
   * Records a payment and grants the order. Money that arrives for an order we had already expired
   * or cancelled is still honoured (the payer paid); a paid order stays as it is.
   */
  async function markPaid(orderId: string, receipt: PaymentReceipt): Promise<OrderDoc> {
    const paid = await orders.markPaid(orderId, now(), receipt.transactionId);
    const doc = paid ?? (await orders.byId(orderId));
    if (!doc) throw new AppError(ErrorReason.NotFound, 'billing.orderNotFound');
    if (paid)
      log.info(
        { orderId, orderNo: doc.orderNo, provider: receipt.provider, amount: doc.amount },
        'order paid',
      );
    await fulfil(doc);
    return (await orders.byId(orderId)) ?? doc;
  }

  /** The order a sandbox page link names, if the link's token is the order's. */
  async function bySandboxLink(orderId: string, token: string): Promise<OrderDoc | null> {
    if (!ORDER_ID_PATTERN.test(orderId)) return null;
    await expireDue({ _id: orderId });
    const doc = await orders.byId(orderId);
    const expected = doc?.payment?.provider === PaymentProviderName.Sandbox ? doc.payment.token : null;
    return doc && expected && sameSecret(expected, token) ? doc : null;
  }

  return {
    expireDue,
    fulfil,
    markPaid,

    async create(userId: string, productId: string): Promise<Order> {
      const product = await products.purchasable(productId);
      await expireDue({ userId });
      if ((await orders.unpaidCountOf(userId)) >= MAX_OPEN_ORDERS) {
        throw new AppError(ErrorReason.RateLimited, 'billing.tooManyOpenOrders', { max: MAX_OPEN_ORDERS });
      }
      for (let attempt = 0; ; attempt++) {
        const at = now();
        try {
          const doc = await orders.create({
            _id: randomUUID(),
            orderNo: newOrderNo(at),
            userId,
            productId: product._id,
            productName: product.name,
            period: product.period,
            credits: product.credits,
            amount: product.price,
            currency: product.currency,
            status: OrderStatus.Unpaid,
            createdAt: at,
            expiresAt: at + ORDER_TTL_MS,
            paidAt: null,
            cancelledAt: null,
            payment: null,
            transactionId: null,
            fulfilledAt: null,
          });
          return toOrder(doc);
        } catch (error) {
          // Two orders in the same second drew the same number: draw again.
          if (attempt >= 4 || !(error instanceof AppError && error.reason === ErrorReason.Conflict))
            throw error;
        }
      }
    },

    async get(userId: string, orderId: string): Promise<Order> {
      return toOrder(await own(userId, orderId));
    },

    async list(userId: string, limit = 50): Promise<Order[]> {
      await expireDue({ userId });
      return (await orders.newestOf(userId, limit)).map(toOrder);
    },

    async cancel(userId: string, orderId: string): Promise<Order> {
      const doc = await own(userId, orderId);
      const cancelled = await orders.cancelUnpaid(doc._id, userId, now());
      if (!cancelled) throw refusalOf((await orders.byId(doc._id))?.status ?? doc.status);
      if (cancelled.payment && cancelled.payment.provider === provider.name) {
        await provider
          .close(cancelled)
          .catch((err: unknown) => log.warn({ err, orderId }, 'could not close the payment at the provider'));
      }
      return toOrder(cancelled);
    },

    /** Starts (or shows again) the payment of an unpaid order with the configured provider. */
    async pay(userId: string, orderId: string, origin: string): Promise<PaymentStart> {
      const doc = await own(userId, orderId);
      if (doc.status !== OrderStatus.Unpaid) throw refusalOf(doc.status);
      let payment = doc.payment;
      if (!payment || payment.provider !== provider.name) {
        let started;
        try {
          started = await provider.start(doc, { origin });
        } catch (error) {
          log.warn(
            {
              err: error,
              orderId,
              provider: provider.name,
              detail: error instanceof AppError ? error.params.detail : undefined,
            },
            'payment could not start',
          );
          throw error instanceof AppError
            ? error
            : new AppError(ErrorReason.UpstreamUnavailable, 'billing.paymentUnavailable');
        }
        payment = {
          provider: provider.name,
          codeUrl: started.codeUrl,
          token: started.token,
          startedAt: now(),
        };
        const updated = await orders.setPayment(doc._id, payment);
        if (!updated) throw refusalOf((await orders.byId(doc._id))?.status ?? OrderStatus.Cancelled);
      }
      return {
        orderId: doc._id,
        provider: payment.provider,
        codeUrl: payment.codeUrl,
        qrcodeUrl: qrcodeUrlOf(payment.codeUrl),
        expiresAt: doc.expiresAt,
      };
    },

    bySandboxLink,

    /** The unpaid order whose WeChat Pay payment shows this code URL (only while WeChat Pay is the provider). */
    async byWechatCode(codeUrl: string): Promise<OrderDoc | null> {
      if (provider.name !== PaymentProviderName.Wechat) return null;
      return orders.unpaidByWechatCode(codeUrl, now());
    },

    /** The sandbox page's button: pays an unpaid order. */
    async confirmSandbox(orderId: string, token: string): Promise<Order> {
      const doc = await bySandboxLink(orderId, token);
      if (!doc) throw new AppError(ErrorReason.BadRequest, 'billing.sandboxBadLink');
      if (doc.status === OrderStatus.Paid) return toOrder(doc);
      if (doc.status !== OrderStatus.Unpaid) throw refusalOf(doc.status);
      return toOrder(
        await markPaid(doc._id, {
          provider: PaymentProviderName.Sandbox,
          transactionId: `sandbox-${randomUUID()}`,
        }),
      );
    },

    byOrderNo(orderNo: string): Promise<OrderDoc | null> {
      return orders.byOrderNo(orderNo);
    },

    /** Paid orders whose grant did not complete (a crash in between): granted now. */
    async recover(): Promise<number> {
      const pending = await orders.paidUnfulfilled(500);
      for (const doc of pending) await fulfil(doc);
      return pending.length;
    },
  };
}
export type OrdersService = ReturnType<typeof ordersService>;
