import type { BotType } from '@draw/shared';
import { EyeIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppTag, BotAvatar, useBotName } from './BotAvatar';

export interface EphemeralCardProps {
  testId: string;
  botType: BotType;
  /** The engine that answers (its name and avatar), when known. */
  engine?: string | null;
  /** The accessible name of the card. */
  label: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A bot answer only the current user sees, shown above the composer the way Discord shows an
 * ephemeral message: the bot's avatar, name and APP tag, the content, and "Only you can see this ·
 * Dismiss message".
 */
export function EphemeralCard({ testId, botType, engine, label, onClose, children }: EphemeralCardProps) {
  const { t } = useTranslation();
  const botName = useBotName(botType, engine);
  return (
    <section
      data-testid={testId}
      aria-label={label}
      className="relative mb-2 flex max-h-[min(60vh,560px)] flex-col overflow-hidden rounded-lg border border-border bg-main shadow-[0_8px_24px_rgb(0_0_0/0.18)] animate-fade-in dark:border-[#26272b] dark:shadow-[0_8px_24px_rgb(0_0_0/0.45)]"
    >
      <button
        type="button"
        data-testid={`${testId}-close`}
        aria-label={t('common.close')}
        onClick={onClose}
        className="absolute top-2 right-2 z-10 flex size-7 items-center justify-center rounded-md text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-heading focus-visible:ring-2 focus-visible:ring-ring"
      >
        <XIcon className="size-4" aria-hidden />
      </button>
      <div className="scrollbar-thin flex min-h-0 gap-3 overflow-y-auto py-3 pr-10 pl-4 sm:gap-4">
        <BotAvatar botType={botType} engine={engine} className="mt-0.5 hidden sm:inline-flex" />
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-1.5">
            <BotAvatar botType={botType} engine={engine} className="size-5 sm:hidden" />
            <span className="text-[15px] font-medium text-heading">{botName}</span>
            <AppTag />
          </div>
          <div className="mt-1">{children}</div>
          <p className="mt-2 flex items-center gap-1 text-xs text-muted-foreground">
            <EyeIcon className="size-3.5" aria-hidden />
            <span>{t('composer.ephemeral.onlyYou')}</span>
            <span aria-hidden>·</span>
            <button
              type="button"
              onClick={onClose}
              className="rounded-sm text-[#006ce7] outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring dark:text-[#00a8fc]"
            >
              {t('composer.ephemeral.dismiss')}
            </button>
          </p>
        </div>
      </div>
    </section>
  );
}
