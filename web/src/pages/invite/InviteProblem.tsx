import { LinkIcon, RotateCwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';

export interface InviteProblemProps {
  /** `invalid`: expired, replaced or unknown; `failed`: it could not be fetched. */
  kind: 'invalid' | 'failed';
  onRetry: () => void;
}

/** The invite cannot be used: say why, and offer a way on. */
export function InviteProblem({ kind, onRetry }: InviteProblemProps) {
  const { t } = useTranslation();
  const invalid = kind === 'invalid';
  return (
    <div className="flex flex-col items-center gap-5 py-2 text-center" data-testid={invalid ? 'invite-invalid' : 'invite-failed'} role="alert">
      <div aria-hidden className="relative flex size-20 items-center justify-center rounded-[24px] bg-secondary text-muted-foreground dark:bg-[#41434a]">
        <LinkIcon className="size-9" />
        <span className="absolute h-[3px] w-14 rotate-45 rounded-full bg-destructive" />
      </div>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-heading">{invalid ? t('invite.invalidTitle') : t('invite.loadFailed')}</h1>
        {invalid && <p className="text-sm text-muted-foreground">{t('invite.invalidText')}</p>}
      </div>
      <div className="flex w-full flex-col gap-2">
        {!invalid && (
          <Button size="lg" className="w-full" onClick={onRetry}>
            <RotateCwIcon aria-hidden />
            {t('invite.retry')}
          </Button>
        )}
        <Button asChild size="lg" variant={invalid ? 'default' : 'secondary'} className="w-full" data-testid="invite-home">
          <Link to="/draw">{t('invite.openApp')}</Link>
        </Button>
      </div>
    </div>
  );
}
