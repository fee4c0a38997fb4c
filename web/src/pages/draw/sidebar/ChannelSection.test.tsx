// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import type { Channel } from '@draw/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { setChannelsReloader, type ChannelListStatus } from '../../../stores/channels';
import { resetUnread, setUnread } from '../../../stores/unread';
import { ChannelSection } from './ChannelSection';

const lobby: Channel = {
  id: 'c1',
  title: 'lobby',
  isBan: false,
  isCreator: true,
  creatorId: 'me',
  memberCount: 2,
  createdAt: 1,
  engine: null,
};

function show(status: ChannelListStatus, channels: Channel[] = [], onRetry?: () => void) {
  return render(
    <TooltipProvider>
      <ChannelSection
        channels={channels}
        status={status}
        selectedId={null}
        onSelect={() => {}}
        onCreateChannel={() => {}}
        onRetry={onRetry}
      />
    </TooltipProvider>,
  );
}

afterEach(() => {
  setChannelsReloader(null);
});

describe('ChannelSection when the list could not be loaded', () => {
  it('says the load failed (not "no channels") and retries on the button', () => {
    const onRetry = vi.fn();
    show('error', [], onRetry);
    expect(screen.getByRole('alert').textContent).toContain(i18n.t('channelList.loadFailed'));
    expect(screen.queryByTestId('channel-empty')).toBeNull();
    fireEvent.click(screen.getByTestId('channel-list-retry'));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps the channels of an earlier load under the error', () => {
    show('error', [lobby]);
    expect(screen.getByTestId('channel-list-error')).toBeTruthy();
    expect(screen.getByTestId('channel-item-c1').textContent).toContain('lobby');
  });

  it('retries through the channel session by default', () => {
    const reload = vi.fn(async () => [lobby]);
    setChannelsReloader(reload);
    show('error');
    fireEvent.click(screen.getByTestId('channel-list-retry'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('ChannelSection unread marks', () => {
  const studio: Channel = { ...lobby, id: 'c2', title: 'studio' };
  const busy: Channel = { ...lobby, id: 'c3', title: 'busy' };
  afterEach(resetUnread);

  it('shows unread channels bold with a pill and a grey dot, mentions with a red count, each named for screen readers', async () => {
    await i18n.changeLanguage('en-US');
    setUnread([
      { channelId: 'c1', unread: 4, lastReadSeq: 0, seq: 9, mentions: 0, notify: 'all' },
      { channelId: 'c2', unread: 3, lastReadSeq: 0, seq: 9, mentions: 0, notify: 'all' },
      { channelId: 'c3', unread: 100, lastReadSeq: 0, seq: 200, mentions: 100, notify: 'all' },
    ]);
    render(
      <TooltipProvider>
        <ChannelSection
          channels={[lobby, studio, busy]}
          status="ready"
          selectedId="c1"
          onSelect={() => {}}
          onCreateChannel={() => {}}
        />
      </TooltipProvider>,
    );
    const row = screen.getByTestId('channel-item-c2');
    expect(row.getAttribute('data-unread')).toBe('3');
    expect(within(row).getByTestId('unread-pill')).toBeTruthy();
    // Discord's grey dot: no number shown, the number spoken.
    expect(within(row).getByTestId('unread-badge').textContent).toBe('');
    expect(within(row).queryByTestId('mention-badge')).toBeNull();
    expect(screen.getByRole('button', { name: 'studio 3 unread messages' })).toBeTruthy();
    // Mentions: the red count, shown and spoken.
    const busyRow = screen.getByTestId('channel-item-c3');
    expect(within(busyRow).getByTestId('mention-badge').textContent).toBe('99+');
    expect(busyRow.getAttribute('data-mentions')).toBe('100');
    expect(screen.getByRole('button', { name: 'busy 99+ mentions' })).toBeTruthy();
    // The open channel is being read: no mark on it.
    expect(within(screen.getByTestId('channel-item-c1')).queryByTestId('unread-badge')).toBeNull();
    expect(screen.getByRole('button', { name: 'lobby' })).toBeTruthy();
  });

  it('names the count in Chinese too', async () => {
    await i18n.changeLanguage('zh-CN');
    setUnread([{ channelId: 'c2', unread: 2, lastReadSeq: 0, seq: 9, mentions: 0, notify: 'all' }]);
    show('ready', [lobby, studio]);
    expect(screen.getByRole('button', { name: 'studio 2 条未读消息' })).toBeTruthy();
    expect(screen.getByTestId('channel-item-c1').getAttribute('data-unread')).toBeNull();
  });
});
