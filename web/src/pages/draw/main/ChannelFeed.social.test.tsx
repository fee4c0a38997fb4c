// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import type { Channel, ChannelEvent, Message, MessagePage } from '@draw/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { resetUnread, setUnread } from '../../../stores/unread';
import { userInfoStore } from '../../../stores/userInfo';
import { envelope } from '../../../test/dom';
import { TaskStatus } from '@draw/shared';
import { CHANNEL, event, makeMessage, makePage, makeTask, taskMessage } from '../feed/fixtures';
import { onReferenceImage } from '../social/referenceInbox';
import { conversationStore } from '../social/conversation';
import { ChannelFeed } from './ChannelFeed';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const live = vi.hoisted(() => ({
  onEvent: [] as ((event: ChannelEvent) => void)[],
  onReload: null as (() => void) | null,
}));
vi.mock('../../../live/hooks', () => ({
  useChannelEvents: (_channelId: string | null, handler: (event: ChannelEvent) => void) => {
    live.onEvent.push(handler);
  },
  useFeedReload: (_channelId: string | null, handler: () => void) => {
    live.onReload ??= handler;
  },
  useLiveStatus: () => 'live',
}));

const channel: Channel = {
  id: CHANNEL,
  title: 'lobby',
  isBan: false,
  isCreator: false,
  creatorId: 'owner',
  memberCount: 2,
  createdAt: 1,
  engine: null,
};
const bob = { id: 'user-b', name: 'Bob', avatar: '' };
const members = [
  { userId: 'user-a', name: 'Alice', avatar: '', isCreator: false, joinedAt: 1 },
  { userId: 'user-b', name: 'Bob', avatar: '', isCreator: true, joinedAt: 1 },
];

let pages: MessagePage[];
let fetchMock: ReturnType<typeof vi.fn>;
const answer = (message: Partial<Message>) => envelope(makeMessage(message));

function route(url: string, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  if (url.startsWith(`/api/draw/chat/${CHANNEL}`) && method === 'GET')
    return envelope(pages.shift() ?? makePage());
  if (url.startsWith('/api/draw/channel/')) return envelope({ ...channel, members, seq: 3 });
  if (url.includes('/reactions/')) return answer({ id: 'm2' });
  if (url === '/files/fox.png') return new Response('png', { headers: { 'Content-Type': 'image/png' } });
  if (url.startsWith('/api/draw/chat/m1') && method === 'PUT') {
    const { content } = JSON.parse(String(init!.body)) as { content: string };
    return answer({ id: 'm1', content, editedAt: 5_000 });
  }
  return envelope(null);
}

function mount() {
  return render(
    <MemoryRouter>
      <TooltipProvider>
        <ChannelFeed channel={channel} />
      </TooltipProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  pages = [];
  live.onEvent = [];
  live.onReload = null;
  userInfoStore.id = 'user-a';
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => route(url, init));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  resetUnread();
});

const now = Date.now();
const mine = makeMessage({ id: 'm1', content: 'hello', createdAt: now - 60_000 });
const mentioning = makeMessage({
  id: 'm2',
  author: bob,
  content: 'look <@user-a>',
  createdAt: now - 30_000,
  mentions: { userIds: ['user-a'], everyone: false },
  reactions: [{ emoji: '👍', count: 1, me: false, userIds: ['user-b'] }],
});

async function loaded() {
  pages = [makePage({ messages: [mine, mentioning], seq: 3 })];
  mount();
  await act(async () => live.onReload?.());
  await screen.findByText('hello');
}

