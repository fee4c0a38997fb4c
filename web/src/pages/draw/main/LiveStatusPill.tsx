import { Loader2Icon, WifiOffIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../../../live/hooks';
import { cn } from '../../../lib/utils';

/** A first connection shows nothing for this long (no flash on every page load). */
const CONNECTING_GRACE_MS = 1500;

/**
 * The connection indicator of the channel header: a small pill while the live feed is not live
 * (reconnecting…, offline, refused: the server cannot speak this page's protocol version).
 * `live-status` always exists and carries the status in `data-status`.
 */
export function LiveStatusPill({ className }: { className?: string }) {
  const { t } = useTranslation();
  const status = useLiveStatus();
  const [graceOver, setGraceOver] = useState(false);
  useEffect(() => {
    if (status !== 'connecting') return;
    const timer = window.setTimeout(() => setGraceOver(true), CONNECTING_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  const visible = status === 'reconnecting' || status === 'offline' || status === 'refused' || (status === 'connecting' && graceOver);
  const offline = status === 'offline' || status === 'refused';
  return (
    <span
      data-testid="live-status"
      data-status={status}
      role="status"
      aria-live="polite"
      className={cn(
        visible
          ? 'inline-flex h-6 shrink-0 items-center gap-1.5 rounded-full px-2.5 text-xs font-semibold whitespace-nowrap animate-fade-in'
          : 'sr-only',
        visible && (offline ? 'bg-destructive/15 text-destructive dark:text-[#fa777c]' : 'bg-warning/15 text-[#a36b00] dark:text-warning'),
        className,
      )}
    >
      {visible &&
        (offline ? <WifiOffIcon className="size-3.5" aria-hidden /> : <Loader2Icon className="size-3.5 animate-spin" aria-hidden />)}
      {visible ? t(`feed.live.${status}`) : status === 'live' ? t('feed.live.live') : ''}
    </span>
  );
}
