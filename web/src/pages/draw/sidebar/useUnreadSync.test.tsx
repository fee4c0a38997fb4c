// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import type { Channel, ChannelUnread } from '@draw/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import type * as Connection from '../../../live/connection';
import type { LiveConnectionListener } from '../../../live/connection';
import { setAppTitle } from '../../../lib/pageTitle';
import { channelsStore } from '../../../stores/channels';
import { chatStore } from '../../../stores/chat';
import { resetUnread, unreadStore } from '../../../stores/unread';
import { envelope } from '../../../test/dom';
import { useUnreadSync } from './useUnreadSync';

/** The tab's connection, reduced to its listeners: the test plays the server's notices. */
const listeners = new Set<LiveConnectionListener>();
vi.mock('../../../live/connection', async (importOriginal) => ({
  ...(await importOriginal<typeof Connection>()),
  getLiveConnection: () => ({
    listen: (listener: LiveConnectionListener) => (listeners.add(listener), () => listeners.delete(listener)),
  }),
}));
const notify = (call: (listener: LiveConnectionListener) => void) => act(() => listeners.forEach(call));

const channel = (id: string, title: string): Channel => ({
  id,
  title,
  isBan: false,
  isCreator: false,
  creatorId: 'o',
  memberCount: 2,
  createdAt: 1,
  engine: null,
});
let server: ChannelUnread[];
let fetchMock: ReturnType<typeof vi.fn>;
let focused: boolean;

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  setAppTitle('Pixel Guild');
  channelsStore.items = [channel('c1', 'lobby'), channel('c2', 'studio')];
  channelsStore.status = 'ready';
  chatStore.currentChannelId = 'c1';
  focused = false;
  vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
  server = [
    { channelId: 'c1', unread: 0, lastReadSeq: 5, seq: 5, mentions: 0, notify: 'all' },
    { channelId: 'c2', unread: 2, lastReadSeq: 1, seq: 8, mentions: 0, notify: 'all' },
  ];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/reads' && (init?.method ?? 'GET') === 'GET') return envelope(server);
    const marked = /^\/api\/reads\/(\w+)$/.exec(url);
    if (marked && init?.method === 'PUT') {
      const { seq } = JSON.parse(String(init.body)) as { seq: number };
      return envelope({ channelId: marked[1], unread: 0, lastReadSeq: seq, seq, mentions: 0, notify: 'all' });
    }
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  listeners.clear();
  resetUnread();
});

const marks = () =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');

describe('unread marks on the drawing screen', () => {
  it('puts the total unread before the open channel in the page title, and counts live posts elsewhere', async () => {
    const { unmount } = renderHook(() => useUnreadSync());
    await waitFor(() => expect(document.title).toBe('(2) #lobby - Pixel Guild'));
    notify((l) =>
      l.unreadActivity?.({ channelId: 'c2', seq: 9, authorId: 'bob', kind: 'message', mentionsMe: false }),
    );
    await waitFor(() => expect(document.title).toBe('(3) #lobby - Pixel Guild'));
    expect(unreadStore.byChannel.c2?.unread).toBe(3);

    // Read on another device: the count clears here too.
    notify((l) => l.unreadRead?.({ channelId: 'c2', lastReadSeq: 9 }));
    await waitFor(() => expect(document.title).toBe('#lobby - Pixel Guild'));
    unmount();
    expect(document.title).toBe('Pixel Guild');
    // Whoever signs in next starts from the server's counts, not these.
    expect(unreadStore.byChannel).toEqual({});
  });

  it('counts the open channel while the window is away, and marks it read once the person is back', async () => {
    renderHook(() => useUnreadSync());
    await waitFor(() => expect(document.title).toBe('(2) #lobby - Pixel Guild'));
    notify((l) =>
      l.unreadActivity?.({ channelId: 'c1', seq: 6, authorId: 'bob', kind: 'message', mentionsMe: false }),
    );
    await waitFor(() => expect(document.title).toBe('(3) #lobby - Pixel Guild'));
    await new Promise((r) => setTimeout(r, 700));
    expect(marks()).toEqual([]);

    focused = true;
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(marks()).toHaveLength(1));
    expect(marks()[0]![0]).toBe('/api/reads/c1');
    expect(JSON.parse(String((marks()[0]![1] as RequestInit).body))).toEqual({ seq: 6 });
    await waitFor(() => expect(document.title).toBe('(2) #lobby - Pixel Guild'));
    expect(unreadStore.byChannel.c1).toMatchObject({ unread: 0, lastReadSeq: 6, seq: 6 });
  });
});