describe('channel feed: the conversation', () => {
  it('shows a mention of me as a pill on a highlighted row', async () => {
    await loaded();
    const row = screen.getByTestId('message-m2');
    expect(row.getAttribute('data-mentions-me')).toBe('true');
    expect(screen.getByTestId('message-m1').getAttribute('data-mentions-me')).toBeNull();
    await waitFor(() => expect(within(row).getByText('@Alice')).toBeTruthy());
  });

  it('draws the NEW line above the first message that was unread when the channel opened', async () => {
    setUnread([{ channelId: CHANNEL, unread: 1, mentions: 1, notify: 'all', lastReadSeq: 2, seq: 3 }]);
    await loaded();
    const divider = screen.getByTestId('new-divider');
    expect(divider.getAttribute('aria-label')).toBe('新');
    expect(divider.closest('li')?.contains(screen.getByTestId('message-m2'))).toBe(true);
    // A message arriving while the person reads leaves the line where it was.
    act(() =>
      live.onEvent.forEach((handler) =>
        handler(
          event(
            'message.created',
            4,
            makeMessage({ id: 'm3', author: bob, content: 'and now?', createdAt: now }),
          ),
        ),
      ),
    );
    await screen.findByText('and now?');
    expect(screen.getAllByTestId('new-divider')).toHaveLength(1);
    expect(screen.getByTestId('new-divider').closest('li')?.contains(screen.getByTestId('message-m2'))).toBe(
      true,
    );
  });

  it('a right click opens the menu: reply puts the message in the composer bar, own messages can be edited', async () => {
    await loaded();
    fireEvent.contextMenu(screen.getByTestId('message-m2'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('编辑')).toBeNull();
    fireEvent.click(within(menu).getByText('回复'));
    expect(conversationStore.replyTo).toMatchObject({ messageId: 'm2', authorName: 'Bob' });

    fireEvent.contextMenu(screen.getByTestId('message-m1'));
    fireEvent.click(within(await screen.findByRole('menu')).getByText('编辑'));
    const editor = await screen.findByRole('textbox', { name: '编辑消息' });
    fireEvent.change(editor, { target: { value: 'hello again' } });
    fireEvent.keyDown(editor, { key: 'Enter' });
    await screen.findByText('hello again');
    expect(within(screen.getByTestId('message-m1')).getByTestId('edited-mark')).toBeTruthy();
    const put = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/draw/chat/m1' && init?.method === 'PUT',
    );
    expect(JSON.parse(String(put![1].body))).toEqual({ content: 'hello again' });
  });

  it('a reaction chip toggles mine at once, and a live reaction from someone else adds to it', async () => {
    await loaded();
    const chip = screen.getByTestId('reaction-m2-👍');
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(chip);
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    expect(chip.textContent).toContain('2');
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) =>
          String(url).endsWith(`/reactions/${encodeURIComponent('👍')}`) && init?.method === 'PUT',
      ),
    ).toBe(true);

    act(() =>
      live.onEvent.forEach((handler) =>
        handler(
          event('message.reactions', 4, {
            id: 'm2',
            channelId: CHANNEL,
            emoji: '🔥',
            userId: 'user-b',
            added: true,
            count: 1,
          }),
        ),
      ),
    );
    expect(screen.getByTestId('reaction-m2-🔥').getAttribute('aria-pressed')).toBe('false');
  });

  it("a result's menu copies its prompt and seed, and puts its picture into the composer as a reference", async () => {
    const fox = makeTask({
      id: 'task-fox',
      status: TaskStatus.Success,
      prompt: 'a red fox',
      seed: '1234',
      imageUrl: '/files/fox.png',
      submitTime: now - 10_000,
    });
    pages = [makePage({ messages: [taskMessage(fox)], tasks: [fox], seq: 3 })];
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const received: File[] = [];
    const off = onReferenceImage((channelId, file) => channelId === CHANNEL && received.push(file));
    mount();
    await act(async () => live.onReload?.());
    const row = await screen.findByTestId('message-m-task-fox');
    fireEvent.contextMenu(row);
    fireEvent.click(within(await screen.findByRole('menu')).getByText('复制种子'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('1234'));
    fireEvent.contextMenu(row);
    fireEvent.click(within(await screen.findByRole('menu')).getByText('复制提示词'));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(expect.stringContaining('a red fox')));
    fireEvent.contextMenu(row);
    fireEvent.click(within(await screen.findByRole('menu')).getByText('用作参考图'));
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]!.name).toBe('fox.png');
    off();
  });

  it('the add-reaction button opens the picker and a pick reacts', async () => {
    await loaded();
    fireEvent.click(screen.getByTestId('message-react-m1'));
    fireEvent.click(await screen.findByTestId('reaction-pick-🎉'));
    await screen.findByTestId('reaction-m1-🎉');
  });
});
