import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditAccount, DrawInfo, Order, PaymentStart, Product } from '@draw/shared';
import { startTestApp, type TestApp } from '../../../test/support/harness';
import { DEFAULT_PRODUCTS } from './products';
import { ORDER_TTL_MS, MAX_OPEN_ORDERS } from './orders';
import { caller, checkedChain, drawer } from '../../../test/support/billing';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let app: TestApp;
let clock = Date.UTC(2031, 5, 1, 2, 0, 0);
beforeAll(async () => {
  app = await startTestApp({ FREE_DAILY_CREDITS: '0' }, { now: () => clock });
});
afterAll(() => app.close());

const sandboxPath = (codeUrl: string) => new URL(codeUrl).pathname;
const confirmPath = (codeUrl: string) => `/api/open${sandboxPath(codeUrl).replace(/^\/pay/, '')}/confirm`;

describe('products', () => {
  it('seeds the default plans on the first start, once, and lists them by period in the asker’s language', async () => {
    const { call, data } = caller(app);
    const products = await data<Product[]>(call(null, 'GET', '/api/home/products'));
    expect(products.map((p) => p.id)).toEqual(DEFAULT_PRODUCTS.map((p) => p._id));
    expect(products.map((p) => p.period)).toEqual(['Day', 'Day', 'Month', 'Month', 'Month', 'Year', 'Year']);
    expect(products[2]).toEqual({
      id: 'month-basic',
      name: 'Basic',
      description: expect.any(String),
      price: 2900,
      currency: 'CNY',
      period: 'Month',
      credits: 400,
    });
    const zh = (
      await app.http.inject({ url: '/api/home/products', headers: { 'accept-language': 'zh-CN' } })
    ).json().data as Product[];
    expect(zh[2]!.name).toBe('基础版');
    expect(await app.services.billing.products.seedDefaults()).toBe(0);
    expect(await app.services.billing.products.all()).toHaveLength(DEFAULT_PRODUCTS.length);
  });

  it('hides disabled products and refuses orders for them', async () => {
    const { call } = caller(app);
    const { session } = await drawer(app);
    await app.services.billing.products.update('day-plus', { enabled: false });
    try {
      const ids = (await call(null, 'GET', '/api/home/products')).json().data.map((p: Product) => p.id);
      expect(ids).not.toContain('day-plus');
      const res = await call(session, 'POST', '/api/home/order', { productId: 'day-plus' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('That plan does not exist or is no longer sold');
    } finally {
      await app.services.billing.products.update('day-plus', { enabled: true });
    }
  });
});

describe('buying a plan in the sandbox', () => {
  it('orders, shows a QR code of the sandbox page, pays there, and grants the plan and its credits once', async () => {
    const { call, data } = caller(app);
    const { session, userId, channelId } = await drawer(app);

    const order = await data<Order>(call(session, 'POST', '/api/home/order', { productId: 'month-basic' }));
    expect(order).toMatchObject({
      status: 'unpaid',
      productId: 'month-basic',
      productName: 'Basic',
      amount: 2900,
      currency: 'CNY',
      credits: 400,
      provider: null,
      paidAt: null,
    });
    expect(order.orderNo).toMatch(/^D\d{20}$/);
    expect(order.expiresAt - order.createdAt).toBe(ORDER_TTL_MS);

    const payment = await data<PaymentStart>(call(session, 'POST', `/api/home/pay/${order.id}`));
    expect(payment.provider).toBe('sandbox');
    expect(payment.codeUrl).toMatch(
      new RegExp(`^http://localhost(:\\d+)?/pay/sandbox/${order.id}/[A-Za-z0-9_-]{24}$`),
    );
    expect(payment.qrcodeUrl).toBe(`/api/home/qrcode?url=${encodeURIComponent(payment.codeUrl)}`);
    // Asking again shows the same payment.
    expect(await data<PaymentStart>(call(session, 'POST', `/api/home/pay/${order.id}`))).toEqual(payment);

    const qr = await app.http.inject({ url: payment.qrcodeUrl });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);

    const page = await app.http.inject({
      url: sandboxPath(payment.codeUrl),
      headers: { 'accept-language': 'en-US' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'nonce-");
    expect(page.body).toContain('¥29.00');
    expect(page.body).toContain(order.orderNo);
    expect(page.body).toContain('Confirm payment');

    const wrongToken = confirmPath(payment.codeUrl).replace(
      /\/[A-Za-z0-9_-]{24}\/confirm$/,
      '/AAAAAAAAAAAAAAAAAAAAAAAA/confirm',
    );
    expect((await app.http.inject({ method: 'POST', url: wrongToken })).statusCode).toBe(400);
    expect((await data<Order>(call(session, 'GET', `/api/home/orders/${order.id}`))).status).toBe('unpaid');

    for (let i = 0; i < 3; i++) {
      const confirmed = await app.http.inject({ method: 'POST', url: confirmPath(payment.codeUrl) });
      expect(confirmed.json()).toMatchObject({ success: true, data: { status: 'paid' } });
    }
    const paid = await data<Order>(call(session, 'GET', `/api/home/orders/${order.id}`));
    expect(paid).toMatchObject({ status: 'paid', provider: 'sandbox', paidAt: clock });

    const account = await data<CreditAccount>(call(session, 'GET', '/api/home/credits'));
    expect(account).toMatchObject({
      balance: 400,
      free: 0,
      plan: { productId: 'month-basic', name: 'Basic', period: 'Month', expiresAt: clock + 30 * 86_400_000 },
    });
    expect(account.prices.IMAGINE).toBe(2);
    const info = await data<DrawInfo>(call(session, 'GET', `/api/draw/info/${channelId}`));
    expect(info).toMatchObject({ plan: 'Basic', credits: 400, renewsAt: clock + 30 * 86_400_000 });
    expect((await checkedChain(app, userId)).filter((e) => e.kind === 'plan')).toHaveLength(1);

    // The page now says it is paid and offers no button.
    const after = await app.http.inject({
      url: sandboxPath(payment.codeUrl),
      headers: { 'accept-language': 'en-US' },
    });
    expect(after.body).toContain('Paid.');
    expect(after.body).not.toContain('sandbox-confirm');
    // A paid order can be neither paid again nor cancelled.
    expect((await call(session, 'POST', `/api/home/pay/${order.id}`)).json()).toMatchObject({
      success: false,
      code: 409,
      message: 'This order is already paid',
    });
    expect((await call(session, 'POST', `/api/home/cancel-order/${order.id}`)).json()).toMatchObject({
      success: false,
      code: 409,
    });
  });

  it('extends a held plan by another period when bought again', async () => {
    const { call, data } = caller(app);
    const { session } = await drawer(app);
    for (let i = 0; i < 2; i++) {
      const order = await data<Order>(call(session, 'POST', '/api/home/order', { productId: 'day-trial' }));
      const payment = await data<PaymentStart>(call(session, 'POST', `/api/home/pay/${order.id}`));
      await app.http.inject({ method: 'POST', url: confirmPath(payment.codeUrl) });
    }
    const account = await data<CreditAccount>(call(session, 'GET', '/api/home/credits'));
    expect(account).toMatchObject({
      balance: 60,
      plan: { productId: 'day-trial', expiresAt: clock + 2 * 86_400_000 },
    });
  });
});

describe('orders', () => {
  it('cancels only your own unpaid orders; a cancelled order cannot be paid', async () => {
    const { call, data } = caller(app);
    const ann = await drawer(app);
    const bob = await drawer(app);
    const order = await data<Order>(call(ann.session, 'POST', '/api/home/order', { productId: 'month-pro' }));
    const payment = await data<PaymentStart>(call(ann.session, 'POST', `/api/home/pay/${order.id}`));

    // Bob can neither see, pay nor cancel Ann's order (and is not signed out: never 401/403).
    for (const [method, url] of [
      ['GET', `/api/home/orders/${order.id}`],
      ['POST', `/api/home/pay/${order.id}`],
      ['POST', `/api/home/cancel-order/${order.id}`],
    ] as const) {
      const res = await call(bob.session, method, url);
      expect(res.statusCode).toBe(404);
    }
    const cancelled = await data<Order>(call(ann.session, 'POST', `/api/home/cancel-order/${order.id}`));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledAt: clock });
    expect((await call(ann.session, 'POST', `/api/home/cancel-order/${order.id}`)).json().message).toBe(
      'This order was cancelled',
    );
    expect((await call(ann.session, 'POST', `/api/home/pay/${order.id}`)).json().message).toBe(
      'This order was cancelled',
    );
    const confirm = await app.http.inject({
      method: 'POST',
      url: confirmPath(payment.codeUrl),
      headers: { 'accept-language': 'en-US' },
    });
    expect(confirm.json()).toMatchObject({ success: false, message: 'This order was cancelled' });
    expect((await data<CreditAccount>(call(ann.session, 'GET', '/api/home/credits'))).balance).toBe(0);
  });

  it('expires an unpaid order after 30 minutes; its page and QR code stop working for payment', async () => {
    const { call, data } = caller(app);
    const { session } = await drawer(app);
    const order = await data<Order>(call(session, 'POST', '/api/home/order', { productId: 'day-trial' }));
    const payment = await data<PaymentStart>(call(session, 'POST', `/api/home/pay/${order.id}`));
    clock += ORDER_TTL_MS + 1;
    try {
      expect((await data<Order>(call(session, 'GET', `/api/home/orders/${order.id}`))).status).toBe(
        'expired',
      );
      expect((await call(session, 'POST', `/api/home/pay/${order.id}`)).json()).toMatchObject({
        code: 410,
        message: 'This order has expired. Please place a new one.',
      });
      expect(
        (
          await app.http.inject({
            method: 'POST',
            url: confirmPath(payment.codeUrl),
            headers: { 'accept-language': 'en-US' },
          })
        ).json().message,
      ).toBe('This order has expired. Please place a new one.');
      expect(
        (
          await app.http.inject({
            url: sandboxPath(payment.codeUrl),
            headers: { 'accept-language': 'en-US' },
          })
        ).body,
      ).toContain('This order has expired.');
    } finally {
      clock += 1000;
    }
  });

  it('lists your orders newest first, and limits unpaid orders', async () => {
    const { call, data } = caller(app);
    const { session } = await drawer(app);
    const made: Order[] = [];
    for (let i = 0; i < MAX_OPEN_ORDERS; i++) {
      clock += 1000;
      made.push(await data<Order>(call(session, 'POST', '/api/home/order', { productId: 'day-trial' })));
    }
    const refused = await call(session, 'POST', '/api/home/order', { productId: 'day-trial' });
    expect(refused.json()).toMatchObject({ success: false, code: 429, reason: 'rate_limited' });
    await data(call(session, 'POST', `/api/home/cancel-order/${made[0]!.id}`));
    expect((await call(session, 'POST', '/api/home/order', { productId: 'day-trial' })).statusCode).toBe(200);
    const list = await data<Order[]>(call(session, 'GET', '/api/home/orders'));
    expect(list).toHaveLength(MAX_OPEN_ORDERS + 1);
    expect(list.map((o) => o.createdAt)).toEqual([...list.map((o) => o.createdAt)].sort((a, b) => b - a));
    expect(new Set(list.map((o) => o.orderNo)).size).toBe(list.length);
  });

  it('needs a signed-in user for everything but the product list, the QR code and the payment callbacks', async () => {
    const { call } = caller(app);
    for (const [method, url] of [
      ['GET', '/api/home/credits'],
      ['POST', '/api/home/order'],
      ['GET', '/api/home/orders'],
      ['GET', '/api/home/orders/abc'],
      ['POST', '/api/home/pay/abc'],
      ['POST', '/api/home/cancel-order/abc'],
      ['POST', '/api/home/redeem/ABCD-EFGH'],
    ] as const) {
      expect(
        (
          await call(
            null,
            method,
            url,
            method === 'POST' && url.endsWith('order') ? { productId: 'x' } : undefined,
          )
        ).statusCode,
      ).toBe(401);
    }
  });
});

describe('the QR code endpoint', () => {
  it('draws only our own payment links', async () => {
    const { call, data } = caller(app);
    const { session } = await drawer(app);
    const order = await data<Order>(call(session, 'POST', '/api/home/order', { productId: 'day-trial' }));
    const payment = await data<PaymentStart>(call(session, 'POST', `/api/home/pay/${order.id}`));
    const qr = (url: string) =>
      app.http.inject({
        url: `/api/home/qrcode?url=${encodeURIComponent(url)}`,
        headers: { 'accept-language': 'en-US' },
      });

    expect((await qr(payment.codeUrl)).statusCode).toBe(200);
    const refused = [
      // Shaped like a WeChat Pay code, but no order of ours shows it (and WeChat Pay is not even on).
      'weixin://wxpay/bizpayurl?pr=Q2w3E4r',
      'https://evil.example.com/pay/sandbox/x/AAAAAAAAAAAAAAAAAAAAAAAA',
      payment.codeUrl.replace('localhost', 'evil.example.com'),
      payment.codeUrl.replace(/[A-Za-z0-9_-]{24}$/, 'B'.repeat(24)), // not the order's token
      `${payment.codeUrl}?next=https://evil.example.com`,
      'http://localhost/api/home/products',
      'javascript:alert(1)',
      'weixin://wxpay/bizpayurl?pr=<script>',
      `weixin://wxpay/${'a'.repeat(600)}`,
      'hello world',
    ];
    for (const url of refused) {
      const res = await qr(url);
      expect(res.statusCode, url).toBe(400);
      if (url.length <= 512)
        expect(res.json().message).toBe('QR codes are only made for this site’s payment links');
    }
  });
});
