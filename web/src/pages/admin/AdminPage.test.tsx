// @vitest-environment jsdom
import '../../test/dom';
import '../../i18n';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../router';
import { authStore, setToken } from '../../stores/auth';
import { setUserInfo } from '../../stores/userInfo';
import { envelope } from '../../test/dom';
import { TaskAction, TaskStatus } from '@draw/shared';
import { makeTask } from '../draw/feed/fixtures';

vi.mock('../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

type Handler = (url: string, init: RequestInit) => Response | undefined;
let handlers: Handler[];
let fetchMock: ReturnType<typeof vi.fn>;
let isAdmin: boolean;

const refusal = (status: number, message: string) =>
  new Response(JSON.stringify({ code: status, message, reason: 'conflict', data: null, success: false }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const user = {
  id: 'u2',
  phone: '13800000000',
  email: '',
  name: 'Bo',
  avatar: '',
  isAdmin: false,
  createdAt: 1_700_000_000_000,
  disabledReason: null,
  disabledAt: null,
  pausedUntil: null,
};

function answer(url: string, init: RequestInit): Response {
  for (const handler of handlers) {
    const found = handler(url, init);
    if (found) return found;
  }
  if (url.startsWith('/api/home/index'))
    return envelope({ id: 'u1', name: 'Ada', avatar: '', isAdmin, auth: true, theme: 'light' });
  if (url.startsWith('/api/home/company-info'))
    return envelope({
      name: 'Pixel',
      description: '',
      keywords: '',
      isShowChatGPT: false,
      isShowDiscord: true,
    });
  if (url.startsWith('/api/admin/overview'))
    return envelope({
      days: 14,
      tasksByDay: [],
      failuresByCode: [],
      newUsersByDay: [],
      creditsSpentByDay: [],
      revenueByDay: [],
      queue: [{ engine: 'builtin', waiting: 2, running: 1 }],
    });
  return envelope(null);
}

function start(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

const adminCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/admin/'));
/** The body of the first call to `url` that sent one. */
const bodyOf = (url: string) => {
  const sent = fetchMock.mock.calls.find(([called, init]) => called === url && (init as RequestInit)?.body);
  return JSON.parse(String((sent?.[1] as RequestInit).body)) as unknown;
};

// The console is a lazy chunk: load its modules once up front so each test's screen comes at once.
beforeAll(async () => {
  await Promise.all([
    import('./AdminPage'),
    import('./screens/OverviewCharts'),
    import('../errors/NotFoundPage'),
  ]);
}, 60_000);

beforeEach(() => {
  localStorage.clear();
  authStore.token = null;
  handlers = [];
  isAdmin = true;
  fetchMock = vi.fn(async (url: string, init: RequestInit) => answer(url, init ?? {}));
  vi.stubGlobal('fetch', fetchMock);
  setToken('tok', Date.now() + 60_000);
});
afterEach(() => vi.unstubAllGlobals());

/** A monthly plan on sale, as the products route lists it. */
function monthlyPlan(fields: {
  name: string;
  translations?: Record<string, { name: string; description: string }>;
}) {
  return {
    id: 'month-basic',
    description: '',
    price: 990,
    currency: 'CNY',
    period: 'Month',
    credits: 300,
    sort: 0,
    enabled: true,
    translations: {},
    createdAt: 1,
    updatedAt: 1,
    ...fields,
  };
}

describe('/admin', () => {
  it('shows the 404 page to someone who is not an admin, and asks the console nothing', async () => {
    isAdmin = false;
    setUserInfo({ isAdmin: false });
    start('/admin/users');
    // The first screen of the file: its modules are still being transformed.
    expect(await screen.findByTestId('error-home', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('admin-page')).toBeNull();
    expect(adminCalls()).toEqual([]);
  });

  it('shows an admin every screen in its navigation, and the live queue on the overview', async () => {
    setUserInfo({ isAdmin: true });
    start('/admin');
    const nav = await screen.findByRole('navigation', { name: '后台导航' });
    for (const name of [
      '概览',
      '用户',
      '订单',
      '套餐与价格',
      '兑换码',
      '频道',
      '任务',
      '引擎',
      '站点信息',
      '公告',
      '操作日志',
      '违禁词',
      '命中记录',
      '举报',
    ])
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    const queue = await screen.findByTestId('admin-queue');
    // The engine by its name in the reader's language, not its id.
    expect(within(queue).getByText('内置草图引擎')).toBeTruthy();
    expect(within(queue).queryByText('builtin')).toBeNull();
    expect(within(queue).getByText('2')).toBeTruthy();
  });

  it('adds a banned word, and shows a refusal in the server’s words without adding a row', async () => {
    setUserInfo({ isAdmin: true });
    let words = [{ id: 'w1', word: '苹果', normalized: '苹果', createdAt: 1, createdBy: 'u1' }];
    handlers.push((url, init) => {
      if (url !== '/api/admin/banned-words') return undefined;
      if (init.method !== 'POST') return envelope(words);
      const { word } = JSON.parse(String(init.body)) as { word: string };
      if (words.some((w) => w.word === word)) return refusal(409, `违禁词「${word}」已在列表中`);
      const added = { id: `w${words.length + 1}`, word, normalized: word, createdAt: 2, createdBy: 'u1' };
      words = [added, ...words];
      return envelope(added);
    });
    start('/admin/banned-words');
    expect(await screen.findAllByTestId('admin-banned-words-row')).toHaveLength(1);

    fireEvent.change(screen.getByTestId('admin-banned-word'), { target: { value: '香蕉' } });
    fireEvent.click(screen.getByTestId('admin-banned-word-add'));
    await waitFor(() => expect(screen.getAllByTestId('admin-banned-words-row')).toHaveLength(2));
    expect(bodyOf('/api/admin/banned-words')).toEqual({ word: '香蕉' });

    fireEvent.change(screen.getByTestId('admin-banned-word'), { target: { value: '苹果' } });
    fireEvent.click(screen.getByTestId('admin-banned-word-add'));
    expect((await screen.findByRole('alert')).textContent).toBe('违禁词「苹果」已在列表中');
    expect(screen.getAllByTestId('admin-banned-words-row')).toHaveLength(2);
  });

  it('adjusts a person’s credits only with a reason, and shows the new balance and ledger entry', async () => {
    setUserInfo({ isAdmin: true });
    handlers.push((url, init) => {
      if (url === '/api/admin/users/u2')
        return envelope({
          user,
          balance: 10,
          free: 0,
          plan: null,
          ledger: [],
          orders: [],
          channels: [],
          tasks: [],
          moderation: { pausedUntil: null, recentHits: 0, pauses: 0 },
        });
      if (url === '/api/admin/users/u2/credits' && init.method === 'POST')
        return envelope({
          balance: 60,
          entry: {
            id: 'l1',
            kind: 'adjust',
            delta: 50,
            balanceAfter: 60,
            at: 2,
            taskId: null,
            orderId: null,
            code: null,
            note: 'refund for a bad draw',
          },
        });
      return undefined;
    });
    start('/admin/users/u2');
    expect((await screen.findByTestId('admin-user-balance')).textContent).toBe('10');

    fireEvent.change(screen.getByTestId('admin-credits-delta'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('admin-credits-apply'));
    expect((await screen.findByRole('alert')).textContent).toBe('请填写原因');
    expect(adminCalls().some(([url]) => url === '/api/admin/users/u2/credits')).toBe(false);

    fireEvent.change(screen.getByTestId('admin-credits-reason'), {
      target: { value: 'refund for a bad draw' },
    });
    fireEvent.click(screen.getByTestId('admin-credits-apply'));
    await waitFor(() => expect(screen.getByTestId('admin-user-balance').textContent).toBe('60'));
    expect(bodyOf('/api/admin/users/u2/credits')).toEqual({ delta: 50, reason: 'refund for a bad draw' });
    expect(within(screen.getByTestId('admin-user-ledger')).getByText('refund for a bad draw')).toBeTruthy();
  });

  it('disables an account only after the dialog names the action and a reason is given', async () => {
    setUserInfo({ isAdmin: true });
    handlers.push((url, init) => {
      if (url === '/api/admin/users/u2')
        return envelope({
          user,
          balance: 0,
          free: 0,
          plan: null,
          ledger: [],
          orders: [],
          channels: [],
          tasks: [],
          moderation: { pausedUntil: null, recentHits: 0, pauses: 0 },
        });
      if (url === '/api/admin/users/u2/disable' && init.method === 'POST')
        return envelope({ ...user, disabledAt: 3, disabledReason: 'spam' });
      return undefined;
    });
    start('/admin/users/u2');
    fireEvent.click(await screen.findByTestId('admin-user-disable'));
    const dialog = await screen.findByRole('dialog', { name: '停用 Bo 的账号？' });
    const confirm = within(dialog).getByTestId('admin-user-disable-confirm');
    expect(confirm.textContent).toBe('停用账号');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(within(dialog).getByTestId('admin-user-disable-reason'), { target: { value: 'spam' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf('/api/admin/users/u2/disable')).toEqual({ reason: 'spam' });
    expect(await screen.findByText('已停用')).toBeTruthy();
    expect(screen.getByTestId('admin-user-enable')).toBeTruthy();
  });

  it('names statuses, kinds, engines and actions in the reader’s language, never by their codes', async () => {
    setUserInfo({ isAdmin: true });
    const task = makeTask({
      id: 't1',
      action: TaskAction.Upscale,
      status: TaskStatus.Success,
      engine: 'builtin',
      prompt: 'a lighthouse',
      properties: { ...makeTask().properties, index: 2 },
    });
    handlers.push((url) => {
      if (url === '/api/admin/users/u2')
        return envelope({
          user,
          balance: 10,
          free: 0,
          plan: null,
          ledger: [
            {
              id: 'l1',
              kind: 'adjust',
              delta: 5,
              balanceAfter: 10,
              at: 2,
              taskId: null,
              orderId: null,
              code: null,
              note: 'goodwill',
            },
          ],
          orders: [],
          channels: [],
          tasks: [
            { task, author: { id: 'u2', name: 'Bo' }, channel: { id: 'c1', title: 'room' }, hidden: false },
          ],
          moderation: { pausedUntil: null, recentHits: 0, pauses: 0 },
        });
      return undefined;
    });
    start('/admin/users/u2');
    const ledger = await screen.findByTestId('admin-user-ledger');
    expect(within(ledger).getByText('管理员调整')).toBeTruthy();
    expect(within(ledger).queryByText('adjust')).toBeNull();
    fireEvent.mouseDown(screen.getByRole('tab', { name: /任务/ }));
    expect(await screen.findByText('放大（第 2 张）')).toBeTruthy();
    expect(screen.getByText('成功')).toBeTruthy();
    expect(screen.queryByText('SUCCESS')).toBeNull();
    expect(screen.queryByText('UPSCALE')).toBeNull();
  });

  it('names each audit line’s action in the reader’s language', async () => {
    setUserInfo({ isAdmin: true });
    handlers.push((url) =>
      url.startsWith('/api/admin/audit')
        ? envelope({
            items: [
              {
                id: 'a1',
                at: 3,
                admin: { id: 'u1', name: 'Ada' },
                action: 'users.credits',
                target: 'u2',
                before: null,
                after: { delta: 5 },
              },
            ],
            nextCursor: null,
          })
        : undefined,
    );
    start('/admin/audit');
    expect(await screen.findByText('调整积分')).toBeTruthy();
    expect(screen.queryByText('users.credits')).toBeNull();
  });

  it('mints a batch that grants a plan, for several people per code, until a chosen day', async () => {
    setUserInfo({ isAdmin: true });
    const product = monthlyPlan({ name: '基础月卡' });
    handlers.push((url, init) => {
      if (url === '/api/admin/products')
        return envelope([product, { ...product, id: 'old-plan', name: '旧套餐', enabled: false }]);
      if (url === '/api/admin/codes' && init.method === 'POST')
        return envelope({ batchId: 'b-1', codes: ['AAAA-BBBB'] });
      if (url.startsWith('/api/admin/codes')) return envelope({ items: [], nextCursor: null });
      return undefined;
    });
    start('/admin/codes');
    const grants = await screen.findByTestId('admin-codes-grants');
    fireEvent.pointerDown(grants, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    // Only what is on sale can be granted.
    expect(screen.queryByRole('option', { name: '套餐：旧套餐' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: '套餐：基础月卡' }));
    fireEvent.change(screen.getByTestId('admin-codes-uses'), { target: { value: '5' } });
    const today = new Date();
    const inTenDays = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 10);
    const day = `${inTenDays.getFullYear()}-${String(inTenDays.getMonth() + 1).padStart(2, '0')}-${String(
      inTenDays.getDate(),
    ).padStart(2, '0')}`;
    fireEvent.change(screen.getByTestId('admin-codes-expires'), { target: { value: day } });
    fireEvent.click(screen.getByTestId('admin-codes-mint'));
    await waitFor(() =>
      expect(bodyOf('/api/admin/codes')).toEqual({
        count: 10,
        productId: 'month-basic',
        uses: 5,
        expiresDays: 10,
      }),
    );
  });

  it('lists what each code grants and where it stands in the reader’s language', async () => {
    setUserInfo({ isAdmin: true });
    const product = monthlyPlan({
      name: 'Basic',
      translations: { 'zh-CN': { name: '基础月卡', description: '' } },
    });
    const code = (id: string, grants: object, state: string) => ({
      code: id,
      batchId: 'b-1',
      grants,
      uses: 0,
      maxUses: 1,
      expiresAt: null,
      createdAt: 1,
      note: '',
      state,
    });
    handlers.push((url) => {
      if (url === '/api/admin/products') return envelope([product]);
      if (url.startsWith('/api/admin/codes'))
        return envelope({
          items: [
            code('AAAA-BBBB-CCCC-DDDD', { kind: 'credits', credits: 1500, productId: null }, 'unused'),
            code('EEEE-FFFF-GGGG-HHHH', { kind: 'plan', credits: 300, productId: 'month-basic' }, 'revoked'),
          ],
          nextCursor: null,
        });
      return undefined;
    });
    start('/admin/codes');
    expect(await screen.findByText('1,500 积分')).toBeTruthy();
    expect(await screen.findByText('套餐：基础月卡 · 300 积分 · 有效期 30 天')).toBeTruthy();
    expect(screen.getByText('已作废')).toBeTruthy();
    expect(screen.queryByText(/credits/)).toBeNull();
  });

  it('says a search window held no match yet and lets the next page search older people', async () => {
    setUserInfo({ isAdmin: true });
    handlers.push((url) => {
      if (!url.startsWith('/api/admin/users')) return undefined;
      // The first window (newest people) holds no match; the next one does.
      return url.includes('cursor=')
        ? envelope({ items: [user], nextCursor: null })
        : envelope({ items: [], nextCursor: '1700000000000.u9' });
    });
    start('/admin/users');
    expect(
      await screen.findByText('较新的用户中没有匹配的人，点「下一页」继续在更早注册的用户中查找'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByRole('link', { name: 'Bo' })).toBeTruthy();
  });

  it('shows a list’s failure in place with a way to try again', async () => {
    setUserInfo({ isAdmin: true });
    let fail = true;
    handlers.push((url) => {
      if (!url.startsWith('/api/admin/users?') && url !== '/api/admin/users') return undefined;
      return fail ? refusal(503, '存储暂不可用') : envelope({ items: [user], nextCursor: null });
    });
    start('/admin/users');
    expect((await screen.findByRole('alert')).textContent).toContain('存储暂不可用');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: 'Bo' })).toBeTruthy();
  });
});
