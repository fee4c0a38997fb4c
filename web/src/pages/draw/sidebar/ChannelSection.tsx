import type { Channel } from '@draw/shared';
import { HashIcon, PlusIcon, RotateCwIcon, TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tooltip } from '../../../components/ui/tooltip';
import { loadChannels, type ChannelListStatus } from '../../../stores/channels';
import { unreadStore } from '../../../stores/unread';
import { CategoryHeader } from './CategoryHeader';
import { SidebarRow } from './SidebarRow';

export interface ChannelSectionProps {
  channels: readonly Channel[];
  status: ChannelListStatus;
  selectedId: string | null;
  onSelect: (channel: Channel) => void;
  onCreateChannel: () => void;
  /** Hook point: the action buttons of the selected channel (invite, edit, delete / quit). */
  renderChannelActions?: (channel: Channel) => ReactNode;
  /** Loads the list again after a failure (default: `loadChannels()`, through the channel session). */
  onRetry?: () => void;
}

/** The # before every channel name (text, so the row reads "# title"). */
export function ChannelHash({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={`w-5 shrink-0 text-center text-xl leading-none font-medium opacity-70 ${className}`}
    >
      #
    </span>
  );
}

function ChannelListSkeleton() {
  return (
    <div className="flex flex-col gap-1.5 px-2 py-1" aria-hidden>
      {[72, 56, 64].map((width) => (
        <div key={width} className="flex h-7 items-center gap-2">
          <Skeleton className="size-4" />
          <Skeleton className="h-3.5" style={{ width: `${width}%` }} />
        </div>
      ))}
    </div>
  );
}

function EmptyChannels() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-1 px-3 py-6 text-center" data-testid="channel-empty">
      <HashIcon className="size-8 text-sidebar-foreground/50" aria-hidden />
      <p className="text-sm font-semibold text-sidebar-foreground">{t('channels.empty')}</p>
      <p className="text-xs text-sidebar-foreground/80">{t('channels.emptyHint')}</p>
    </div>
  );
}

const retryLoad = () => void loadChannels();

/**
 * The list could not be loaded. Not "no channels": the user may well have some. With a list from
 * an earlier load it sits above that list, which is kept.
 */
function ChannelListError({ onRetry, compact }: { onRetry: () => void; compact: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="channel-list-error"
      className={
        compact
          ? 'flex items-center gap-2 px-2 py-1 text-xs text-sidebar-foreground'
          : 'flex flex-col items-center gap-2 px-3 py-6 text-center'
      }
    >
      <TriangleAlertIcon
        className={compact ? 'size-4 shrink-0 text-destructive' : 'size-8 text-destructive'}
        aria-hidden
      />
      <p className={compact ? 'min-w-0 flex-1 truncate' : 'text-sm font-semibold text-sidebar-foreground'}>
        {t('channelList.loadFailed')}
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        data-testid="channel-list-retry"
        onClick={onRetry}
        className={compact ? 'h-6 px-2' : undefined}
      >
        <RotateCwIcon aria-hidden />
        {t('channelList.retry')}
      </Button>
    </div>
  );
}

/** 文字频道: the add-channel button and the list of channels with a # prefix. */
export function ChannelSection({
  channels,
  status,
  selectedId,
  onSelect,
  onCreateChannel,
  renderChannelActions,
  onRetry = retryLoad,
}: ChannelSectionProps) {
  const { t } = useTranslation();
  const { byChannel } = useSnapshot(unreadStore);
  const firstLoad = channels.length === 0 && (status === 'idle' || status === 'loading');
  const failed = status === 'error';
  return (
    <section aria-label={t('sidebar.textChannels')} className="flex flex-col gap-0.5">
      <CategoryHeader
        title={t('sidebar.textChannels')}
        actions={
          <Tooltip content={t('sidebar.createChannel')}>
            <button
              type="button"
              data-testid="channel-add"
              aria-label={t('sidebar.createChannel')}
              onClick={onCreateChannel}
              className="flex items-center justify-center rounded text-sidebar-foreground outline-none hover:text-heading focus-visible:ring-2 focus-visible:ring-ring max-sm:size-11"
            >
              <PlusIcon className="size-4" strokeWidth={2.5} aria-hidden />
            </button>
          </Tooltip>
        }
      />
      {failed && <ChannelListError onRetry={onRetry} compact={channels.length > 0} />}
      {firstLoad ? (
        <ChannelListSkeleton />
      ) : channels.length > 0 ? (
        <ul className="flex flex-col gap-0.5" aria-label={t('sidebar.textChannels')}>
          {channels.map((channel) => {
            const selected = channel.id === selectedId;
            return (
              <li key={channel.id}>
                <SidebarRow
                  testId={`channel-item-${channel.id}`}
                  icon={<ChannelHash />}
                  label={channel.title}
                  selected={selected}
                  unread={byChannel[channel.id]?.unread ?? 0}
                  mentions={
                    byChannel[channel.id]?.notify === 'none' ? 0 : (byChannel[channel.id]?.mentions ?? 0)
                  }
                  onClick={() => onSelect(channel)}
                  trailing={selected ? renderChannelActions?.(channel) : undefined}
                />
              </li>
            );
          })}
        </ul>
      ) : failed ? null : (
        <EmptyChannels />
      )}
    </section>
  );
}
