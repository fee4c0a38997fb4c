// @vitest-environment jsdom
import '../../test/dom';
import '../../i18n';
import { StorageKeys } from '@draw/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../test/dom';
import { notify } from '../../lib/notify';
import { useLanguageSync } from '../../hooks/useLanguageSync';
import i18n from '../../i18n';
import { appSettingStore, reloadAppSetting } from '../../stores/appSetting';
import { authStore } from '../../stores/auth';
import { endAccountSession } from '../../stores/session';
import { userInfoStore } from '../../stores/userInfo';
import { LoginPage } from './LoginPage';

vi.mock('../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** The login page as the app shows it: the root layout keeps i18next on the chosen language. */
function LoginScreen() {
  useLanguageSync();
  return <LoginPage />;
}

/** The login page; someone who signed in in this browser before unless `newcomer`. */
function renderLogin(entry = '/login?redirect=%2Fdraw%2Fc2', { newcomer = false } = {}) {
  if (!newcomer) localStorage.setItem('signedInBefore', JSON.stringify({ data: true, expire: null }));
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/login" element={<LoginScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const answer = {
  token: 'tok-9',
  expiresAt: Date.now() + 3600_000,
  user: {
    id: 'u1',
    avatar: '/a.png',
    phone: '13800138000',
    email: '',
    name: 'Ada',
    description: 'hi',
    nijiRemix: false,
    mjRemix: false,
    theme: 'dark',
    isAdmin: false,
  },
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  reloadAppSetting();
  void i18n.changeLanguage(appSettingStore.language);
  endAccountSession();
  authStore.token = null;
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** A refusal as the server sends it: its own HTTP status (unless told) and the failure envelope. */
function refusal(code: number, message: string, reason: string, status = code): Response {
  return new Response(JSON.stringify({ code, message, data: null, success: false, reason }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('login screen', () => {
  it('needs the agreement ticked, with an inline error', async () => {
    renderLogin();
    fireEvent.change(screen.getByTestId('login-account'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请先阅读并同意用户协议和隐私政策')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows inline field errors', async () => {
    renderLogin();
    fireEvent.click(screen.getByTestId('login-agree'));
    fireEvent.change(screen.getByTestId('login-account'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('手机号或邮箱格式不正确')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByTestId('login-account').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in with a password, keeps the token and user, and follows `redirect`', async () => {
    fetchMock.mockResolvedValue(envelope(answer));
    renderLogin();
    fireEvent.change(screen.getByLabelText('手机号或邮箱'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('login-agree'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/draw/c2'));

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/login/login');
    expect(JSON.parse(String(init.body))).toEqual({
      loginType: 'Password',
      account: 'ada@example.com',
      password: 'secret1',
    });
    expect(authStore.token).toBe('tok-9');
    expect(JSON.parse(localStorage.getItem(StorageKeys.auth)!).expire).toBe(answer.expiresAt);
    expect(userInfoStore.name).toBe('Ada');
  });

  it('goes to /draw when there is no redirect', async () => {
    fetchMock.mockResolvedValue(envelope(answer));
    renderLogin('/login');
    fireEvent.change(screen.getByTestId('login-account'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('login-agree'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/draw'));
  });

  it('sends a code, shows the development code and fills it in, then signs in with Captcha', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.startsWith('/api/login/send-login-code')
        ? envelope({ resendAfter: 60, devCode: '482913' })
        : envelope(answer),
    );
    renderLogin();
    fireEvent.mouseDown(screen.getByTestId('login-tab-code'), { button: 0 });
    fireEvent.change(await screen.findByTestId('login-phone'), { target: { value: '13800138000' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-send-code'));
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/login/send-login-code?phone=13800138000');
    const banner = await screen.findByTestId('login-dev-code');
    expect(banner.textContent).toContain('482913');
    expect(screen.getByTestId('login-send-code').textContent).toMatch(/秒后重发/);
    expect((screen.getByTestId('login-send-code') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '将验证码填入输入框' }));
    expect((screen.getByTestId('login-code') as HTMLInputElement).value).toBe('482913');

    fireEvent.click(screen.getByTestId('login-agree'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/draw/c2'));
    const [, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      loginType: 'Captcha',
      account: '13800138000',
      code: '482913',
    });
  });

  it('resets a forgotten password and comes back to sign in with the phone filled in', async () => {
    fetchMock.mockResolvedValue(envelope(null));
    renderLogin();
    fireEvent.click(screen.getByTestId('login-forgot'));
    fireEvent.change(screen.getByTestId('forgot-phone'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByTestId('forgot-code'), { target: { value: '123456' } });
    fireEvent.change(screen.getByTestId('forgot-password'), { target: { value: 'newsecret' } });
    fireEvent.click(screen.getByTestId('forgot-submit'));
    await waitFor(() => expect(screen.getByTestId('login-account')).toBeTruthy());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/login/forget-reset-pwd');
    expect(JSON.parse(String(init.body))).toEqual({
      phone: '13800138000',
      code: '123456',
      password: 'newsecret',
    });
    expect((screen.getByTestId('login-account') as HTMLInputElement).value).toBe('13800138000');
  });

  it('shows a wrong password inline as well, until the user edits', async () => {
    fetchMock.mockResolvedValue(refusal(400, '账号或密码错误', 'bad_request'));
    renderLogin();
    fireEvent.change(screen.getByTestId('login-account'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'wrongpass' } });
    fireEvent.click(screen.getByTestId('login-agree'));
    fireEvent.click(screen.getByTestId('login-submit'));
    const inline = await screen.findByTestId('login-server-error');
    expect(inline.getAttribute('role')).toBe('alert');
    expect(inline.textContent).toBe('账号或密码错误');
    expect(authStore.token).toBeNull();

    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'wrongpass2' } });
    expect(screen.queryByTestId('login-server-error')).toBeNull();
  });

  it('shows a refused code login (too many attempts) inline', async () => {
    fetchMock.mockResolvedValue(refusal(429, '尝试次数过多，请 3600 秒后再试', 'rate_limited'));
    renderLogin();
    fireEvent.mouseDown(screen.getByTestId('login-tab-code'), { button: 0 });
    fireEvent.change(await screen.findByTestId('login-phone'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByTestId('login-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('login-agree'));
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('尝试次数过多，请 3600 秒后再试');
    fireEvent.change(screen.getByTestId('login-code'), { target: { value: '654321' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['its own status', 404],
    ['HTTP 200', 200],
  ])('keeps the reset form open with the error inline when the phone is unknown (%s)', async (_, status) => {
    fetchMock.mockResolvedValue(refusal(404, '该手机号未注册', 'not_found', status));
    renderLogin();
    fireEvent.click(screen.getByTestId('login-forgot'));
    fireEvent.change(screen.getByTestId('forgot-phone'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByTestId('forgot-code'), { target: { value: '123456' } });
    fireEvent.change(screen.getByTestId('forgot-password'), { target: { value: 'newsecret' } });
    fireEvent.click(screen.getByTestId('forgot-submit'));
    const inline = await screen.findByTestId('forgot-server-error');
    expect(inline.getAttribute('role')).toBe('alert');
    expect(inline.textContent).toBe('该手机号未注册');
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.queryByTestId('login-account')).toBeNull();

    fireEvent.change(screen.getByTestId('forgot-code'), { target: { value: '654321' } });
    expect(screen.queryByTestId('forgot-server-error')).toBeNull();
  });

  it('greets a first visit with sign-up by code, saying which tab signs up and which signs in', async () => {
    renderLogin('/login', { newcomer: true });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('注册或登录');
    expect(screen.getByText(/第一次来？/)).toBeTruthy();
    expect(screen.getByTestId('login-tab-code').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('login-tab-code').textContent).toBe('注册 / 验证码登录');
    expect(screen.getByTestId('login-submit').textContent).toBe('注册 / 登录');
    expect((screen.getByTestId('login-phone-country') as HTMLSelectElement).value).toBe('CN');
    fireEvent.mouseDown(screen.getByTestId('login-tab-password'), { button: 0 });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('欢迎回来！'));
  });

  it('signs up by email code', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.startsWith('/api/login/send-login-code')
        ? envelope({ resendAfter: 60, devCode: '314159' })
        : envelope({ ...answer, user: { ...answer.user, phone: '', email: 'ada@example.com' } }),
    );
    renderLogin('/login', { newcomer: true });
    fireEvent.click(screen.getByLabelText('邮箱'));
    fireEvent.click(screen.getByTestId('login-send-code'));
    expect(await screen.findByText('请输入邮箱地址')).toBeTruthy();
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'ada@' } });
    fireEvent.click(screen.getByTestId('login-send-code'));
    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('login-email'), { target: { value: ' ada@example.com ' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-send-code'));
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/login/send-login-code?email=ada%40example.com');
    fireEvent.click(await screen.findByRole('button', { name: '将验证码填入输入框' }));
    fireEvent.click(screen.getByTestId('login-agree'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/draw'));
    const [, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      loginType: 'Captcha',
      account: 'ada@example.com',
      code: '314159',
    });
    expect(JSON.parse(localStorage.getItem('signedInBefore')!).data).toBe(true);
  });

  it('sends a number abroad in E.164, picked by country or typed with its + code', async () => {
    fetchMock.mockResolvedValue(envelope({ resendAfter: 60 }));
    renderLogin('/login', { newcomer: true });
    fireEvent.change(screen.getByTestId('login-phone-country'), { target: { value: 'GB' } });
    fireEvent.change(screen.getByTestId('login-phone'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByTestId('login-send-code'));
    expect(await screen.findByText('手机号格式不正确')).toBeTruthy();
    fireEvent.change(screen.getByTestId('login-phone'), { target: { value: '07911 123456' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-send-code'));
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/login/send-login-code?phone=%2B447911123456');
  });

  it('takes a number typed with its + code whatever the picker says', async () => {
    fetchMock.mockResolvedValue(envelope({ resendAfter: 60 }));
    renderLogin('/login', { newcomer: true });
    fireEvent.change(screen.getByTestId('login-phone'), { target: { value: '+1 415 555 0123' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-send-code'));
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/login/send-login-code?phone=%2B14155550123');
  });

  it('offers the three languages from a globe menu; English switches the page at once and is kept', async () => {
    renderLogin();
    const menu = screen.getByRole('button', { name: '切换语言: 简体中文' });
    fireEvent.keyDown(menu, { key: 'Enter' });
    const options = await screen.findAllByRole('menuitemradio');
    expect(options.map((option) => option.textContent)).toEqual(['简体中文', 'English', '繁體中文']);
    fireEvent.click(screen.getByTestId('language-menu-en-US'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome back!'));
    expect(screen.getByRole('button', { name: 'Change language: English' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('appSetting')!).data.language).toBe('en-US');
  });

  it('applies the language and theme the account saved on another device at sign-in', async () => {
    fetchMock.mockResolvedValue(
      envelope({ ...answer, user: { ...answer.user, theme: 'light', language: 'en-US' } }),
    );
    renderLogin();
    expect(appSettingStore).toMatchObject({ theme: 'dark', language: 'zh-CN' });
    fireEvent.change(screen.getByTestId('login-account'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('login-agree'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/draw/c2'));
    expect(appSettingStore).toMatchObject({ theme: 'light', language: 'en-US' });
    expect(JSON.parse(localStorage.getItem('appSetting')!).data).toMatchObject({
      theme: 'light',
      language: 'en-US',
    });
  });
});
