import { BotType } from '@draw/shared';
import { Flower2Icon, SailboatIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/utils';

/** The round avatar of the Midjourney (sailboat on ink) or Niji (flower on pink) bot. */
export function BotAvatar({ botType, className }: { botType: BotType; className?: string }) {
  const niji = botType === BotType.NijiJourney;
  const Icon = niji ? Flower2Icon : SailboatIcon;
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-white',
        niji ? 'bg-gradient-to-br from-[#ff7eb3] to-[#c04dd6]' : 'bg-gradient-to-br from-[#1e1f22] to-[#4a4d57] ring-1 ring-white/10',
        className,
      )}
    >
      <Icon className="size-[55%]" strokeWidth={2.2} />
    </span>
  );
}

/** The bot's display name. */
export function useBotName(botType: BotType): string {
  const { t } = useTranslation();
  return botType === BotType.NijiJourney ? t('composer.bot.nijiName') : t('composer.bot.midjourneyName');
}

/** Discord's blurple "APP" tag after a bot's name. */
export function AppTag() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex h-[15px] items-center rounded-[3px] bg-primary px-1 text-[10px] leading-none font-semibold text-white">
      {t('composer.bot.app')}
    </span>
  );
}
