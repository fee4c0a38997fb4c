import type { ChannelBan } from '@draw/shared';
import { RotateCwIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { lazyWhenOpen } from '../../../components/app/lazyWhenOpen';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useIsMobile } from '../../../hooks/useMediaQuery';
import { notify } from '../../../lib/notify';
import { useCurrentChannel } from '../../../live/hooks';
import { channelApi } from './api';
import { BannedList } from './BannedList';
import type { MemberAction } from './MemberActionDialog';
import { MemberRow } from './MemberRow';
import { closeMobileMemberPanel, memberPanel } from './memberPanel';
import { reportCallFailure } from './reportCallFailure';
import { useChannelBans } from './useChannelBans';
import { useChannelMembers } from './useChannelMembers';

// Out of the first download with Radix's dialog (the only dialog the first screen imported).
const MemberActionDialog = lazyWhenOpen(
  async () => (await import('./MemberActionDialog')).MemberActionDialog,
  (p) => p.action !== null,
);

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
 * Discord's right-hand member list for the open channel (240 px, collapsible from the header); on
 * phones a sheet over the channel, opened from the same header button. The creator's menu on a
 * member removes (a kick: they may rejoin by invite) or bans (no invite lets them back until
 * unbanned); the creator also sees the banned users, with Unban.
 */
export function MemberPanel() {
  const isMobile = useIsMobile();
  const panel = useSnapshot(memberPanel);
  // Hidden, it asks the server nothing: on phones it is closed most of the time.
  return (isMobile ? panel.mobileOpen : panel.open) ? <OpenMemberPanel isMobile={isMobile} /> : null;
}

function OpenMemberPanel({ isMobile }: { isMobile: boolean }) {
  const { t } = useTranslation();
  const channel = useCurrentChannel();
  const channelId = channel?.id ?? null;
  const isCreator = channel?.isCreator ?? false;
  const { state, reload } = useChannelMembers(channelId);
  const bans = useChannelBans(channelId, isCreator);
  const [action, setAction] = useState<MemberAction | null>(null);

  useEffect(() => {
    if (!isMobile) return;
    // An Escape that a dialog or menu over the sheet handled (Radix marks it) closes only that.
    const onKeyDown = (event: KeyboardEvent) =>
      event.key === 'Escape' && !event.defaultPrevented && closeMobileMemberPanel();
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isMobile]);

  if (!channelId || !state) return null;

  async function confirm({ kind, member }: MemberAction, reason: string) {
    try {
      if (kind === 'ban') {
        await channelApi.ban(
          channelId!,
          reason ? { userId: member.userId, reason } : { userId: member.userId },
        );
        notify.success(t('members.banSuccess', { name: member.name }));
        void bans.reload();
      } else {
        await channelApi.removeMember(channelId!, member.userId);
        notify.success(t('members.removeSuccess', { name: member.name }));
      }
    } catch (error) {
      reportCallFailure(error, kind === 'ban' ? t('members.banFailed') : t('members.removeFailed'));
      throw error;
    }
  }

  async function unban(ban: ChannelBan) {
    try {
      await channelApi.unban(channelId!, ban.userId);
      notify.success(t('members.unbanSuccess', { name: ban.name }));
    } catch (error) {
      reportCallFailure(error, t('members.unbanFailed'));
    }
    // Either way the list shows what the server now has (another tab may have unbanned first).
    await bans.reload();
  }

  const list = (
    <aside
      data-testid="member-list"
      aria-label={t('members.label')}
      className="flex h-full shrink-0 flex-col bg-sidebar"
      style={{ width: MEMBER_PANEL_WIDTH }}
    >
      <div className="scrollbar-thin min-h-0 flex-1 overflow-y-auto px-2 pt-6 pb-4">
        <h2
          className="truncate px-2 pb-1.5 text-xs font-semibold tracking-wide text-sidebar-foreground uppercase"
          data-testid="member-count"
        >
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
              <MemberRow
                key={member.userId}
                member={member}
                onAction={isCreator && !member.isCreator ? setAction : undefined}
              />
            ))}
          </ul>
        )}
        {bans.state && <BannedList state={bans.state} onUnban={unban} />}
      </div>
    </aside>
  );

  const dialog = <MemberActionDialog action={action} onClose={() => setAction(null)} onConfirm={confirm} />;

  if (!isMobile) {
    return (
      <>
        {list}
        {dialog}
      </>
    );
  }
  return (
    <>
      <div
        data-testid="member-list-backdrop"
        aria-hidden
        className="fixed inset-0 z-30 bg-overlay animate-fade-in"
        onClick={closeMobileMemberPanel}
      />
      <div className="fixed inset-y-0 right-0 z-40 shadow-2xl">{list}</div>
      {dialog}
    </>
  );
}
