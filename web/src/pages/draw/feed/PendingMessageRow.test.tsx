// @vitest-environment jsdom
import '../../../test/dom';
import i18n from '../../../i18n';
import type { Channel, ChannelEvent } from '@draw/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { notify } from '../../../lib/notify';
import { userInfoStore } from '../../../stores/userInfo';
import { envelope } from '../../../test/dom';
import { ChannelFeed } from '../main/ChannelFeed';
import { CHANNEL, event, makeMessage, makePage } from './fixtures';
import { outboxStore, sendMessage } from './outbox';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

/** The live core, faked: the test delivers reloads and applied events itself. */
const live = vi.hoisted(() => ({
  onEvent: null as ((event: ChannelEvent) => void) | null,
  onReload: null as (() => void) | null,
}));
vi.mock('../../../live/hooks', () => ({
  useChannelEvents: (_channelId: string | null, handler: (event: ChannelEvent) => void) => {
    live.onEvent = handler;
  },
  useFeedReload: (_channelId: string | null, handler: () => void) => {
    live.onReload = handler;
  },
  useLiveStatus: () => 'reconnecting',
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
const hello = makeMessage({
  id: 'm1',
  content: 'hello',
  author: { id: 'user-b', name: 'Bob', avatar: '' },
  createdAt: Date.now() - 60_000,
});
const sent = makeMessage({
  id: 'm9',
  content: 'draw me a fox',
  author: { id: 'user-a', name: 'Alice', avatar: '' },
  createdAt: Date.now(),
});

/** POST answers, in order: what the server does with each send. */
let posts: Array<() => Promise<Response>>;

beforeEach(() => {
  userInfoStore.id = 'user-a';
  userInfoStore.name = 'Alice';
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith(`/api/draw/chat/${CHANNEL}`) && init?.method === 'POST')
        return (posts.shift() ?? (() => Promise.reject(new TypeError('no answer'))))();
      if (url.startsWith(`/api/draw/chat/${CHANNEL}`))
        return envelope(makePage({ messages: [hello], seq: 3 }));
      return envelope([]);
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  outboxStore.entries.splice(0);
  await i18n.changeLanguage('zh-CN');
});

async function mountLoaded() {
  render(
    <MemoryRouter>
      <TooltipProvider>
        <ChannelFeed channel={channel} />
      </TooltipProvider>
    </MemoryRouter>,
  );
  await act(async () => live.onReload?.());
  await screen.findByTestId('message-m1');
}

const pendingRows = () => document.querySelectorAll('[data-testid^="pending-message-"]');

describe('a message sent while the server is unreachable', () => {
  it('shows pending, then failed with Retry and Delete (no toast); Retry sends it and the server’s message replaces it once', async () => {
    await i18n.changeLanguage('en-US');
    await mountLoaded();
    let refuse: (error: Error) => void = () => {};
    posts.push(() => new Promise<Response>((_resolve, reject) => (refuse = reject)));

    let sending!: Promise<unknown>;
    await act(async () => {
      sending = sendMessage(CHANNEL, 'draw me a fox');
    });
    const row = pendingRows()[0] as HTMLElement;
    expect(row.getAttribute('data-status')).toBe('sending');
    expect(row.textContent).toContain('draw me a fox');
    expect(row.textContent).toContain('Sending…');

    await act(async () => {
      refuse(new TypeError('Failed to fetch'));
      await sending;
    });
    expect(row.getAttribute('data-status')).toBe('failed');
    expect(row.textContent).toContain('Message could not be sent.');
    expect(notify.error).not.toHaveBeenCalled();

    posts.push(async () => envelope(sent));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    await waitFor(() => expect(pendingRows()).toHaveLength(0));
    expect(screen.getByTestId('message-m9').textContent).toContain('draw me a fox');

    // The live event of the same message arrives after the answer: still one message.
    act(() => live.onEvent?.(event('message.created', 4, sent)));
    expect(screen.getAllByTestId('message-m9')).toHaveLength(1);
    expect(screen.getAllByText('draw me a fox')).toHaveLength(1);
  });

  it('Delete drops a failed message from this tab only', async () => {
    await mountLoaded();
    await act(async () => {
      await sendMessage(CHANNEL, 'never mind');
    });
    expect((pendingRows()[0] as HTMLElement).getAttribute('data-status')).toBe('failed');
    fireEvent.click(screen.getByTestId('pending-delete'));
    await waitFor(() => expect(pendingRows()).toHaveLength(0));
    expect(screen.queryByText('never mind')).toBeNull();
  });
});
