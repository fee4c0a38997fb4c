// @vitest-environment jsdom
import '../../test/dom';
import '../../i18n';
import { messageEvent } from '@draw/machines/channel/fixtures';
import type { Channel, ChannelDetail, Message, MessagePage } from '@draw/shared';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../components/ui/tooltip';
import type { FakeSocket } from '../../test/fakeSocket';
import { notify } from '../../lib/notify';
import { removeToken, setToken } from '../../stores/auth';
import { channelsStore } from '../../stores/channels';
import { chatStore } from '../../stores/chat';
import { setUserInfo } from '../../stores/userInfo';
import { envelope } from '../../test/dom';
import { DrawPage } from './DrawPage';
import { channelOfPath, firstPageIfIn, startFirstScreen } from './firstScreen';
import type * as ConnectionModule from '../../live/connection';

vi.mock('../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const sockets = vi.hoisted(() => [] as FakeSocket[]);
vi.mock('../../live/connection', async (importOriginal) => {
  const { withFakeSockets } = await import('../../test/fakeSocket');
  return withFakeSockets(await importOriginal<typeof ConnectionModule>(), sockets);
});

const lobby: Channel = {
  id: 'c1',
  title: 'lobby',
  isBan: false,
  isCreator: false,
  creatorId: 'boss',
  memberCount: 2,
  createdAt: 1,
  engine: null,
};
const anime: Channel = { ...lobby, id: 'c2', title: 'anime' };
const hello = messageEvent(7, 'c1').data as Message;
const PAGE: MessagePage = {
  messages: [{ ...hello, id: 'm-first', content: 'hello from the page' }],
  tasks: [],
  hasMore: false,
  seq: 7,
};

let requested: string[] = [];
beforeEach(() => {
  localStorage.clear();
  setToken('tok', Date.now() + 60_000);
  setUserInfo({ id: 'me', name: 'Me' });
  channelsStore.items = [];
  channelsStore.status = 'idle';
  chatStore.currentChannelId = null;
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      if (url === '/api/draw/channels') return envelope([lobby, anime]);
      if (url.startsWith('/api/draw/chat/c1')) return envelope(PAGE);
      // A channel that is not the user's: the server refuses with a message.
      if (url.startsWith('/api/draw/chat/')) {
        const refusal = {
          code: 400,
          message: '你不是该频道成员',
          data: null,
          success: false,
          reason: 'forbidden',
        };
        return new Response(JSON.stringify(refusal), {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      const detail: ChannelDetail = { ...lobby, seq: 7, members: [] };
      return envelope(detail);
    }),
  );
});
afterEach(() => {
  removeToken();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function open(path: string) {
  startFirstScreen(path);
  renderAt(path);
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <TooltipProvider>
        <Routes>
          <Route path="/draw/:uuid?" element={<DrawPage />} />
        </Routes>
      </TooltipProvider>
    </MemoryRouter>,
  );
}

describe('the first screen’s calls (before the render)', () => {
  it('shows the channel’s page before the socket is live, and the live feed goes on from the page’s seq', async () => {
    open('/draw/c1');
    expect(await screen.findByText('hello from the page')).toBeTruthy();
    expect(requested.filter((url) => url === '/api/draw/channels')).toHaveLength(1);
    const socket = sockets.at(-1)!;
    if (!socket.connected) {
      await waitFor(() => expect(socket.attempting).toBe(true));
      await socket.accept();
    }
    // No fresh subscription and no second page: a catch-up from the page's seq.
    await waitFor(() =>
      expect(socket.subscribes.at(-1)?.request).toEqual({ channelId: 'c1', afterSeq: 7, paged: true }),
    );
    socket.sendEvent({
      ...messageEvent(8, 'c1'),
      data: { ...hello, id: 'm-next', content: 'said after the page' },
    } as never);
    socket.ackLast({ ok: true, seq: 8 });
    expect(await screen.findByText('said after the page')).toBeTruthy();
    expect(requested.filter((url) => url.startsWith('/api/draw/chat/c1'))).toHaveLength(1);
  });

  it('a page that is in before the feed mounts is in the feed’s first render: no loading rows, no second call', async () => {
    startFirstScreen('/draw/c1');
    await waitFor(() => expect(firstPageIfIn('c1')).not.toBeNull());
    let loadingShown = false;
    const observer = new MutationObserver(() => {
      loadingShown ||=
        document.querySelector('[data-testid="message-list"] [aria-label="正在加载消息…"]') !== null;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderAt('/draw/c1');
    expect(await screen.findByText('hello from the page')).toBeTruthy();
    observer.disconnect();
    expect(loadingShown).toBe(false);
    const socket = sockets.at(-1)!;
    if (!socket.connected) {
      await waitFor(() => expect(socket.attempting).toBe(true));
      await socket.accept();
    }
    // However the subscription and the page crossed, an answer at the page's seq asks for no second page.
    await waitFor(() => expect(socket.subscribes.at(-1)?.request.channelId).toBe('c1'));
    socket.ackLast({ ok: true, seq: 7 });
    socket.sendEvent({
      ...messageEvent(8, 'c1'),
      data: { ...hello, id: 'm-next', content: 'said after the page' },
    } as never);
    expect(await screen.findByText('said after the page')).toBeTruthy();
    expect(requested.filter((url) => url.startsWith('/api/draw/chat/c1'))).toHaveLength(1);
  });

  it('an address naming a channel that is not the user’s shows the first one, without a toast', async () => {
    open('/draw/elsewhere');
    await waitFor(() => expect(chatStore.currentChannelId).toBe('c1'));
    await waitFor(() => expect(requested).toContain('/api/draw/chat/elsewhere?limit=50'));
    // (Other calls of this mock answer shapes the development check refuses; only the refusal matters here.)
    expect(notify.error).not.toHaveBeenCalledWith('你不是该频道成员');
  });
});

describe('the channel an address names', () => {
  it('is the uuid of /draw/{uuid} or /chat/{uuid}, none for /chat/index, /draw alone or another screen', () => {
    expect(channelOfPath('/draw/3f2a')).toBe('3f2a');
    expect(channelOfPath('/chat/3f2a/')).toBe('3f2a');
    expect(channelOfPath('/chat/index')).toBeNull();
    expect(channelOfPath('/draw')).toBeNull();
    expect(channelOfPath('/archive/3f2a')).toBeNull();
  });
});
