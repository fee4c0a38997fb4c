// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import type { CreditAccount, Order, PaymentStart, Product } from '@draw/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api';
import { call } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { reloadAppSetting } from '../../../stores/appSetting';
import { setToken } from '../../../stores/auth';
import { envelope } from '../../../test/dom';
import { drawDialogs } from '../drawDialogs';
import { billingStore, resetBilling } from './billingStore';
import { SubscribeDialog } from './SubscribeDialog';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const product = (id: string, period: Product['period'], price: number, credits: number): Product => ({
  id,
  name: id.toUpperCase(),
  description: `${id} plan`,
  price,
  currency: 'CNY',
  period,
  credits,
});
const PRODUCTS = [
  product('day', 'Day', 390, 30),
  product('basic', 'Month', 2900, 400),
  product('pro', 'Month', 6900, 1200),
  product('year', 'Year', 69000, 15000),
];
const prices = {
  IMAGINE: 2,
  VARIATION: 2,
  REROLL: 2,
  ZOOM: 2,
  PAN: 2,
  INPAINT: 2,
  BLEND: 2,
  UPSCALE: 1,
  DESCRIBE: 1,
  SHORTEN: 1,
  VIDEO: 4,
  RETEXTURE: 2,
};
const account = (overrides: Partial<CreditAccount> = {}): CreditAccount => ({
  balance: 10,
  free: 10,
  dailyAllowance: 10,
  plan: null,
  prices,
  ...overrides,
});
const order = (overrides: Partial<Order> = {}): Order => ({
  id: 'o1',
  orderNo: 'D20310601100000123456',
  productId: 'basic',
  productName: 'BASIC',
  period: 'Month',
  credits: 400,
  amount: 2900,
  currency: 'CNY',
  status: 'unpaid',
  provider: 'sandbox',
  createdAt: Date.now(),
  expiresAt: Date.now() + 30 * 60_000,
  paidAt: null,
  cancelledAt: null,
  ...overrides,
});
const payment: PaymentStart = {
  orderId: 'o1',
  provider: 'sandbox',
  codeUrl: 'http://localhost/pay/sandbox/o1/tok_tok_tok_tok_tok_tok',
  qrcodeUrl: '/api/home/qrcode?url=x',
  expiresAt: Date.now() + 1800_000,
};

let routes: Record<string, (init?: RequestInit) => Response>;
let fetchMock: ReturnType<typeof vi.fn>;
const calls = (method: string, url: string) =>
  fetchMock.mock.calls.filter(
    ([u, init]) =>
      String(u).split('?')[0] === url && ((init as RequestInit | undefined)?.method ?? 'GET') === method,
  );

