import type { ChannelBan } from '@draw/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/app/UserAvatar';
import { Button } from '../../../components/ui/button';
import type { BansState } from './useChannelBans';

export interface BannedListProps {
  state: BansState;
  onUnban: (ban: ChannelBan) => Promise<void>;
}

/** The creator's list of banned users under the members, each with an Unban action. */
export function BannedList({ state, onUnban }: BannedListProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  if (state.bans.length === 0 && state.status !== 'error') return null;

  async function unban(ban: ChannelBan) {
    setBusy(ban.userId);
    try {
      await onUnban(ban);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section data-testid="banned-list" aria-label={t('members.bannedLabel')} className="mt-5">
      <h2
        className="truncate px-2 pb-1.5 text-xs font-semibold tracking-wide text-sidebar-foreground uppercase"
        data-testid="banned-count"
      >
        {t('members.banned', { count: state.bans.length })}
      </h2>
      {state.status === 'error' && state.bans.length === 0 ? (
        <p className="px-2 text-sm text-sidebar-foreground">{t('members.bannedLoadFailed')}</p>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {state.bans.map((ban) => (
            <li
              key={ban.userId}
              data-testid={`banned-${ban.userId}`}
              className="flex min-h-[42px] items-center gap-3 rounded-md px-2 py-1"
            >
              <UserAvatar src={ban.avatar} name={ban.name} className="size-8 opacity-60 grayscale" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-[15px] leading-5 font-medium text-sidebar-foreground">
                  {ban.name}
                </span>
                {ban.reason && (
                  <span className="truncate text-xs text-muted-foreground" title={ban.reason}>
                    {t('members.bannedReason', { reason: ban.reason })}
                  </span>
                )}
              </span>
              <Button
                size="sm"
                variant="secondary"
                data-testid={`banned-unban-${ban.userId}`}
                aria-label={t('members.unbanNamed', { name: ban.name })}
                disabled={busy === ban.userId}
                onClick={() => void unban(ban)}
                className="h-7 shrink-0 px-2 text-xs"
              >
                {t('members.unban')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
