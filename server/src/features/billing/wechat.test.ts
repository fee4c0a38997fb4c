import http from 'node:http';
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditAccount, Order, PaymentStart } from '@draw/shared';
import { ConfigError, loadConfig } from '../../config';
import { startTestApp, type TestApp } from '../../../test/support/harness';
import { rfc3339Cst, wechatSettingsFrom } from './providers/wechat';
import {
  encryptResource,
  parseAuthorization,
  signMessage,
  verifyMessage,
  wechatSignedMessage,
} from './providers/wechatCrypto';
import { caller, checkedChain, drawer } from '../../../test/support/billing';

const APP_ID = 'wx0123456789abcdef';
const MCH_ID = '1900000109';
const MCH_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0114232134912410000000000000';
const API_V3_KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const PUBLIC_URL = 'https://draw.example.com';

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ format: 'pem', type }) as string;
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

interface Received {
  method: string;
  path: string;
  body: string;
  authorization: Record<string, string> | null;
  signatureValid: boolean;
}

/** A local stand-in for api.mch.weixin.qq.com: checks our signature, answers signed like WeChat Pay. */
async function fakeWechatPay() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const authorization = parseAuthorization(req.headers.authorization ?? '');
      const signatureValid = Boolean(
        authorization &&
        authorization.mchid === MCH_ID &&
        authorization.serial_no === MCH_SERIAL &&
        verifyMessage(
          merchant.publicKey,
          `${req.method}\n${req.url}\n${authorization.timestamp}\n${authorization.nonce_str}\n${body}\n`,
          authorization.signature ?? '',
        ),
      );
      received.push({ method: req.method ?? '', path: req.url ?? '', body, authorization, signatureValid });
      const reply = (status: number, payload: object | null) => {
        const text = payload ? JSON.stringify(payload) : '';
        const timestamp = String(Math.floor(Date.now() / 1000));
        const nonce = randomBytes(16).toString('hex');
        res.writeHead(status, {
          'Content-Type': 'application/json',
          'Wechatpay-Timestamp': timestamp,
          'Wechatpay-Nonce': nonce,
          'Wechatpay-Serial': PLATFORM_SERIAL,
          'Wechatpay-Signature': signMessage(
            platform.privateKey,
            wechatSignedMessage(timestamp, nonce, text),
          ),
        });
        res.end(text);
      };
      if (!signatureValid) return reply(401, { code: 'SIGN_ERROR', message: '签名错误' });
      if (req.method === 'POST' && req.url === '/v3/pay/transactions/native') {
        const order = JSON.parse(body) as { out_trade_no: string };
        return reply(200, { code_url: `weixin://wxpay/bizpayurl?pr=${order.out_trade_no.slice(-8)}` });
      }
      if (
        req.method === 'POST' &&
        /^\/v3\/pay\/transactions\/out-trade-no\/[^/]+\/close$/.test(req.url ?? '')
      )
        return reply(204, null);
      return reply(404, { code: 'NOT_FOUND', message: 'no such api' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let fake: Awaited<ReturnType<typeof fakeWechatPay>>;
let app: TestApp;

beforeAll(async () => {
  fake = await fakeWechatPay();
  app = await startTestApp({
    FREE_DAILY_CREDITS: '0',
    PAYMENT_PROVIDER: 'wechat',
    PUBLIC_URL,
    WECHAT_APP_ID: APP_ID,
    WECHAT_MCH_ID: MCH_ID,
    WECHAT_MCH_SERIAL: MCH_SERIAL,
    WECHAT_MCH_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
    WECHAT_PLATFORM_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
    WECHAT_PLATFORM_SERIAL: PLATFORM_SERIAL,
    WECHAT_API_V3_KEY: API_V3_KEY,
    WECHAT_API_BASE: fake.origin,
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

interface Transaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id: string;
  trade_type: string;
  trade_state: string;
  amount: { total: number; currency: string; payer_total: number; payer_currency: string };
  [key: string]: unknown;
}

function transactionOf(order: Order, changes: Partial<Transaction> = {}): Transaction {
  return {
    appid: APP_ID,
    mchid: MCH_ID,
    out_trade_no: order.orderNo,
    transaction_id: `4200001${randomBytes(8).toString('hex')}`,
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    bank_type: 'OTHERS',
    attach: '',
    success_time: rfc3339Cst(Date.now()),
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: order.amount, currency: 'CNY', payer_total: order.amount, payer_currency: 'CNY' },
    ...changes,
  };
}

interface NotifyOptions {
  signWith?: KeyObject;
  timestamp?: number;
  serial?: string;
  eventType?: string;
  tamper?: (body: string) => string;
  /** Re-sign after tampering (as if WeChat Pay had sent the altered body). */
  resign?: boolean;
}

/** What WeChat Pay would POST to the callback for this transaction. */
function notification(tx: Transaction, options: NotifyOptions = {}) {
  const resource = encryptResource(API_V3_KEY, JSON.stringify(tx), 'transaction');
  let body = JSON.stringify({
    id: `EV-2018022511223320873${randomBytes(2).toString('hex')}`,
    create_time: rfc3339Cst(Date.now()),
    resource_type: 'encrypt-resource',
    event_type: options.eventType ?? 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource,
  });
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  let signature = signMessage(
    options.signWith ?? platform.privateKey,
    wechatSignedMessage(timestamp, nonce, body),
  );
  if (options.tamper) {
    body = options.tamper(body);
    if (options.resign)
      signature = signMessage(platform.privateKey, wechatSignedMessage(timestamp, nonce, body));
  }
  return {
    method: 'POST' as const,
    url: '/api/open/wechat/callback',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': options.serial ?? PLATFORM_SERIAL,
    },
  };
}

async function orderAndPay(productId = 'month-basic') {
  const { call, data } = caller(app);
  const user = await drawer(app);
  const order = await data<Order>(call(user.session, 'POST', '/api/home/order', { productId }));
  const payment = await data<PaymentStart>(call(user.session, 'POST', `/api/home/pay/${order.id}`));
  return { ...user, order, payment };
}

const statusOf = async (session: Awaited<ReturnType<typeof drawer>>['session'], orderId: string) =>
  (await caller(app).data<Order>(caller(app).call(session, 'GET', `/api/home/orders/${orderId}`))).status;
const accountOf = (session: Awaited<ReturnType<typeof drawer>>['session']) =>
  caller(app).data<CreditAccount>(caller(app).call(session, 'GET', '/api/home/credits'));

describe('WeChat Pay Native', () => {
  it('creates the order at WeChat Pay with a signed request and shows its code_url as a QR code', async () => {
    const { order, payment } = await orderAndPay();
    const request = fake.received.at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v3/pay/transactions/native',
      signatureValid: true,
    });
    expect(request.authorization).toMatchObject({ mchid: MCH_ID, serial_no: MCH_SERIAL });
    expect(JSON.parse(request.body)).toEqual({
      appid: APP_ID,
      mchid: MCH_ID,
      description: 'Basic',
      out_trade_no: order.orderNo,
      time_expire: rfc3339Cst(order.expiresAt),
      notify_url: `${PUBLIC_URL}/api/open/wechat/callback`,
      amount: { total: 2900, currency: 'CNY' },
    });
    expect(rfc3339Cst(order.expiresAt)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    expect(payment).toMatchObject({
      provider: 'wechat',
      codeUrl: `weixin://wxpay/bizpayurl?pr=${order.orderNo.slice(-8)}`,
    });
    const png = await app.http.inject({ url: payment.qrcodeUrl });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('draws a WeChat Pay QR code only for the code URL of an order still open for payment', async () => {
    const { call, data } = caller(app);
    const qr = (url: string) =>
      app.http.inject({
        url: `/api/home/qrcode?url=${encodeURIComponent(url)}`,
        headers: { 'accept-language': 'en-US' },
      });
    const open = await orderAndPay();
    const cancelled = await orderAndPay();
    expect((await qr(open.payment.codeUrl)).statusCode).toBe(200);
    expect((await qr(cancelled.payment.codeUrl)).statusCode).toBe(200);

    // Someone else's (or a made-up) WeChat Pay payment is not dressed up as ours.
    const foreign = await qr('weixin://wxpay/bizpayurl?pr=Zz9Yy8Xx');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('QR codes are only made for this site’s payment links');

    await data(call(cancelled.session, 'POST', `/api/home/cancel-order/${cancelled.order.id}`));
    expect((await qr(cancelled.payment.codeUrl)).statusCode).toBe(400);
    expect((await qr(open.payment.codeUrl)).statusCode).toBe(200);
  });

  it('grants once when the same notification arrives five times (and in parallel)', async () => {
    const { session, userId, order } = await orderAndPay();
    const tx = transactionOf(order);
    const sequential = [];
    for (let i = 0; i < 3; i++) sequential.push(await app.http.inject(notification(tx)));
    const parallel = await Promise.all([
      app.http.inject(notification(tx)),
      app.http.inject(notification(tx)),
    ]);
    for (const res of [...sequential, ...parallel]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 'SUCCESS', message: '成功' });
    }
    expect(await statusOf(session, order.id)).toBe('paid');
    const account = await accountOf(session);
    expect(account).toMatchObject({ balance: 400, plan: { productId: 'month-basic' } });
    expect((await checkedChain(app, userId)).filter((e) => e.kind === 'plan')).toHaveLength(1);
  });

  it('refuses forged and tampered notifications and changes nothing', async () => {
    const { session, userId, order } = await orderAndPay();
    const tx = transactionOf(order);
    const cases: [string, ReturnType<typeof notification>, number][] = [
      ['signed with another key', notification(tx, { signWith: stranger.privateKey }), 401],
      [
        'body altered after signing',
        notification(tx, { tamper: (b) => b.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') }),
        401,
      ],
      [
        'ciphertext altered',
        notification(tx, {
          tamper: (b) =>
            b.replace(/"ciphertext":"(.)/, (_m, c: string) => `"ciphertext":"${c === 'A' ? 'B' : 'A'}`),
          resign: true,
        }),
        400,
      ],
      [
        'ciphertext altered, unsigned',
        notification(tx, {
          tamper: (b) =>
            b.replace(/"ciphertext":"(.)/, (_m, c: string) => `"ciphertext":"${c === 'A' ? 'B' : 'A'}`),
        }),
        401,
      ],
      [
        'wrong amount',
        notification(
          transactionOf(order, {
            amount: { total: 1, currency: 'CNY', payer_total: 1, payer_currency: 'CNY' },
          }),
        ),
        400,
      ],
      [
        'wrong currency',
        notification(
          transactionOf(order, {
            amount: {
              total: order.amount,
              currency: 'USD',
              payer_total: order.amount,
              payer_currency: 'USD',
            },
          }),
        ),
        400,
      ],
      ['another merchant', notification(transactionOf(order, { mchid: '1900000999' })), 400],
      ['another app', notification(transactionOf(order, { appid: 'wx_other' })), 400],
      [
        'stale timestamp (replay window)',
        notification(tx, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
        401,
      ],
      ['unknown serial', notification(tx, { serial: 'PUB_KEY_ID_SOMEONE_ELSE' }), 401],
      ['unknown order', notification(transactionOf(order, { out_trade_no: 'D000000000000000000000' })), 404],
    ];
    for (const [name, request, status] of cases) {
      const res = await app.http.inject(request);
      expect(res.statusCode, name).toBe(status);
      expect(res.json(), name).toMatchObject({ code: 'FAIL' });
    }
    const missingHeaders = await app.http.inject({
      method: 'POST',
      url: '/api/open/wechat/callback',
      payload: notification(tx).payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(missingHeaders.statusCode).toBe(401);

    expect(await statusOf(session, order.id)).toBe('unpaid');
    expect((await accountOf(session)).balance).toBe(0);
    expect(await checkedChain(app, userId)).toHaveLength(0);

    // The genuine one still works afterwards.
    expect((await app.http.inject(notification(tx))).json()).toEqual({ code: 'SUCCESS', message: '成功' });
    expect((await accountOf(session)).balance).toBe(400);
  });

  it('acknowledges notifications that are not a successful payment without granting anything', async () => {
    const { session, order } = await orderAndPay();
    const closed = await app.http.inject(
      notification(transactionOf(order, { trade_state: 'CLOSED' }), { eventType: 'TRANSACTION.CLOSED' }),
    );
    expect(closed.json()).toMatchObject({ code: 'SUCCESS' });
    expect(await statusOf(session, order.id)).toBe('unpaid');
    expect((await accountOf(session)).balance).toBe(0);
  });

  it('honours a genuine payment that arrives after the order was cancelled, and closes cancelled orders at WeChat Pay', async () => {
    const { call } = caller(app);
    const { session, order } = await orderAndPay();
    expect((await call(session, 'POST', `/api/home/cancel-order/${order.id}`)).statusCode).toBe(200);
    expect(fake.received.at(-1)).toMatchObject({
      path: `/v3/pay/transactions/out-trade-no/${order.orderNo}/close`,
      signatureValid: true,
      body: JSON.stringify({ mchid: MCH_ID }),
    });
    expect((await app.http.inject(notification(transactionOf(order)))).statusCode).toBe(200);
    expect(await statusOf(session, order.id)).toBe('paid');
    expect((await accountOf(session)).balance).toBe(400);
  });

  it('does not serve the sandbox when WeChat Pay is the provider', async () => {
    const res = await app.http.inject({
      method: 'POST',
      url: '/api/open/sandbox/abc/AAAAAAAAAAAAAAAAAAAAAAAA/confirm',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('WeChat Pay configuration', () => {
  const base = {
    PAYMENT_PROVIDER: 'wechat',
    PUBLIC_URL,
    WECHAT_APP_ID: APP_ID,
    WECHAT_MCH_ID: MCH_ID,
    WECHAT_MCH_SERIAL: MCH_SERIAL,
    WECHAT_MCH_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
    WECHAT_PLATFORM_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
    WECHAT_API_V3_KEY: API_V3_KEY,
  };

  it('names every missing setting when PAYMENT_PROVIDER=wechat, and never echoes a key', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'wechat' })).toThrow(ConfigError);
    try {
      loadConfig({ PAYMENT_PROVIDER: 'wechat', WECHAT_API_V3_KEY: 'short-secret' });
    } catch (error) {
      const message = (error as Error).message;
      for (const key of [
        'WECHAT_APP_ID',
        'WECHAT_MCH_ID',
        'WECHAT_MCH_SERIAL',
        'WECHAT_MCH_PRIVATE_KEY',
        'WECHAT_PLATFORM_PUBLIC_KEY',
        'PUBLIC_URL',
      ])
        expect(message).toContain(key);
      expect(message).toContain('WECHAT_API_V3_KEY must be the 32-character API v3 key');
      expect(message).not.toContain('short-secret');
    }
    expect(loadConfig(base).PAYMENT_PROVIDER).toBe('wechat');
  });

  it('reads keys given inline (with \\n escapes) and refuses keys that are not keys', () => {
    const escaped = { ...base, WECHAT_MCH_PRIVATE_KEY: base.WECHAT_MCH_PRIVATE_KEY.replace(/\n/g, '\\n') };
    expect(wechatSettingsFrom(loadConfig(escaped)).mchId).toBe(MCH_ID);
    expect(() =>
      wechatSettingsFrom(
        loadConfig({
          ...base,
          WECHAT_MCH_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----',
        }),
      ),
    ).toThrow(/WECHAT_MCH_PRIVATE_KEY could not be read/);
    expect(() =>
      wechatSettingsFrom(loadConfig({ ...base, WECHAT_PLATFORM_PUBLIC_KEY: '/no/such/file.pem' })),
    ).toThrow(/WECHAT_PLATFORM_PUBLIC_KEY could not be read/);
  });
});
