import { BellRingIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/ui/button';
import { closeNotificationOffer, notifierStore, requestNotifications } from '../social/notifier';

/**
 * After the person's first drawing: a small card offering to tell them when it is done while they
 * are in another tab. The browser's own question comes only from its "Turn on".
 */
export function NotificationOffer() {
  const { t } = useTranslation();
  const { askShowing } = useSnapshot(notifierStore);
  if (!askShowing) return null;
  return (
    <div
      role="region"
      aria-label={t('social.notify.offerTitle')}
      data-testid="notification-offer"
      className="mb-2 flex items-center gap-3 rounded-lg border border-border bg-main px-3 py-2 shadow-sm animate-fade-in dark:border-[#26272b] dark:bg-[#2b2d31]"
    >
      <BellRingIcon className="size-5 shrink-0 text-blurple" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-heading">{t('social.notify.offerTitle')}</p>
        <p className="text-xs text-muted-foreground">{t('social.notify.offerText')}</p>
      </div>
      <Button size="sm" data-testid="notification-offer-accept" onClick={() => void requestNotifications()}>
        {t('social.notify.turnOn')}
      </Button>
      <button
        type="button"
        onClick={closeNotificationOffer}
        aria-label={t('social.notify.notNow')}
        title={t('social.notify.notNow')}
        className="flex size-8 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:text-foreground [@media(pointer:coarse)]:size-11 max-sm:size-11"
      >
        <XIcon className="size-4" aria-hidden />
      </button>
    </div>
  );
}
