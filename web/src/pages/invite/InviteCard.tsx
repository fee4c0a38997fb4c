import type { PublicInvite } from '@draw/shared';
import { Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';

export interface InviteCardProps {
  invite: PublicInvite;
  /** A visitor is offered to sign in to join. */
  signedIn: boolean;
  joining: boolean;
  onJoin: () => void;
}

/** What the link leads to — channel, creator, member count — and 接受邀请, like Discord's invite screen. */
export function InviteCard({ invite, signedIn, joining, onJoin }: InviteCardProps) {
  const { t } = useTranslation();
  const initial = [...invite.title.trim()][0]?.toUpperCase() ?? '#';
  return (
    <div className="flex flex-col items-center gap-5 py-2 text-center" data-testid="invite-card">
      <div
        aria-hidden
        className="flex size-20 items-center justify-center rounded-[24px] bg-primary text-3xl font-semibold text-primary-foreground shadow-[0_8px_24px_rgb(88_101_242/0.35)]"
      >
        {initial}
      </div>
      <div className="flex min-w-0 flex-col items-center gap-1.5">
        <p className="text-sm text-muted-foreground" data-testid="invite-creator">
          {t('invite.invitedBy', { name: invite.creatorName })}
        </p>
        <h1
          className="flex max-w-full min-w-0 items-baseline gap-1.5 text-2xl font-bold text-heading"
          data-testid="invite-title"
        >
          <span className="text-muted-foreground" aria-hidden>
            #
          </span>
          <span className="truncate">{invite.title}</span>
        </h1>
        <p
          className="flex items-center gap-1.5 text-sm text-muted-foreground"
          data-testid="invite-member-count"
        >
          <span aria-hidden className="size-2 rounded-full bg-[#80848e]" />
          {t('invite.memberCount', { count: invite.memberCount })}
        </p>
      </div>
      <div className="flex w-full flex-col gap-2">
        <Button size="lg" className="w-full" data-testid="invite-join" onClick={onJoin} disabled={joining}>
          {joining && <Loader2Icon className="animate-spin" aria-hidden />}
          {joining ? t('invite.joining') : signedIn ? t('invite.join') : t('invite.signInToJoin')}
        </Button>
        <Button asChild variant="link" className="mx-auto h-auto py-1 text-sm">
          <Link to={signedIn ? '/draw' : '/'}>{t('invite.notNow')}</Link>
        </Button>
      </div>
    </div>
  );
}
