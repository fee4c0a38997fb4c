import type { KeyObject } from 'node:crypto';
import { ErrorReason, PaymentProviderName } from '@draw/shared';
import { api } from '@draw/shared/routes';
import type { Config } from '../../../config';
import { ConfigError } from '../../../config';
import { AppError } from '../../../errors';
import type { OrderDoc } from '../repository';
import type { PaymentProvider } from './port';
import {
  authorizationHeader,
  decryptResource,
  loadPrivateKey,
  loadPublicKey,
  verifyMessage,
  wechatSignedMessage,
  type EncryptedResource,
} from './wechatCrypto';

/** Where WeChat Pay sends its notifications: the table's callback route. */
export const WECHAT_CALLBACK_PATH = api.billing.wechatCallback.path;
/** Notifications (and answers) older or newer than this are refused: a replay window. */
const MAX_CLOCK_SKEW_S = 300;
const REQUEST_TIMEOUT_MS = 10_000;

export interface WechatSettings {
  appId: string;
  mchId: string;
  mchSerial: string;
  privateKey: KeyObject;
  platformPublicKey: KeyObject;
  /** When set, notifications must carry this serial (the platform key id). */
  platformSerial: string;
  apiV3Key: string;
  apiBase: string;
  notifyUrl: string;
}

/** Reads and checks the WeChat Pay settings once; a bad key stops the start with a clear message. */
export function wechatSettingsFrom(config: Config): WechatSettings {
  const problems: string[] = [];
  const load = <T>(name: string, fn: () => T): T | null => {
    try {
      return fn();
    } catch (error) {
      problems.push(`${name} could not be read as a key (${(error as Error).message.split('\n')[0]})`);
      return null;
    }
  };
  const privateKey = load('WECHAT_MCH_PRIVATE_KEY', () => loadPrivateKey(config.WECHAT_MCH_PRIVATE_KEY));
  const platformPublicKey = load('WECHAT_PLATFORM_PUBLIC_KEY', () =>
    loadPublicKey(config.WECHAT_PLATFORM_PUBLIC_KEY),
  );
  if (!privateKey || !platformPublicKey)
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return {
    appId: config.WECHAT_APP_ID,
    mchId: config.WECHAT_MCH_ID,
    mchSerial: config.WECHAT_MCH_SERIAL,
    privateKey,
    platformPublicKey,
    platformSerial: config.WECHAT_PLATFORM_SERIAL,
    apiV3Key: config.WECHAT_API_V3_KEY,
    apiBase: config.WECHAT_API_BASE.replace(/\/+$/, ''),
    notifyUrl: `${config.PUBLIC_URL.replace(/\/$/, '')}${WECHAT_CALLBACK_PATH}`,
  };
}

/** The decrypted `transaction` of a TRANSACTION.SUCCESS notification (the fields we use). */
export interface WechatTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id: string;
  trade_type?: string;
  trade_state: string;
  success_time?: string;
  amount: { total: number; currency?: string; payer_total?: number; payer_currency?: string };
}

export interface WechatNotification {
  id: string;
  eventType: string;
  /** Null when the event is not about a transaction. */
  transaction: WechatTransaction | null;
}

