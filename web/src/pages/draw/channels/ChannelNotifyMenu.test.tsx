// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { resetUnread, setUnread, unreadStore } from '../../../stores/unread';
import { envelope } from '../../../test/dom';
import { ChannelNotifyMenu } from './ChannelNotifyMenu';

const channel = {
  id: 'c1',
  title: 'lobby',
  isBan: false,
  isCreator: false,
  creatorId: 'u9',
  memberCount: 2,
  createdAt: 1,
  engine: null,
};
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  setUnread([{ channelId: 'c1', unread: 0, mentions: 0, notify: 'all', lastReadSeq: 3, seq: 3 }]);
  fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const { level } = JSON.parse(String(init?.body)) as { level: string };
    return envelope({ channelId: 'c1', unread: 0, mentions: 0, notify: level, lastReadSeq: 3, seq: 3 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetUnread();
});

describe('a channel’s notification level', () => {
  it('shows the level on the bell and saves a new one for the person', async () => {
    render(
      <TooltipProvider>
        <ChannelNotifyMenu channel={channel} />
      </TooltipProvider>,
    );
    const bell = screen.getByTestId('channel-notify-c1');
    expect(bell.getAttribute('aria-label')).toBe('通知设置：所有消息');
    fireEvent.pointerDown(bell, { button: 0, ctrlKey: false });
    fireEvent.click(await screen.findByRole('menuitemradio', { name: '仅 @提及' }));
    await waitFor(() => expect(unreadStore.byChannel.c1?.notify).toBe('mentions'));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/draw/channels/c1/notifications');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ level: 'mentions' });
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('通知设置：仅 @提及'));
  });
});
