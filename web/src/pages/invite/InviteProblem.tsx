import { BanIcon, LinkIcon, RotateCwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';

export interface InviteProblemProps {
  /** `invalid`: expired, replaced or unknown; `failed`: it could not be fetched; `banned`: its creator banned this user. */
  kind: 'invalid' | 'failed' | 'banned';
  /** What the server said, when it said something (a refused join). */
  message?: string | null;
  onRetry: () => void;
}

const COPY = {
  invalid: { testId: 'invite-invalid', title: 'invite.invalidTitle', text: 'invite.invalidText' },
  failed: { testId: 'invite-failed', title: 'invite.loadFailed', text: null },
  banned: { testId: 'invite-banned', title: 'invite.bannedTitle', text: 'invite.bannedText' },
} as const;

/** The invite cannot be used: say why, and offer a way on. */
export function InviteProblem({ kind, message, onRetry }: InviteProblemProps) {
  const { t } = useTranslation();
  const copy = COPY[kind];
  const text = message || (copy.text ? t(copy.text) : null);
  // Only a failed fetch is worth trying again: a dead link or a ban stays what it is.
  const canRetry = kind === 'failed';
  return (
    <div className="flex flex-col items-center gap-5 py-2 text-center" data-testid={copy.testId} role="alert">
      <div
        aria-hidden
        className="relative flex size-20 items-center justify-center rounded-[24px] bg-secondary text-muted-foreground dark:bg-[#41434a]"
      >
        {kind === 'banned' ? (
          <BanIcon className="size-9 text-destructive dark:text-[#fa777c]" />
        ) : (
          <>
            <LinkIcon className="size-9" />
            <span className="absolute h-[3px] w-14 rotate-45 rounded-full bg-destructive" />
          </>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-heading">{t(copy.title)}</h1>
        {text && (
          <p className="text-sm text-muted-foreground" data-testid="invite-problem-text">
            {text}
          </p>
        )}
      </div>
      <div className="flex w-full flex-col gap-2">
        {canRetry && (
          <Button size="lg" className="w-full" onClick={onRetry}>
            <RotateCwIcon aria-hidden />
            {t('invite.retry')}
          </Button>
        )}
        <Button
          asChild
          size="lg"
          variant={canRetry ? 'secondary' : 'default'}
          className="w-full"
          data-testid="invite-home"
        >
          <Link to="/draw">{t('invite.openApp')}</Link>
        </Button>
      </div>
    </div>
  );
}
