import type { Member } from '@draw/shared';
import { RotateCwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { notify } from '../../../lib/notify';
import { channelsStore } from '../../../stores/channels';
import { chatStore } from '../../../stores/chat';
import { channelApi } from './api';
import { MemberRow } from './MemberRow';
import { memberPanel } from './memberPanel';
import { useChannelMembers } from './useChannelMembers';

export const MEMBER_PANEL_WIDTH = 240;

function MemberSkeleton() {
  return (
    <div className="flex flex-col gap-1 px-2" aria-hidden>
      {[60, 44, 70].map((width) => (
        <div key={width} className="flex h-[42px] items-center gap-3">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="h-3.5" style={{ width: `${width}%` }} />
        </div>
      ))}
    </div>
  );
}

/**
 * Discord's right-hand member list for the open channel (240 px, collapsible from the header,
 * not shown under 640 px — DrawShell leaves it out on mobile).
 */
export function MemberPanel() {
  const { t } = useTranslation();
  const { open } = useSnapshot(memberPanel);
  const { currentChannel } = useSnapshot(chatStore);
  const { items } = useSnapshot(channelsStore);
  const channelId = currentChannel?.uuid ?? null;
  const { state, reload } = useChannelMembers(channelId);
  if (!open || !channelId || !state) return null;
  const isCreator = items.find((channel) => channel.id === channelId)?.isCreator ?? false;

  async function remove(member: Member) {
    try {
      await channelApi.removeMember(channelId!, member.userId);
      notify.success(t('members.removeSuccess', { name: member.name }));
    } catch {
      notify.error(t('members.removeFailed'));
    }
  }

  return (
    <aside
      data-testid="member-list"
      aria-label={t('members.label')}
      className="flex shrink-0 flex-col bg-sidebar"
      style={{ width: MEMBER_PANEL_WIDTH }}
    >
      <div className="scrollbar-thin min-h-0 flex-1 overflow-y-auto px-2 pt-6 pb-4">
        <h2 className="truncate px-2 pb-1.5 text-xs font-semibold tracking-wide text-sidebar-foreground uppercase" data-testid="member-count">
          {t('members.heading', { count: state.members.length })}
        </h2>
        {state.status === 'loading' && state.members.length === 0 ? (
          <MemberSkeleton />
        ) : state.status === 'error' && state.members.length === 0 ? (
          <div className="flex flex-col items-start gap-2 px-2 py-2 text-sm text-sidebar-foreground">
            <p>{t('members.loadFailed')}</p>
            <Button size="sm" variant="secondary" onClick={() => void reload()}>
              <RotateCwIcon aria-hidden />
              {t('members.retry')}
            </Button>
          </div>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {state.members.map((member) => (
              <MemberRow key={member.userId} member={member} onRemove={isCreator && !member.isCreator ? remove : undefined} />
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}
