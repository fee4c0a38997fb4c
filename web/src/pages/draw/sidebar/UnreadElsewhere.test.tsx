// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import type { Channel } from '@draw/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { channelsStore } from '../../../stores/channels';
import { chatStore } from '../../../stores/chat';
import { resetUnread, setUnread } from '../../../stores/unread';
import { ChannelHeader } from '../main/ChannelHeader';

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

function header(sidebarOpen: boolean) {
  return render(
    <MemoryRouter>
      <TooltipProvider>
        <ChannelHeader title="lobby" isMobile sidebarOpen={sidebarOpen} onToggleSidebar={() => {}} />
      </TooltipProvider>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  channelsStore.items = [channel('c1', 'lobby'), channel('c2', 'studio'), channel('c3', 'gallery')];
  chatStore.currentChannelId = 'c1';
  setUnread([
    { channelId: 'c1', unread: 5, lastReadSeq: 0, seq: 5, mentions: 0, notify: 'all' },
    { channelId: 'c2', unread: 2, lastReadSeq: 0, seq: 5, mentions: 0, notify: 'all' },
    { channelId: 'c3', unread: 1, lastReadSeq: 0, seq: 5, mentions: 0, notify: 'all' },
  ]);
});
afterEach(resetUnread);

describe('the sidebar toggle while the sidebar is hidden', () => {
  it('counts the unread messages of the other channels, shown and spoken', () => {
    header(false);
    const toggle = screen.getByTestId('sidebar-toggle');
    expect(screen.getByTestId('sidebar-toggle-unread').textContent).toBe('3');
    expect(toggle.getAttribute('aria-label')).toBe(`${i18n.t('sidebar.expand')}, 3 unread messages`);
  });

  it('shows nothing once the sidebar is open (the rows say it) or nothing waits elsewhere', () => {
    header(true);
    expect(screen.queryByTestId('sidebar-toggle-unread')).toBeNull();
    setUnread([{ channelId: 'c1', unread: 5, lastReadSeq: 0, seq: 5, mentions: 0, notify: 'all' }]);
    header(false);
    expect(screen.queryByTestId('sidebar-toggle-unread')).toBeNull();
  });
});
