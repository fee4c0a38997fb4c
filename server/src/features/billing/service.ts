import type { FastifyBaseLogger } from 'fastify';
import { PaymentProviderName } from '@draw/shared';
import type { Config } from '../../config';
import { codesService } from './codes';
import { creditsLedger } from './ledger';
import { ordersService } from './orders';
import type { PriceOf } from './prices';
import { productsService } from './products';
import type { BillingRepository } from './repository';
import type { PaymentProvider } from './providers/port';
import { sandboxProvider } from './providers/sandbox';
import {
  NotificationRefused,
  wechatProvider,
  wechatSettingsFrom,
  type WechatProvider,
} from './providers/wechat';

const SWEEP_EVERY_MS = 60_000;

export type BillingConfig = Pick<
  Config,
  | 'FREE_DAILY_CREDITS'
  | 'PAYMENT_PROVIDER'
  | 'PUBLIC_URL'
  | 'NODE_ENV'
  | 'WECHAT_APP_ID'
  | 'WECHAT_MCH_ID'
  | 'WECHAT_MCH_SERIAL'
  | 'WECHAT_MCH_PRIVATE_KEY'
  | 'WECHAT_PLATFORM_PUBLIC_KEY'
  | 'WECHAT_PLATFORM_SERIAL'
  | 'WECHAT_API_V3_KEY'
  | 'WECHAT_API_BASE'
>;

export interface BillingDeps {
  repo: BillingRepository;
  config: BillingConfig;
  /** What an action costs on an engine (ENGINE_PRICES); absent, the site's price everywhere. */
  priceOf?: PriceOf;
  now: () => number;
  log: FastifyBaseLogger;
  /** Replaces the provider the configuration names (tests). */
  provider?: PaymentProvider;
}

export interface NotificationAnswer {
  status: number;
  body: { code: 'SUCCESS' | 'FAIL'; message: string };
}

function providerFrom(config: BillingConfig, now: () => number): PaymentProvider {
  return config.PAYMENT_PROVIDER === PaymentProviderName.Wechat
    ? wechatProvider(wechatSettingsFrom(config as Config), { now })
    : sandboxProvider();
}

/** Plans, payments, credits and redeem codes, built once in the composition root. */
export function billingService({ repo, config, now, log, provider: given, priceOf }: BillingDeps) {
  const ledger = creditsLedger({
    repo,
    dailyAllowance: config.FREE_DAILY_CREDITS,
    now,
    ...(priceOf ? { priceOf } : {}),
  });
  const products = productsService({ repo, now });
  const provider = given ?? providerFrom(config, now);
  const orders = ordersService({ repo, ledger, products, provider, now, log });
  const codes = codesService({ repo, ledger, products, now });
  let timer: NodeJS.Timeout | null = null;

  async function sweep(): Promise<void> {
    await orders.expireDue();
    await orders.recover();
    const codesRepaired = await codes.repair();
    if (codesRepaired.granted > 0) log.warn(codesRepaired, 'redeem grants a crash cut off were completed');
    if (codesRepaired.failed > 0) log.error(codesRepaired, 'redeem grants could not be completed');
  }

  /**
   * A WeChat Pay notification: verified (signature, freshness), decrypted, checked against the
   * order (merchant, app, amount, currency), then the order is paid, once. The answer follows
   * WeChat Pay: 200 `{ code: 'SUCCESS' }`, or 4xx/5xx `{ code: 'FAIL' }` (WeChat Pay retries those).
   */
  async function wechatNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<NotificationAnswer> {
    const fail = (status: number, message: string): NotificationAnswer => ({
      status,
      body: { code: 'FAIL', message },
    });
    if (provider.name !== PaymentProviderName.Wechat || !('verifyNotification' in provider))
      return fail(404, 'WeChat Pay is not enabled');
    const wechat = provider as WechatProvider;
    try {
      const notification = wechat.verifyNotification(headers, rawBody);
      const tx = notification.transaction;
      if (notification.eventType !== 'TRANSACTION.SUCCESS' || !tx || tx.trade_state !== 'SUCCESS') {
        log.info({ eventType: notification.eventType, id: notification.id }, 'wechat notification ignored');
        return { status: 200, body: { code: 'SUCCESS', message: 'ignored' } };
      }
      if (tx.mchid !== wechat.settings.mchId || tx.appid !== wechat.settings.appId) {
        log.error(
          { id: notification.id, mchid: tx.mchid, appid: tx.appid },
          'wechat notification for another merchant or app refused',
        );
        return fail(400, 'merchant or app does not match');
      }
      const order = typeof tx.out_trade_no === 'string' ? await orders.byOrderNo(tx.out_trade_no) : null;
      if (!order) {
        log.error(
          { id: notification.id, orderNo: tx.out_trade_no },
          'wechat notification for an unknown order',
        );
        return fail(404, 'unknown order');
      }
      const currency = tx.amount?.currency ?? 'CNY';
      if (tx.amount?.total !== order.amount || currency !== order.currency) {
        log.error(
          {
            id: notification.id,
            orderNo: order.orderNo,
            expected: order.amount,
            got: tx.amount?.total,
            currency,
          },
          'wechat notification amount does not match the order',
        );
        return fail(400, 'amount does not match the order');
      }
      await orders.markPaid(order._id, {
        provider: PaymentProviderName.Wechat,
        transactionId: String(tx.transaction_id ?? ''),
      });
      return { status: 200, body: { code: 'SUCCESS', message: '成功' } };
    } catch (error) {
      if (error instanceof NotificationRefused) {
        log.warn({ reason: error.message }, 'wechat notification refused');
        return fail(error.status, error.message);
      }
      log.error({ err: error }, 'wechat notification failed');
      return fail(500, 'internal error');
    }
  }

  return {
    ledger,
    billing: ledger.billing,
    products,
    orders,
    codes,
    provider,
    wechatNotification,

    /** Seeds the default products on the first start, finishes interrupted grants (orders, codes), expires old orders. */
    async start(): Promise<void> {
      const seeded = await products.seedDefaults();
      if (seeded > 0) log.info({ count: seeded }, 'default products written');
      if (provider.name === PaymentProviderName.Sandbox && config.NODE_ENV === 'production') {
        log.warn(
          'PAYMENT_PROVIDER=sandbox in production: anyone can pay their own orders for free on the sandbox page',
        );
      }
      await sweep();
      timer = setInterval(
        () => void sweep().catch((err: unknown) => log.error({ err }, 'billing sweep failed')),
        SWEEP_EVERY_MS,
      );
      timer.unref();
    },

    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
export type BillingService = ReturnType<typeof billingService>;
