import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useChannelList, useCurrentChannel } from '../../../live/hooks';
import { badgeText, totalUnread, unreadStore } from '../../../stores/unread';

/** Unread messages in the person's channels other than the open one (what a hidden sidebar would show). */
export function useUnreadElsewhere(): number {
  const { items } = useChannelList();
  const current = useCurrentChannel();
  const { byChannel } = useSnapshot(unreadStore);
  return totalUnread(
    byChannel,
    items.map((item) => item.id).filter((id) => id !== current?.id),
  );
}

/**
 * The sidebar toggle while the sidebar is hidden (phones, or collapsed): its spoken name says how
 * many messages wait elsewhere, and a count sits on its corner, as on Discord's phone app.
 */
export function useToggleUnread(
  toggleLabel: string,
  sidebarOpen: boolean,
): { label: string; badge: ReactNode } {
  const { t } = useTranslation();
  const count = useUnreadElsewhere();
  if (sidebarOpen || count === 0) return { label: toggleLabel, badge: null };
  return {
    label: t('unread.toggle', { label: toggleLabel, count: badgeText(count) }),
    badge: (
      <span
        aria-hidden
        data-testid="sidebar-toggle-unread"
        className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-[#da373c] px-1 text-[11px] leading-none font-bold text-white ring-2 ring-main"
      >
        {badgeText(count)}
      </span>
    ),
  };
}
