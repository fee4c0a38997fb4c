import { CrownIcon, SettingsIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { UserAvatar } from '../../../components/app/UserAvatar';
import { AvatarStatus } from '../../../components/ui/avatar';
import { Tooltip } from '../../../components/ui/tooltip';
import type { LiveStatus } from '../../../live/connection';
import { useLiveStatus } from '../../../live/hooks';
import { cn } from '../../../lib/utils';
import { DEFAULT_DESCRIPTION, userInfoStore } from '../../../stores/userInfo';
import { CreditMeter } from '../credits/CreditMeter';
import { useUserDescription } from '../useUserDescription';

export interface UserFooterProps {
  onOpenSettings: () => void;
  onOpenSubscribe: () => void;
}

const iconButton =
  'flex size-8 items-center justify-center rounded-md text-sidebar-foreground max-sm:size-11 transition-colors outline-none hover:bg-sidebar-hover hover:text-heading focus-visible:ring-2 focus-visible:ring-ring';

export type Presence = 'online' | 'connecting' | 'offline';

/** What the footer dot says: green only while the live link is up (it is what others see of us). */
export function presenceOf(status: LiveStatus): Presence {
  if (status === 'live') return 'online';
  return status === 'connecting' || status === 'reconnecting' ? 'connecting' : 'offline';
}

const PRESENCE_DOT: Record<Presence, string> = {
  online: 'bg-success',
  connecting: 'bg-warning',
  offline: 'bg-[#80848e]',
};

/**
 * The user panel at the bottom of the sidebar: the credit meter (→ 订阅) above the row of
 * profile (→ settings), subscribe (crown) and settings (gear).
 */
export function UserFooter({ onOpenSettings, onOpenSubscribe }: UserFooterProps) {
  const { t } = useTranslation();
  const user = useSnapshot(userInfoStore);
  const description = useUserDescription(user.description);
  const presence = presenceOf(useLiveStatus());
  const presenceLabel = t(`connection.presence.${presence}`);
  // The default status line is "在线": it says the presence instead, so it never claims online while the link is down.
  const defaultLine = !user.description || user.description === DEFAULT_DESCRIPTION;

  return (
    <div className="flex shrink-0 flex-col bg-panel">
      <CreditMeter variant="sidebar" onOpen={onOpenSubscribe} />
      <div data-testid="user-footer" className="flex h-[52px] shrink-0 items-center gap-1 px-2">
        <button
          type="button"
          onClick={onOpenSettings}
          // Named by what it shows (name, status line); what it does is its description.
          title={t('footer.openProfile', { name: user.name })}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-md py-1 pr-2 pl-0.5 text-left outline-none hover:bg-sidebar-hover focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="relative inline-flex size-8 shrink-0">
            <UserAvatar src={user.avatar} name={user.name} className="size-8" />
            <AvatarStatus
              data-testid="footer-presence"
              data-presence={presence}
              aria-hidden
              className={cn('transition-colors', PRESENCE_DOT[presence])}
            />
          </span>
          <span className="flex min-w-0 flex-col leading-tight">
            <span data-testid="footer-name" className="truncate text-sm font-semibold text-heading">
              {user.name}
            </span>
            {!defaultLine && <span className="sr-only">{presenceLabel}</span>}
            <span data-testid="footer-status" className="truncate text-xs text-sidebar-foreground">
              {defaultLine ? presenceLabel : description}
            </span>
          </span>
        </button>
        <Tooltip content={t('subscribe.title')}>
          <button
            type="button"
            data-testid="footer-subscribe"
            aria-label={t('subscribe.title')}
            onClick={onOpenSubscribe}
            className={iconButton}
          >
            <CrownIcon className="size-[18px] text-[#f0b232]" aria-hidden />
          </button>
        </Tooltip>
        <Tooltip content={t('settings.title')}>
          <button
            type="button"
            data-testid="footer-settings"
            aria-label={t('settings.title')}
            onClick={onOpenSettings}
            className={iconButton}
          >
            <SettingsIcon className="size-[18px]" aria-hidden />
          </button>
        </Tooltip>
      </div>
    </div>
  );
}
