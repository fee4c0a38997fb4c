// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { memberEvent } from '@draw/machines/channel/fixtures';
import type { Channel, ChannelDetail } from '@draw/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { liveBus } from '../../../live/hooks';
import { notify } from '../../../lib/notify';
import { channelsStore } from '../../../stores/channels';
import { chatStore } from '../../../stores/chat';
import { envelope } from '../../../test/dom';
import { drawDialogs } from '../drawDialogs';
import { ChannelActions } from './ChannelActions';
import { MemberPanel } from './MemberPanel';
import { memberPanel } from './memberPanel';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const mine: Channel = {
  id: 'c1',
  title: 'lobby',
  isBan: false,
  isCreator: true,
  creatorId: 'me',
  memberCount: 2,
  createdAt: 1,
  engine: null,
};
const theirs: Channel = { ...mine, id: 'c2', title: 'anime', isCreator: false, creatorId: 'boss' };
const detail: ChannelDetail = {
  ...mine,
  seq: 4,
  members: [
    { userId: 'bob', name: 'Bob', avatar: '', isCreator: false, joinedAt: 5 },
    { userId: 'me', name: 'Me', avatar: '', isCreator: true, joinedAt: 1 },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;
const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit).method} ${String(url)}`);

beforeEach(() => {
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const id = /^\/api\/draw\/channel\/(\w+)$/.exec(url)?.[1];
    if (id && (init?.method ?? 'GET') === 'GET') return envelope({ ...detail, id });
    return envelope(url === '/api/draw/channels' ? [] : null);
  });
  vi.stubGlobal('fetch', fetchMock);
  channelsStore.items = [mine, theirs];
  channelsStore.status = 'ready';
  chatStore.currentChannelId = 'c1';
  memberPanel.open = true;
  Object.assign(drawDialogs, { inviteChannelId: null, editChannelId: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
});

const withTooltips = (node: React.ReactNode) => render(<TooltipProvider>{node}</TooltipProvider>);

describe('selected channel actions', () => {
  it('gives the creator invite and edit (deleting starts in the edit dialog), which open their dialogs', () => {
    withTooltips(<ChannelActions channel={mine} />);
    expect(screen.queryByTestId('channel-quit-c1')).toBeNull();
    // No delete a stray click can reach: no trash icon in the row.
    expect(screen.queryByTestId('channel-delete-c1')).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    fireEvent.click(screen.getByTestId('channel-invite-c1'));
    expect(drawDialogs.inviteChannelId).toBe('c1');
    fireEvent.click(screen.getByTestId('channel-edit-c1'));
    expect(drawDialogs.editChannelId).toBe('c1');
  });

  it('gives a member only quit, after 确定退出该频道？ → 退出成功', async () => {
    withTooltips(<ChannelActions channel={theirs} />);
    expect(screen.queryByTestId('channel-delete-c2')).toBeNull();
    expect(screen.queryByTestId('channel-invite-c2')).toBeNull();
    fireEvent.click(screen.getByTestId('channel-quit-c2'));
    expect(within(await screen.findByRole('alertdialog')).getByText('确定退出该频道？')).toBeTruthy();
    fireEvent.click(screen.getByTestId('popconfirm-ok'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('退出成功'));
    expect(calls()[0]).toBe('POST /api/draw/quit-channel/c2');
  });

  it('toasts 退出失败 when quitting fails', async () => {
    fetchMock.mockImplementation(async () => new Response('boom', { status: 502 }));
    withTooltips(<ChannelActions channel={theirs} />);
    fireEvent.click(screen.getByTestId('channel-quit-c2'));
    fireEvent.click(await screen.findByTestId('popconfirm-ok'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('退出失败'));
  });
});

describe('member list', () => {
  it('lists the members, creator first with a crown, and counts them', async () => {
    withTooltips(<MemberPanel />);
    const list = await screen.findByTestId('member-list');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.getAttribute('data-testid')),
    ).toEqual(['member-me', 'member-bob']);
    expect(within(screen.getByTestId('member-bob')).getByText('Bob')).toBeTruthy();
    expect(screen.getByTestId('member-crown-me').getAttribute('aria-label')).toBe('频道创建者');
    expect(screen.queryByTestId('member-crown-bob')).toBeNull();
    expect(screen.getByTestId('member-count').textContent).toBe('成员 — 2');
    expect(calls()[0]).toBe('GET /api/draw/channel/c1');
  });

  it('follows member events live', async () => {
    withTooltips(<MemberPanel />);
    await screen.findByTestId('member-bob');
    act(() => liveBus.emit('apply', memberEvent(5, 'member.joined', 'cy', 'c1')));
    expect(await screen.findByTestId('member-cy')).toBeTruthy();
    act(() => liveBus.emit('apply', memberEvent(6, 'member.left', 'bob', 'c1')));
    await waitFor(() => expect(screen.queryByTestId('member-bob')).toBeNull());
    act(() => liveBus.emit('apply', memberEvent(7, 'member.joined', 'zed', 'other')));
    expect(screen.queryByTestId('member-zed')).toBeNull();
    expect(screen.getByTestId('member-count').textContent).toBe('成员 — 2');
  });

  /** Opens the creator's menu on a member (Radix opens it from the keyboard in jsdom) and picks an item. */
  async function pick(userId: string, item: 'remove' | 'ban') {
    fireEvent.keyDown(await screen.findByTestId(`member-menu-${userId}`), { key: 'Enter' });
    fireEvent.click(await screen.findByTestId(`member-${item}-${userId}`));
  }

  it('lets the creator remove a member (a kick) after confirming in a dialog that says they may rejoin', async () => {
    withTooltips(<MemberPanel />);
    await screen.findByTestId('member-bob');
    expect(screen.queryByTestId('member-menu-me')).toBeNull();
    await pick('bob', 'remove');
    const dialog = await screen.findByTestId('member-remove-dialog');
    expect(within(dialog).getByText('确定将 Bob 移出频道？')).toBeTruthy();
    expect(within(dialog).getByText('Bob 之后仍可通过有效的邀请链接重新加入。')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('member-action-confirm'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('已将 Bob 移出频道'));
    expect(calls()).toContain('POST /api/draw/remove-user/c1/bob');
    await waitFor(() => expect(screen.queryByTestId('member-remove-dialog')).toBeNull());
  });

  it('lets the creator ban a member with a reason after a dialog naming them, then lists and unbans them', async () => {
    const bans: {
      userId: string;
      name: string;
      avatar: string;
      bannedBy: string;
      bannedAt: number;
      reason: string | null;
    }[] = [];
    const bodies: unknown[] = [];
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/api/draw/channel/c1') return envelope(detail);
      if (url === '/api/draw/channel/c1/bans') return envelope(bans);
      if (url === '/api/draw/channel/c1/ban') {
        bodies.push(JSON.parse(String(init.body)));
        bans.push({ userId: 'bob', name: 'Bob', avatar: '', bannedBy: 'me', bannedAt: 9, reason: 'spam' });
        return envelope(null);
      }
      if (url === '/api/draw/channel/c1/ban/bob') {
        bans.length = 0;
        return envelope(null);
      }
      return envelope(null);
    });
    withTooltips(<MemberPanel />);
    await screen.findByTestId('member-bob');
    // Nobody is banned yet: no banned section.
    await waitFor(() => expect(calls()).toContain('GET /api/draw/channel/c1/bans'));
    expect(screen.queryByTestId('banned-list')).toBeNull();

    await pick('bob', 'ban');
    const dialog = await screen.findByTestId('member-ban-dialog');
    expect(within(dialog).getByText('封禁 Bob')).toBeTruthy();
    expect(
      within(dialog).getByText('Bob 将被移出此频道，在你解除封禁之前无法通过任何邀请链接重新加入。'),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('ban-reason'), { target: { value: '  spam ' } });
    fireEvent.click(within(dialog).getByTestId('member-action-confirm'));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('已封禁 Bob'));
    expect(bodies).toEqual([{ userId: 'bob', reason: 'spam' }]);

    const banned = await screen.findByTestId('banned-bob');
    expect(screen.getByTestId('banned-count').textContent).toBe('已封禁 — 1');
    expect(within(banned).getByText('原因：spam')).toBeTruthy();
    fireEvent.click(within(banned).getByTestId('banned-unban-bob'));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('已解除对 Bob 的封禁，对方可通过邀请重新加入'),
    );
    expect(calls()).toContain('DELETE /api/draw/channel/c1/ban/bob');
    await waitFor(() => expect(screen.queryByTestId('banned-list')).toBeNull());
  });

  it('keeps the ban dialog open when the ban is refused', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/draw/channel/c1') return envelope(detail);
      if (url === '/api/draw/channel/c1/bans') return envelope([]);
      return new Response(
        JSON.stringify({
          code: 400,
          message: '不能封禁频道创建者',
          data: null,
          success: false,
          reason: 'forbidden',
        }),
        { status: 400 },
      );
    });
    withTooltips(<MemberPanel />);
    await pick('bob', 'ban');
    fireEvent.click(
      within(await screen.findByTestId('member-ban-dialog')).getByTestId('member-action-confirm'),
    );
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('不能封禁频道创建者'));
    expect(screen.getByTestId('member-ban-dialog')).toBeTruthy();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('offers no member menu and no banned list to other members, and hides when collapsed', async () => {
    chatStore.currentChannelId = 'c2';
    withTooltips(<MemberPanel />);
    await screen.findByTestId('member-bob');
    expect(screen.queryByTestId('member-menu-bob')).toBeNull();
    expect(screen.queryByTestId('banned-list')).toBeNull();
    expect(calls()).not.toContain('GET /api/draw/channel/c2/bans');
    act(() => {
      memberPanel.open = false;
    });
    await waitFor(() => expect(screen.queryByTestId('member-list')).toBeNull());
  });
});
