import type { Channel } from '@draw/shared';
import { HashIcon, PlusIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tooltip } from '../../../components/ui/tooltip';
import type { ChannelListStatus } from '../../../stores/channels';
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
}

/** The # before every channel name (text, so the row reads "# title"). */
export function ChannelHash({ className = '' }: { className?: string }) {
  return (
    <span aria-hidden className={`w-5 shrink-0 text-center text-xl leading-none font-medium opacity-70 ${className}`}>
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

/** 文字频道: the add-channel button and the list of channels with a # prefix. */
export function ChannelSection({ channels, status, selectedId, onSelect, onCreateChannel, renderChannelActions }: ChannelSectionProps) {
  const { t } = useTranslation();
  const firstLoad = channels.length === 0 && (status === 'idle' || status === 'loading');
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
              className="rounded text-sidebar-foreground outline-none hover:text-heading focus-visible:ring-2 focus-visible:ring-ring"
            >
              <PlusIcon className="size-4" strokeWidth={2.5} aria-hidden />
            </button>
          </Tooltip>
        }
      />
      {firstLoad ? (
        <ChannelListSkeleton />
      ) : channels.length === 0 ? (
        <EmptyChannels />
      ) : (
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
                  onClick={() => onSelect(channel)}
                  trailing={selected ? renderChannelActions?.(channel) : undefined}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
