import { ImagesIcon, MenuIcon, PanelLeftCloseIcon, PanelLeftOpenIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';
import { ChannelHash } from '../sidebar/ChannelSection';
import { useToggleUnread } from '../sidebar/UnreadElsewhere';

export interface ChannelHeaderProps {
  title: string | null;
  isMobile: boolean;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  /** Extra controls on the right of the bar. */
  actions?: ReactNode;
}

/** The main area's top bar: sidebar toggle and `# title` (the connection banner is below it, ConnectionBanner). */
export function ChannelHeader({
  title,
  isMobile,
  sidebarOpen,
  onToggleSidebar,
  actions,
}: ChannelHeaderProps) {
  const { t } = useTranslation();
  const toggleLabel = sidebarOpen ? t('sidebar.collapse') : t('sidebar.expand');
  const unread = useToggleUnread(toggleLabel, sidebarOpen);
  const ToggleIcon = isMobile ? MenuIcon : sidebarOpen ? PanelLeftCloseIcon : PanelLeftOpenIcon;
  return (
    <header className="relative z-10 flex h-12 shrink-0 items-center gap-2 px-2 shadow-elevation sm:px-3">
      <Tooltip content={toggleLabel} side="bottom">
        <button
          type="button"
          data-testid="sidebar-toggle"
          aria-label={unread.label}
          aria-expanded={sidebarOpen}
          aria-controls="channel-sidebar"
          onClick={onToggleSidebar}
          className="relative flex size-8 shrink-0 max-sm:size-11 items-center justify-center rounded-md text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-heading focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ToggleIcon className="size-5" aria-hidden />
          {unread.badge}
        </button>
      </Tooltip>
      {title && (
        <h1
          className="flex min-w-0 items-center gap-1.5 text-base font-semibold text-heading"
          data-testid="channel-title"
        >
          <ChannelHash className="text-muted-foreground" />
          <span className="truncate">{title}</span>
        </h1>
      )}
      <div className="ml-auto flex min-w-0 items-center gap-1">
        {actions}
        {/* On a phone the rail is hidden: the archive is reached from here. */}
        {isMobile && (
          <Tooltip content={t('archive.rail')} side="bottom">
            <Link
              to="/archive"
              data-testid="header-archive"
              aria-label={t('archive.rail')}
              className="flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-heading max-sm:size-11"
            >
              <ImagesIcon className="size-5" aria-hidden />
            </Link>
          </Tooltip>
        )}
      </div>
    </header>
  );
}
