import { CircleCheckIcon, HashIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The one channel type, 文字频道, shown as Discord's selected type card (read-only). */
export function ChannelTypeCard() {
  const { t } = useTranslation();
  return (
    <div
      role="radiogroup"
      aria-label={t('channels.channelType')}
      aria-readonly
      className="flex items-center gap-3 rounded-lg bg-secondary/70 px-3 py-2.5 dark:bg-[#404249]"
    >
      <div
        role="radio"
        aria-checked="true"
        aria-disabled="true"
        className="flex min-w-0 flex-1 items-center gap-3"
        data-testid="channel-type"
      >
        <HashIcon className="size-6 shrink-0 text-muted-foreground" aria-hidden />
        <span className="flex min-w-0 flex-col leading-tight">
          <span className="text-base font-medium text-heading">{t('channels.textChannel')}</span>
          <span className="truncate text-sm text-muted-foreground">{t('channels.textChannelHint')}</span>
        </span>
      </div>
      <CircleCheckIcon className="size-5 shrink-0 fill-foreground text-background" aria-hidden />
    </div>
  );
}
