import { useSocialAlerts } from './social/useSocialAlerts';
import type { Channel } from '@draw/shared';
import { Ui } from '@draw/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { lazyWhenOpen } from '../../components/app/lazyWhenOpen';
import { useIsMobile } from '../../hooks/useMediaQuery';
import { cn } from '../../lib/utils';
import { appSettingStore, toggleSiderCollapsed } from '../../stores/appSetting';
import {
  drawDialogs,
  openProfileSettings,
  openSettingsDialog,
  openSubscribeDialog,
  setSettingsDialogOpen,
  setSubscribeDialogOpen,
} from './drawDialogs';
import { CreditMeter } from './credits/CreditMeter';
import { useCreditsSync } from './credits/useCreditsSync';
import { usePauseSync } from './composer/usePauseSync';
import { ChannelHeader } from './main/ChannelHeader';
import { IconRail } from './rail/IconRail';
import { ChannelSidebar } from './sidebar/ChannelSidebar';
import { useUnreadSync } from './sidebar/useUnreadSync';
import { useChannelSelection } from './useChannelSelection';
// Eager, unlike the dialog: a refused submit's toast must offer 订阅 before the dialog's code loads.
import './subscribe/creditsPrompt';

// Opened on demand: their code (and billing's) loads on first open, not with the page.
const SettingsDialog = lazyWhenOpen(
  async () => (await import('./settings/SettingsDialog')).SettingsDialog,
  (p) => p.open,
);
const SubscribeDialog = lazyWhenOpen(
  async () => (await import('./subscribe/SubscribeDialog')).SubscribeDialog,
  (p) => p.open,
);

export interface DrawShellProps {
  /** Called by the add-channel button (`channel-add`) and the server menu. */
  onCreateChannel: () => void;
  /** The main area's body (below the `# title` bar). */
  main: ReactNode;
  /** The selected channel's action buttons in the sidebar (invite, edit, delete / quit). */
  renderChannelActions?: (channel: Channel) => ReactNode;
  /** Extra controls on the right of the `# title` bar. */
  headerActions?: ReactNode;
  /** A column right of the main area (the member list); under 640 px it places itself (a sheet). */
  aside?: ReactNode;
}

/**
 * The first stop of the Tab key: straight to the message box (or to the channel's content when
 * there is none), past the rail and the channel list. Shown only while focused.
 */
function SkipToComposer() {
  const { t } = useTranslation();
  return (
    <a
      href="#composer-input"
      data-testid="skip-to-composer"
      onClick={(event) => {
        event.preventDefault();
        (document.getElementById('composer-input') ?? document.getElementById('channel-content'))?.focus();
      }}
      className="fixed top-2 left-2 z-50 -translate-y-20 rounded-md bg-primary px-3 py-2 text-sm max-sm:py-3 font-semibold text-white shadow-lg transition-transform focus:translate-y-0 focus-visible:ring-2 focus-visible:ring-ring"
    >
      {t('main.skipToComposer')}
    </a>
  );
}

