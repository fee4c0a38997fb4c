import { InfoIcon, LockIcon, SlidersHorizontalIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export interface MutedNoticeProps {
  /** /settings and /info stay open to a muted member: they read and change only their own things. */
  onOpen: (panel: 'settings' | 'info') => void;
}

/** In place of the message box when everyone is muted and the user is not an admin. */
export function MutedNotice({ onOpen }: MutedNoticeProps) {
  const { t } = useTranslation();
  const panelButton =
    'flex size-8 shrink-0 items-center justify-center rounded-full text-muted-foreground outline-none transition-colors hover:bg-black/5 hover:text-heading focus-visible:ring-2 focus-visible:ring-ring dark:hover:bg-white/5';
  return (
    <div
      data-testid="composer-muted"
      role="status"
      className="flex min-h-11 items-center gap-3 rounded-lg bg-[#ebedef] px-4 py-2.5 text-muted-foreground dark:bg-[#383a40]"
    >
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-black/5 dark:bg-white/5">
        <LockIcon className="size-4" aria-hidden />
      </span>
      <p className="min-w-0 flex-1 text-[15px] leading-snug">
        <span className="font-semibold text-heading">{t('composer.muted.title')}</span>
        <span className="mx-1.5 opacity-60" aria-hidden>
          ·
        </span>
        <span>{t('composer.muted.text')}</span>
      </p>
      <button
        type="button"
        data-testid="composer-muted-settings"
        className={panelButton}
        aria-label={t('composer.commands.settings')}
        title={t('composer.commands.settings')}
        onClick={() => onOpen('settings')}
      >
        <SlidersHorizontalIcon className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        data-testid="composer-muted-info"
        className={panelButton}
        aria-label={t('composer.commands.info')}
        title={t('composer.commands.info')}
        onClick={() => onOpen('info')}
      >
        <InfoIcon className="size-4" aria-hidden />
      </button>
    </div>
  );
}
