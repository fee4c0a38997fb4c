import { BotType, ImageEngineName } from '@draw/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useEngines, type EnginesView } from './enginesStore';

/**
 * What the UI calls an engine: only the midjourney-proxy is Midjourney (its Midjourney or Niji
 * bot); the built-in engine has its name in every language; any other goes by the name the
 * server lists, else its id. Unknown (the list not read yet): a drawing bot, never Midjourney.
 */
export function engineDisplayName(
  t: TFunction,
  engine: string | null | undefined,
  botType: BotType | undefined,
  view: Pick<EnginesView, 'byId'>,
): string {
  if (!engine) return t('composer.bot.label');
  if (engine === ImageEngineName.MidjourneyProxy)
    return botType === BotType.NijiJourney ? t('composer.bot.nijiName') : t('composer.bot.midjourneyName');
  if (engine === ImageEngineName.Builtin) return t('feed.engine.builtin');
  return view.byId(engine)?.name ?? engine;
}

export function useEngineDisplayName(engine: string | null | undefined, botType?: BotType): string {
  const { t } = useTranslation();
  const view = useEngines();
  return engineDisplayName(t, engine, botType, view);
}
