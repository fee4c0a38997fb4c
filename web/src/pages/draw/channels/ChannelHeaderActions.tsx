import { MicOffIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Tooltip } from '../../../components/ui/tooltip';
import { useIsMobile } from '../../../hooks/useMediaQuery';
import { cn } from '../../../lib/utils';
import { useCurrentChannel } from '../../../live/hooks';
import { ChannelEngineBadge } from '../engines/ChannelEngineBadge';
import { memberPanel, toggleMemberPanel } from './memberPanel';

/** Right of the `# title` bar: the channel's engine (several on the site), the 全员禁言 badge and the member list toggle (a column on desktop, a sheet on phones). */
export function ChannelHeaderActions() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const panel = useSnapshot(memberPanel);
  const open = isMobile ? panel.mobileOpen : panel.open;
  const channel = useCurrentChannel();
  if (!channel) return null;
  const toggleLabel = open ? t('members.hide') : t('members.show');
  return (
    <>
      <ChannelEngineBadge channel={channel} />
      {channel.isBan && (
        <Tooltip content={t('channels.mutedHint')} side="bottom">
          <span
            data-testid="channel-muted-badge"
            tabIndex={0}
            aria-label={t('channels.mutedHint')}
            className="inline-flex h-6 items-center gap-1 rounded-full bg-destructive/12 px-2 text-xs font-semibold text-destructive outline-none focus-visible:ring-2 focus-visible:ring-ring dark:bg-destructive/20 dark:text-[#fa777c]"
          >
            <MicOffIcon className="size-3.5" aria-hidden />
            <span className="hidden sm:inline">{t('channels.muted')}</span>
          </span>
        </Tooltip>
      )}
      <Tooltip content={toggleLabel} side="bottom">
        <button
          type="button"
          data-testid="member-list-toggle"
          aria-label={toggleLabel}
          aria-pressed={open}
          onClick={() => toggleMemberPanel(isMobile)}
          className={cn(
            'flex size-8 shrink-0 items-center justify-center rounded-md transition-colors max-sm:size-11 outline-none hover:text-heading focus-visible:ring-2 focus-visible:ring-ring',
            open ? 'text-heading' : 'text-muted-foreground',
          )}
        >
          <UsersIcon className="size-5" aria-hidden />
        </button>
      </Tooltip>
    </>
  );
}