/** Discord-style layout: icon rail, channel sidebar (overlay on mobile) and the main area. */
export function DrawShell({
  onCreateChannel,
  main,
  renderChannelActions,
  headerActions,
  aside,
}: DrawShellProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { siderCollapsed } = useSnapshot(appSettingStore);
  const dialogs = useSnapshot(drawDialogs);
  const [mobileSidebarOpen, setMobileSidebarOpen] = useState(false);
  const { channels, status, currentChannel, selectChannel } = useChannelSelection();
  useCreditsSync();
  usePauseSync();
  useUnreadSync();
  useSocialAlerts();

  const sidebarOpen = isMobile ? mobileSidebarOpen : !siderCollapsed;
  const toggleSidebar = () => (isMobile ? setMobileSidebarOpen((open) => !open) : toggleSiderCollapsed());
  const closeMobileSidebar = () => setMobileSidebarOpen(false);

  // Crossing the mobile breakpoint closes the overlay (state adjusted during render, not in an effect).
  const [layoutWasMobile, setLayoutWasMobile] = useState(isMobile);
  if (layoutWasMobile !== isMobile) {
    setLayoutWasMobile(isMobile);
    setMobileSidebarOpen(false);
  }

  // A channel dialog (invite, edit) opened from the overlay's row actions takes its place.
  const channelDialogOpen = dialogs.inviteChannelId !== null || dialogs.editChannelId !== null;
  const [channelDialogWasOpen, setChannelDialogWasOpen] = useState(channelDialogOpen);
  if (channelDialogWasOpen !== channelDialogOpen) {
    setChannelDialogWasOpen(channelDialogOpen);
    if (channelDialogOpen) setMobileSidebarOpen(false);
  }

  useEffect(() => {
    if (!isMobile || !mobileSidebarOpen) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setMobileSidebarOpen(false);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isMobile, mobileSidebarOpen]);

  const withMobileClose = (action: () => void) => () => {
    if (isMobile) closeMobileSidebar();
    action();
  };

  const sidebar = (
    <ChannelSidebar
      channels={channels}
      status={status}
      selectedId={currentChannel?.uuid ?? null}
      onSelectChannel={(channel) => {
        if (isMobile) closeMobileSidebar();
        selectChannel(channel);
      }}
      onCreateChannel={withMobileClose(onCreateChannel)}
      onOpenSettings={withMobileClose(openSettingsDialog)}
      onEditProfile={withMobileClose(openProfileSettings)}
      onOpenSubscribe={withMobileClose(openSubscribeDialog)}
      renderChannelActions={renderChannelActions}
    />
  );

  return (
    <div className="flex h-dvh w-full overflow-hidden bg-main text-foreground">
      <SkipToComposer />
      {!isMobile && <IconRail />}

      {isMobile ? (
        <>
          {mobileSidebarOpen && (
            <div
              data-testid="sidebar-backdrop"
              aria-hidden
              className="fixed inset-0 z-30 bg-overlay animate-fade-in"
              onClick={closeMobileSidebar}
            />
          )}
          <aside
            id="channel-sidebar"
            data-testid="sidebar"
            data-state={mobileSidebarOpen ? 'open' : 'closed'}
            aria-hidden={!mobileSidebarOpen}
            inert={!mobileSidebarOpen}
            className={cn(
              'fixed inset-y-0 left-0 z-40 overflow-hidden transition-[transform,visibility] duration-200 ease-out',
              mobileSidebarOpen ? 'translate-x-0 shadow-2xl' : 'invisible -translate-x-full',
            )}
            style={{ width: Ui.sidebarWidth }}
          >
            {sidebar}
          </aside>
        </>
      ) : (
        <aside
          id="channel-sidebar"
          data-testid="sidebar"
          data-state={sidebarOpen ? 'open' : 'closed'}
          aria-hidden={!sidebarOpen}
          inert={!sidebarOpen}
          className="shrink-0 overflow-hidden bg-sidebar transition-[width] duration-200 ease-out"
          style={{ width: sidebarOpen ? Ui.sidebarWidth : Ui.sidebarCollapsedWidth }}
        >
          {sidebar}
        </aside>
      )}

      <main
        id="channel-content"
        tabIndex={-1}
        className="flex min-w-0 flex-1 flex-col bg-main outline-none"
        aria-label={t('main.label')}
      >
        <ChannelHeader
          title={currentChannel?.title ?? null}
          isMobile={isMobile}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={toggleSidebar}
          actions={
            <>
              {/* The sidebar's meter is out of view (a phone, or collapsed): the bar carries it. */}
              {!(sidebarOpen && !isMobile) && <CreditMeter variant="header" />}
              {headerActions}
            </>
          }
        />
        {/* Like Discord, the bar spans the member list too; the list sits beside the body. */}
        <div className="flex min-h-0 flex-1">
          <div className="flex min-w-0 flex-1 flex-col">{main}</div>
          {aside}
        </div>
      </main>

      <SettingsDialog
        open={dialogs.settings}
        onOpenChange={setSettingsDialogOpen}
        focusProfile={dialogs.settingsFocusProfile}
      />
      <SubscribeDialog open={dialogs.subscribe} onOpenChange={setSubscribeDialogOpen} />
    </div>
  );
}
