import { CheckIcon, Loader2Icon, RotateCwIcon, WifiOffIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '../../../live/connection';
import { reconnectNow } from '../../../live/connection';
import { useLiveStatus } from '../../../live/hooks';
import { setNetworkDownShown } from '../../../lib/http';
import { cn } from '../../../lib/utils';

/** A first connection shows nothing for this long (no flash on every page load). */
export const CONNECTING_GRACE_MS = 1500;
/** How long "Reconnected" stays after the link came back. */
export const RECONNECTED_MS = 2000;
/** How long the button shows it is trying after a click. */
const TRYING_MS = 1500;

export type BannerView = 'hidden' | 'connecting' | 'reconnecting' | 'offline' | 'refused' | 'reconnected';

/** What the banner shows for a status: nothing while live, except a short "Reconnected" after a drop. */
export function bannerView(status: LiveStatus, graceOver: boolean, justReconnected: boolean): BannerView {
  switch (status) {
    case 'live':
      return justReconnected ? 'reconnected' : 'hidden';
    case 'connecting':
      return graceOver ? 'connecting' : 'hidden';
    case 'reconnecting':
    case 'offline':
    case 'refused':
      return status;
    default:
      return 'hidden';
  }
}

function useBannerView(status: LiveStatus): BannerView {
  const [graceOver, setGraceOver] = useState(false);
  const [previous, setPrevious] = useState(status);
  const [justReconnected, setJustReconnected] = useState(false);
  // Adjusted while rendering (not in an effect): the flash starts with the very render that shows live.
  if (previous !== status) {
    setPrevious(status);
    setJustReconnected(status === 'live' && (previous === 'reconnecting' || previous === 'offline'));
  }

  useEffect(() => {
    if (status !== 'connecting') return;
    const timer = window.setTimeout(() => setGraceOver(true), CONNECTING_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  useEffect(() => {
    if (!justReconnected) return;
    const timer = window.setTimeout(() => setJustReconnected(false), RECONNECTED_MS);
    return () => window.clearTimeout(timer);
  }, [justReconnected]);

  return bannerView(status, graceOver, justReconnected);
}

const TONE: Record<Exclude<BannerView, 'hidden'>, string> = {
  connecting: 'bg-[#4752c4] text-white',
  reconnecting: 'bg-warning text-[#1e1f22]',
  offline: 'bg-[#c22f34] text-white',
  refused: 'bg-[#c22f34] text-white',
  reconnected: 'bg-[#248046] text-white',
};

function BannerButton({ view }: { view: 'connecting' | 'reconnecting' | 'offline' | 'refused' }) {
  const { t } = useTranslation();
  const [trying, setTrying] = useState(false);
  useEffect(() => {
    if (!trying) return;
    const timer = window.setTimeout(() => setTrying(false), TRYING_MS);
    return () => window.clearTimeout(timer);
  }, [trying]);

  const refused = view === 'refused';
  const onClick = () => {
    if (refused) return window.location.reload();
    setTrying(true);
    reconnectNow();
  };
  const Icon = trying ? Loader2Icon : RotateCwIcon;
  return (
    <button
      type="button"
      data-testid={refused ? 'connection-reload' : 'connection-reconnect'}
      onClick={onClick}
      aria-busy={trying || undefined}
      className="inline-flex h-7 shrink-0 items-center gap-1.5 rounded-[3px] border border-current px-2.5 text-xs font-semibold whitespace-nowrap transition-colors outline-none hover:bg-black/10 focus-visible:ring-2 focus-visible:ring-current"
    >
      <Icon className={cn('size-3.5', trying && 'animate-spin')} aria-hidden />
      {refused ? t('connection.reload') : t('connection.reconnectNow')}
    </button>
  );
}

/**
 * The bar across the top of the channel area while the live link is not there, as Discord's:
 * what is happening, and a "Reconnect now" button that tries at once (or "Reload" when the server
 * refused this page's version). A short green "Reconnected" after a drop. `live-status` always
 * exists (a polite live region) and carries the connection status in `data-status`.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  const view = useBannerView(status);
  const shown = view !== 'hidden';
  const saysDown = view === 'offline' || view === 'reconnecting';
  // While the banner says the link is down, a request failing for want of a network is not toasted over it.
  useEffect(() => {
    setNetworkDownShown(saysDown);
    return () => setNetworkDownShown(false);
  }, [saysDown]);
  const Icon =
    view === 'reconnected' ? CheckIcon : view === 'offline' || view === 'refused' ? WifiOffIcon : Loader2Icon;

  return (
    <div
      data-testid="live-status"
      data-status={status}
      data-view={view}
      role="status"
      aria-live="polite"
      className={cn(
        shown
          ? 'flex shrink-0 flex-wrap items-center justify-center gap-x-3 gap-y-1 px-3 py-1.5 text-sm font-medium animate-fade-in'
          : 'sr-only',
        shown && TONE[view],
      )}
    >
      {shown && (
        <>
          <span className="flex min-w-0 items-center gap-2">
            <Icon className={cn('size-4 shrink-0', Icon === Loader2Icon && 'animate-spin')} aria-hidden />
            <span data-testid="connection-text">{t(`connection.${view}`)}</span>
          </span>
          {view !== 'reconnected' && <BannerButton view={view} />}
        </>
      )}
    </div>
  );
}
