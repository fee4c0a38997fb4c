// @vitest-environment jsdom
import '../../../test/dom';
import i18n from '../../../i18n';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../test/dom';
import { removeToken, setToken } from '../../../stores/auth';
import { getLiveConnection, liveStore } from '../../../live/connection';
import type { FakeSocket } from '../../../test/fakeSocket';
import { CONNECTING_GRACE_MS, ConnectionBanner, RECONNECTED_MS, bannerView } from './ConnectionBanner';

const ioSockets = vi.hoisted(() => [] as unknown[]);
vi.mock('socket.io-client', async () => {
  const { FakeSocket: Fake } = await import('../../../test/fakeSocket');
  return {
    io: (options: never) => {
      const socket = new Fake(undefined, options);
      ioSockets.push(socket);
      return socket;
    },
  };
});

const socket = () => ioSockets[0] as FakeSocket;
const banner = () => screen.getByTestId('live-status');
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('bannerView', () => {
  it('hides while live and during the first moments of a first connection', () => {
    expect(bannerView('live', true, false)).toBe('hidden');
    expect(bannerView('connecting', false, false)).toBe('hidden');
    expect(bannerView('idle', true, false)).toBe('hidden');
    expect(bannerView('connecting', true, false)).toBe('connecting');
    expect(bannerView('reconnecting', false, false)).toBe('reconnecting');
    expect(bannerView('offline', false, false)).toBe('offline');
    expect(bannerView('refused', false, false)).toBe('refused');
    expect(bannerView('live', true, true)).toBe('reconnected');
  });
});

describe('ConnectionBanner with the tab’s connection', () => {
  beforeAll(() => {
    setToken('token-1');
    let issued = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelope({ url: '', path: '/socket.io', ticket: `t${++issued}`, expiresAt: Date.now() + 600_000 }),
      ),
    );
  });
  afterAll(() => {
    removeToken();
    vi.unstubAllGlobals();
  });
  beforeEach(() => vi.useFakeTimers());
  afterEach(async () => {
    vi.useRealTimers();
    await i18n.changeLanguage('zh-CN');
  });

  it('says the link dropped, reconnects at once on "Reconnect now", then says reconnected and goes away', async () => {
    await i18n.changeLanguage('en-US');
    render(<ConnectionBanner />);
    const connection = getLiveConnection();
    await act(async () => connection.start());
    await advance(0);
    await act(() => socket().accept());
    expect(banner().getAttribute('data-view')).toBe('hidden');
    expect(banner().className).toContain('sr-only');

    await act(async () => socket().drop());
    expect(banner().getAttribute('role')).toBe('status');
    expect(banner().getAttribute('aria-live')).toBe('polite');
    expect(banner().textContent).toContain('Connection lost. Reconnecting…');
    // The first retry fails (server still down): the next one is a second away.
    await advance(700);
    await act(() => socket().refuse(null));
    await advance(10);
    expect(socket().attempting).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Reconnect now' }));
    await advance(0);
    expect(socket().attempting).toBe(true);
    await act(() => socket().accept());
    expect(liveStore.status).toBe('live');
    expect(banner().textContent).toContain('Reconnected');
    expect(screen.queryByRole('button', { name: 'Reconnect now' })).toBeNull();
    await advance(RECONNECTED_MS);
    expect(banner().getAttribute('data-view')).toBe('hidden');
  });

  it('offers a reload, not a reconnect, when the server refused this page’s version', async () => {
    render(<ConnectionBanner />);
    await act(async () => {
      liveStore.status = 'refused';
    });
    expect(banner().textContent).toContain('请刷新页面');
    expect(screen.getByTestId('connection-reload')).toBeTruthy();
    expect(screen.queryByTestId('connection-reconnect')).toBeNull();
  });

  it('shows a first connection only once it takes a while', async () => {
    render(<ConnectionBanner />);
    await act(async () => {
      liveStore.status = 'connecting';
    });
    expect(banner().getAttribute('data-view')).toBe('hidden');
    await advance(CONNECTING_GRACE_MS);
    expect(banner().textContent).toContain('正在连接服务器');
  });
});