/** A notification we refuse; `status` is the HTTP status answered with `{ code: 'FAIL' }`. */
export class NotificationRefused extends Error {
  override name = 'NotificationRefused';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type HeaderBag = Record<string, string | string[] | undefined>;
const header = (headers: HeaderBag, name: string): string => {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/** `2024-05-01T12:30:00+08:00`: RFC 3339 in China Standard Time, as the API expects. */
export function rfc3339Cst(at: number): string {
  return `${new Date(at + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

export interface WechatProvider extends PaymentProvider {
  /** Checks a notification's signature and freshness, then decrypts it. Throws NotificationRefused. */
  verifyNotification(headers: HeaderBag, rawBody: string): WechatNotification;
  readonly settings: Pick<WechatSettings, 'appId' | 'mchId'>;
}

/**
 * WeChat Pay API v3, Native (QR code) payments: an order becomes a `code_url` the payer scans;
 * WeChat Pay then notifies `POST /api/open/wechat/callback`.
 */
export function wechatProvider(
  settings: WechatSettings,
  deps: { now: () => number; fetch?: typeof fetch },
): WechatProvider {
  const doFetch = deps.fetch ?? fetch;

  function verifySigned(headers: HeaderBag, body: string): boolean {
    const timestamp = header(headers, 'Wechatpay-Timestamp');
    const nonce = header(headers, 'Wechatpay-Nonce');
    const signature = header(headers, 'Wechatpay-Signature');
    const serial = header(headers, 'Wechatpay-Serial');
    if (!timestamp || !nonce || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
    if (settings.platformSerial && serial !== settings.platformSerial) return false;
    if (Math.abs(deps.now() / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_S) return false;
    return verifyMessage(settings.platformPublicKey, wechatSignedMessage(timestamp, nonce, body), signature);
  }

  async function call(
    method: 'POST' | 'GET',
    path: string,
    payload?: unknown,
  ): Promise<{ status: number; body: string }> {
    const url = new URL(`${settings.apiBase}${path}`);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const authorization = authorizationHeader({
      mchId: settings.mchId,
      serialNo: settings.mchSerial,
      privateKey: settings.privateKey,
      method,
      pathWithQuery: url.pathname + url.search,
      body,
      timestamp: Math.floor(deps.now() / 1000),
    });
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'User-Agent': 'drawspace/1.0',
        },
        body: method === 'GET' ? undefined : body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new AppError(ErrorReason.UpstreamUnavailable, 'billing.paymentUnavailable', {
        detail: (error as Error).message,
      });
    }
    const text = await response.text();
    const headers: HeaderBag = {};
    response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
    // Answers are signed too: an answer that is not from WeChat Pay is not believed.
    if (response.ok && text && !verifySigned(headers, text)) {
      throw new AppError(ErrorReason.UpstreamUnavailable, 'billing.paymentUnavailable', {
        detail: 'unsigned or badly signed answer',
      });
    }
    return { status: response.status, body: text };
  }

  return {
    name: PaymentProviderName.Wechat,
    settings: { appId: settings.appId, mchId: settings.mchId },

    async start(order: OrderDoc) {
      const { status, body } = await call('POST', '/v3/pay/transactions/native', {
        appid: settings.appId,
        mchid: settings.mchId,
        description: order.productName.slice(0, 127),
        out_trade_no: order.orderNo,
        time_expire: rfc3339Cst(order.expiresAt),
        notify_url: settings.notifyUrl,
        amount: { total: order.amount, currency: order.currency },
      });
      let answer: { code_url?: unknown; code?: unknown; message?: unknown } = {};
      try {
        answer = JSON.parse(body) as typeof answer;
      } catch {
        /* handled below */
      }
      if (status !== 200 || typeof answer.code_url !== 'string' || !answer.code_url.startsWith('weixin://')) {
        throw new AppError(ErrorReason.UpstreamUnavailable, 'billing.paymentUnavailable', {
          detail: `${status} ${String(answer.code ?? '')} ${String(answer.message ?? '')}`.trim(),
        });
      }
      return { codeUrl: answer.code_url, token: null };
    },

    async close(order: OrderDoc) {
      await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(order.orderNo)}/close`, {
        mchid: settings.mchId,
      });
    },

    verifyNotification(headers: HeaderBag, rawBody: string): WechatNotification {
      if (!verifySigned(headers, rawBody)) throw new NotificationRefused(401, 'bad signature');
      let envelope: {
        id?: unknown;
        event_type?: unknown;
        resource_type?: unknown;
        resource?: EncryptedResource;
      };
      try {
        envelope = JSON.parse(rawBody) as typeof envelope;
      } catch {
        throw new NotificationRefused(400, 'body is not JSON');
      }
      const eventType = typeof envelope.event_type === 'string' ? envelope.event_type : '';
      const resource = envelope.resource;
      if (!resource || typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string') {
        throw new NotificationRefused(400, 'no resource');
      }
      let plaintext: string;
      try {
        plaintext = decryptResource(settings.apiV3Key, resource);
      } catch {
        throw new NotificationRefused(400, 'resource could not be decrypted');
      }
      let data: unknown;
      try {
        data = JSON.parse(plaintext);
      } catch {
        throw new NotificationRefused(400, 'resource is not JSON');
      }
      const isTransaction = eventType.startsWith('TRANSACTION.') && resource.original_type !== 'refund';
      return {
        id: String(envelope.id ?? ''),
        eventType,
        transaction: isTransaction ? (data as WechatTransaction) : null,
      };
    },
  };
}