beforeEach(() => {
  localStorage.clear();
  reloadAppSetting();
  resetBilling();
  setToken('tok', Date.now() + 3600_000);
  routes = {
    'GET /api/home/products': () => envelope(PRODUCTS),
    'GET /api/home/credits': () => envelope(account()),
    'GET /api/home/orders': () => envelope([]),
  };
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(url).split('?')[0]}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected ${key}`);
    return route(init);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the 订阅 dialog', () => {
  it('shows the balance, the free plan and the plans by period, Month first', async () => {
    render(<SubscribeDialog open onOpenChange={() => {}} />);
    expect(await screen.findByTestId('subscribe-balance')).toHaveProperty('textContent', '10');
    expect(screen.getByTestId('subscribe-plan').textContent).toBe('免费版');
    expect(screen.getByTestId('subscribe-dialog').style.width).toBe('1100px');
    expect(screen.getByTestId('subscribe-dialog').style.maxWidth).toBe('90vw');
    expect(screen.getByTestId('subscribe-period-Month').getAttribute('data-state')).toBe('active');
    expect(screen.getByTestId('product-card-basic').textContent).toContain('400 积分');
    expect(screen.getByTestId('product-card-basic').textContent).toContain('约可生成 200 组四宫格');
    expect(screen.getByTestId('product-card-pro').textContent).toContain('最划算');
    expect(screen.queryByTestId('product-card-day')).toBeNull();
    fireEvent.mouseDown(screen.getByTestId('subscribe-period-Day'));
    expect(await screen.findByTestId('product-card-day')).toBeTruthy();
  });

  it('buys a plan: shows the QR code and the sandbox link, then turns paid and shows the new balance', async () => {
    let status: Order['status'] = 'unpaid';
    routes['POST /api/home/order'] = () => envelope(order());
    routes['POST /api/home/pay/o1'] = () => envelope(payment);
    routes['GET /api/home/orders/o1'] = () => envelope(order({ status }));
    render(<SubscribeDialog open onOpenChange={() => {}} />);
    fireEvent.click(await screen.findByTestId('product-buy-basic'));

    const qr = await screen.findByTestId('payment-qr');
    expect(qr.getAttribute('src')).toBe(payment.qrcodeUrl);
    expect(screen.getByTestId('payment-sandbox-link').getAttribute('href')).toBe(payment.codeUrl);
    expect(screen.getByTestId('payment-panel').textContent).toContain('¥29.00');
    expect(JSON.parse(String((calls('POST', '/api/home/order')[0]![1] as RequestInit).body))).toEqual({
      productId: 'basic',
    });

    status = 'paid';
    routes['GET /api/home/credits'] = () =>
      envelope(
        account({
          balance: 410,
          plan: {
            productId: 'basic',
            name: 'Basic',
            period: 'Month',
            expiresAt: Date.now() + 30 * 86_400_000,
          },
        }),
      );
    await waitFor(
      () => expect(screen.getByTestId('payment-panel').getAttribute('data-status')).toBe('paid'),
      { timeout: 5000 },
    );
    await waitFor(() => expect(screen.getByTestId('subscribe-balance').textContent).toBe('410'));
    expect(screen.getByTestId('subscribe-plan').textContent).toBe('BASIC');
    expect(screen.getByTestId('payment-panel').textContent).toContain('已到账 400 积分');
    fireEvent.click(screen.getByTestId('payment-done'));
    expect(await screen.findByTestId('product-card-basic')).toBeTruthy();
  }, 15_000);

  it('cancels the order being paid and lists it as cancelled', async () => {
    routes['POST /api/home/order'] = () => envelope(order());
    routes['POST /api/home/pay/o1'] = () => envelope(payment);
    routes['POST /api/home/cancel-order/o1'] = () =>
      envelope(order({ status: 'cancelled', cancelledAt: Date.now() }));
    render(<SubscribeDialog open onOpenChange={() => {}} />);
    fireEvent.click(await screen.findByTestId('product-buy-basic'));
    fireEvent.click(await screen.findByTestId('payment-cancel'));
    await waitFor(() => expect(screen.queryByTestId('payment-panel')).toBeNull());
    const row = screen.getByTestId('order-row-o1');
    expect(row.getAttribute('data-status')).toBe('cancelled');
    expect(within(row).getByText('已取消')).toBeTruthy();
  });

  it('redeems a code and shows the new balance', async () => {
    routes['POST /api/home/redeem/ABCD-EFGH-JKLM-NPQR'] = () =>
      envelope({ kind: 'credits', credits: 50, plan: null, balance: 60 });
    render(<SubscribeDialog open onOpenChange={() => {}} />);
    const input = await screen.findByTestId('redeem-input');
    fireEvent.change(input, { target: { value: 'ABCD-EFGH-JKLM-NPQR' } });
    routes['GET /api/home/credits'] = () => envelope(account({ balance: 60 }));
    fireEvent.click(screen.getByTestId('redeem-submit'));
    await waitFor(() => expect(screen.getByTestId('subscribe-balance').textContent).toBe('60'));
    expect(notify.success).toHaveBeenCalledWith('兑换成功，已到账 50 积分');
    // The code box empties once the redeem call has settled (after the balance refresh).
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
  });
});

describe('a refusal for lack of credits', () => {
  it('offers the 订阅 dialog on its error toast, wherever the call came from', async () => {
    await import('./creditsPrompt');
    routes['POST /api/mj/submit/imagine/c1'] = () =>
      new Response(
        JSON.stringify({
          code: 402,
          message: '积分不足',
          data: null,
          success: false,
          reason: 'insufficient_credits',
        }),
        { status: 402, headers: { 'Content-Type': 'application/json' } },
      );
    await expect(
      call(api.tasks.imagine, { params: { channelId: 'c1' }, body: { prompt: 'x' } }),
    ).rejects.toThrow('积分不足');
    const [message, action] = vi.mocked(notify.error).mock.calls[0]! as unknown as [
      string,
      { label: string; onClick: () => void },
    ];
    expect(message).toBe('积分不足');
    expect(action.label).toBe('去订阅');
    drawDialogs.subscribe = false;
    action.onClick();
    expect(drawDialogs.subscribe).toBe(true);
    // The meter was behind (spent elsewhere): the account is read again.
    await waitFor(() => expect(billingStore.account?.balance).toBe(10));
    expect(calls('GET', '/api/home/credits').length).toBe(1);
  });
});
