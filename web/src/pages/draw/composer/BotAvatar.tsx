import { BotType, ImageEngineName } from '@draw/shared';
import { Flower2Icon, PaletteIcon, SailboatIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/utils';
import { useEngineDisplayName } from '../engines/engineName';

/**
 * The round avatar of the bot that answers: Midjourney (sailboat on ink) or Niji (flower on pink)
 * on the midjourney-proxy, a palette for any other engine (or while the engine is not known).
 */
export function BotAvatar({
  botType,
  engine,
  className,
}: {
  botType: BotType;
  engine?: string | null;
  className?: string;
}) {
  const midjourney = engine === ImageEngineName.MidjourneyProxy;
  const niji = midjourney && botType === BotType.NijiJourney;
  const Icon = !midjourney ? PaletteIcon : niji ? Flower2Icon : SailboatIcon;
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-white',
        !midjourney
          ? 'bg-gradient-to-br from-[#5865f2] to-[#eb459e]'
          : niji
            ? 'bg-gradient-to-br from-[#ff7eb3] to-[#c04dd6]'
            : 'bg-gradient-to-br from-[#1e1f22] to-[#4a4d57] ring-1 ring-white/10',
        className,
      )}
    >
      <Icon className="size-[55%]" strokeWidth={2.2} />
    </span>
  );
}

/** The name of the bot that answers: only the midjourney-proxy's is Midjourney's (engines/engineName.ts). */
export function useBotName(botType: BotType, engine?: string | null): string {
  return useEngineDisplayName(engine, botType);
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
