// @vitest-environment jsdom
import '../test/dom';
import '../i18n';
import { render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, setToken } from '../stores/auth';
import { sessionStore } from '../stores/session';
import { userInfoStore } from '../stores/userInfo';
import { envelope } from '../test/dom';
import { AppRoutes } from './index';

vi.mock('../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const company = {
  name: 'Pixel Guild',
  description: 'Draw together',
  keywords: 'ai,draw',
  isShowChatGPT: false,
  isShowDiscord: true,
  engineFeatures: [],
  translatesPrompts: false,
};
let session: Record<string, unknown>;
let fetchMock: ReturnType<typeof vi.fn>;

/** Renders the app's routes at `path`; `state.location` follows where the router is. */
function start(path: string) {
  const router = {
    state: { location: { pathname: path, search: '' } as Pick<Location, 'pathname' | 'search'> },
  };
  function Where() {
    const location = useLocation();
    useEffect(() => {
      router.state.location = location;
    }, [location]);
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <Where />
    </MemoryRouter>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  authStore.token = null;
  sessionStore.theme = null;
  session = {
    id: 'u1',
    name: 'Ada',
    avatar: '',
    phone: '',
    email: '',
    description: '',
    nijiRemix: false,
    mjRemix: false,
    theme: 'light',
    isAdmin: false,
    auth: true,
  };
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/home/company-info') return envelope(company);
    if (url === '/api/home/index') return envelope(session);
    if (url === '/api/draw/channels') return envelope([]);
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const sessionCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/home/index').length;

describe('routes', () => {
  it('sends / to /draw, and /draw without a token to /login?redirect=', async () => {
    const router = start('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/draw')}`);
  });

  it('keeps the path of a protected screen in the redirect', async () => {
    const router = start('/draw/c42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/draw/c42')}`);
  });

  it('shows an invite to a visitor without sending them to log in first', async () => {
    const router = start('/invite/ABC123');
    expect((await screen.findByTestId('invite-page')).getAttribute('data-invite-code')).toBe('ABC123');
    expect(router.state.location.pathname).toBe('/invite/ABC123');
  });

  it('sends /chat to /chat/index', async () => {
    setToken('tok', Date.now() + 60_000);
    const router = start('/chat');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/index'));
    expect(await screen.findByTestId('sidebar')).toBeTruthy();
  });

  it('sends unknown paths to /404', async () => {
    const router = start('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByTestId('error-home')).toBeTruthy();
  });

  it('shows the invite placeholder to a signed-in user', async () => {
    setToken('tok', Date.now() + 60_000);
    start('/invite/ABC123');
    expect((await screen.findByTestId('invite-page')).getAttribute('data-invite-code')).toBe('ABC123');
  });

  it('refreshes the session on guarded paths, keeping the user and the session theme', async () => {
    setToken('tok', Date.now() + 60_000);
    start('/draw');
    await waitFor(() => expect(sessionCalls()).toBe(1));
    await waitFor(() => expect(userInfoStore.name).toBe('Ada'));
    expect(sessionStore.theme).toBe('light');
  });

  it.each([
    ['/login', 'login-submit'],
    ['/privacy-policy', 'privacy-policy'],
    ['/user-agreement', 'user-agreement'],
  ])('does not refresh the session on %s', async (path, testId) => {
    setToken('tok', Date.now() + 60_000);
    start(path);
    expect(await screen.findByTestId(testId)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sessionCalls()).toBe(0);
  });

  it('refreshes the session on the error pages too', async () => {
    setToken('tok', Date.now() + 60_000);
    start('/404');
    await waitFor(() => expect(sessionCalls()).toBe(1));
  });

  it('drops the token when the session says auth is false, which sends the user to /login', async () => {
    session = { auth: false };
    setToken('tok', Date.now() + 60_000);
    const router = start('/draw/c1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/draw/c1')}`);
    expect(authStore.token).toBeNull();
  });

  it('sends /500 to the root when the session refresh fails', async () => {
    setToken('tok', Date.now() + 60_000);
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/home/index') throw new TypeError('network down');
      if (url === '/api/home/company-info') return envelope(company);
      return envelope([]);
    });
    const router = start('/500');
    await waitFor(() => expect(router.state.location.pathname).toBe('/draw'));
  });

  it('puts the company info into the title and meta tags', async () => {
    start('/privacy-policy');
    await waitFor(() => expect(document.title).toBe('Pixel Guild'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Draw together',
    );
    expect(document.head.querySelector('meta[name="keywords"]')?.getAttribute('content')).toBe('ai,draw');
    expect(screen.getAllByText(/Pixel Guild/).length).toBeGreaterThan(1);
  });
});
