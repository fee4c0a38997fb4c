// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import type { Channel } from '@draw/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { setChannelsReloader, type ChannelListStatus } from '../../../stores/channels';
import { ChannelSection } from './ChannelSection';

const lobby: Channel = { id: 'c1', title: 'lobby', isBan: false, isCreator: true, creatorId: 'me', memberCount: 2, createdAt: 1 };

function show(status: ChannelListStatus, channels: Channel[] = [], onRetry?: () => void) {
  return render(
    <TooltipProvider>
      <ChannelSection channels={channels} status={status} selectedId={null} onSelect={() => {}} onCreateChannel={() => {}} onRetry={onRetry} />
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
