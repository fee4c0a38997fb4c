import { Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AuthLayout } from '../../components/app/AuthLayout';

/**
 * /invite/:code — accepting an invite link. Hook point: the invite feature fills this screen
 * (channel title, creator, member count, join button); for now it shows that the invite is loading.
 */
export function InvitePage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  return (
    <AuthLayout>
      <div data-testid="invite-page" data-invite-code={code} role="status" aria-live="polite" className="flex flex-col items-center gap-4 py-6 text-center">
        <div className="flex size-16 items-center justify-center rounded-2xl bg-primary/15 text-primary">
          <Loader2Icon className="size-8 animate-spin" aria-hidden />
        </div>
        <div>
          <h1 className="text-xl font-semibold text-heading">{t('invite.loadingTitle')}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t('invite.loadingText')}</p>
        </div>
      </div>
    </AuthLayout>
  );
}
