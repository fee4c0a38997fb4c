// @vitest-environment jsdom
import '../../test/dom';
import '../../i18n';
import { channelEvent, memberEvent } from '@draw/machines/channel/fixtures';
import type { Channel, ChannelDetail } from '@draw/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../components/ui/tooltip';
import type { FakeSocket } from '../../test/fakeSocket';
import { notify } from '../../lib/notify';
import { channelsStore } from '../../stores/channels';
import { chatStore } from '../../stores/chat';
import { setUserInfo } from '../../stores/userInfo';
import { envelope } from '../../test/dom';
import { DrawPage } from './DrawPage';
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

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

beforeEach(() => {
  localStorage.clear();
  setUserInfo({ id: 'me', name: 'Me' });
  channelsStore.items = [];
  channelsStore.status = 'idle';
  chatStore.currentChannelId = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/draw/channels') return envelope([lobby, anime]);
      const detail: ChannelDetail = {
        ...lobby,
        seq: 0,
        members: [{ userId: 'me', name: 'Me', avatar: '', isCreator: false, joinedAt: 2 }],
      };
      if (url === '/api/draw/channel/c1') return envelope(detail);
      return envelope({ ...detail, id: 'c2', title: 'anime' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** Opens /draw/c1; the tab's one connection is reused from test to test, as in the app. */
async function openLive() {
  const before = sockets.at(-1)?.subscribes.length ?? 0;
  render(
    <MemoryRouter initialEntries={['/draw/c1']}>
      <TooltipProvider>
        <Routes>
          <Route path="/draw/:uuid?" element={<DrawPage />} />
        </Routes>
        <Where />
      </TooltipProvider>
    </MemoryRouter>,
  );
  await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
  const socket = sockets.at(-1)!;
  if (!socket.connected) {
    await waitFor(() => expect(socket.attempting).toBe(true));
    await socket.accept();
  }
  await waitFor(() => expect(socket.subscribes.length).toBeGreaterThan(before));
  expect(socket.subscribes.at(-1)!.request).toEqual({ channelId: 'c1' });
  socket.ackLast({ ok: true, seq: 0 });
  return socket;
}

describe('drawing screen, live', () => {
  it('shows renames and the mute in the sidebar and the header, and members joining', async () => {
    const socket = await openLive();
    await screen.findByTestId('member-me');
    socket.sendEvent(channelEvent(1, 'channel.updated', { ...lobby, title: 'renamed', isBan: true }));
    await waitFor(() => expect(screen.getByTestId('channel-item-c1').textContent).toBe('#renamed'));
    expect(within(screen.getByRole('banner')).getByTestId('channel-title').textContent).toBe('#renamed');
    expect(await screen.findByTestId('channel-muted-badge')).toBeTruthy();
    socket.sendEvent(memberEvent(2, 'member.joined', 'bob', 'c1'));
    expect(await screen.findByTestId('member-bob')).toBeTruthy();
    expect(screen.getByTestId('member-count').textContent).toBe('成员 — 2');
  });

  it('leaves the open channel with a toast when the user is removed, and selects another', async () => {
    const socket = await openLive();
    socket.sendEvent(memberEvent(1, 'member.removed', 'me', 'c1'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/draw/c2'), { timeout: 3_000 });
    expect(notify.warning).toHaveBeenCalledWith('你已被移出频道 #lobby');
    expect(screen.queryByTestId('channel-item-c1')).toBeNull();
    expect(screen.getByTestId('channel-item-c2').getAttribute('data-selected')).toBe('true');
  });

  it('leaves a channel deleted by its creator with a toast', async () => {
    const socket = await openLive();
    socket.sendEvent(channelEvent(1, 'channel.deleted', lobby));
    await waitFor(() => expect(notify.warning).toHaveBeenCalledWith('频道 #lobby 已被删除'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/draw/c2'), { timeout: 3_000 });
  });
});
