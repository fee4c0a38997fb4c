import { LockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** In place of the message box when everyone is muted and the user is not an admin. */
export function MutedNotice() {
  const { t } = useTranslation();
  return (
    <div
      data-testid="composer-muted"
      role="status"
      className="flex min-h-11 items-center gap-3 rounded-lg bg-[#ebedef] px-4 py-2.5 text-muted-foreground dark:bg-[#383a40]"
    >
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-black/5 dark:bg-white/5">
        <LockIcon className="size-4" aria-hidden />
      </span>
      <p className="min-w-0 text-[15px] leading-snug">
        <span className="font-semibold text-heading">{t('composer.muted.title')}</span>
        <span className="mx-1.5 opacity-60" aria-hidden>
          ·
        </span>
        <span>{t('composer.muted.text')}</span>
      </p>
    </div>
  );
}
