import type { BotType, Channel, EngineInfo } from '@draw/shared';
import { useState } from 'react';
import { chooseEngine, loadEnginePick, saveEnginePick, type EngineChoice } from '../engines/engineChoice';
import { useEngines } from '../engines/enginesStore';
import { loadBotType, saveBotType } from './botPreference';

export interface DrawTarget {
  engines: readonly EngineInfo[] | null;
  choice: EngineChoice;
  /** The engine that will draw, by id (null while the list is unknown). */
  engineId: string | null;
  /** What a submit names: only a person's own pick (otherwise the server applies the channel's). */
  engineBody: { engine?: EngineInfo['id'] };
  pickEngine(next: EngineInfo): void;
  botType: BotType;
  chooseBot(next: BotType): void;
}

/**
 * Who draws the next task in this channel: the engine (this person's pick here ?? the channel's ??
 * the site's default) and the Midjourney / Niji bot, both remembered per channel.
 */
export function useDrawTarget(channel: Channel): DrawTarget {
  const { engines } = useEngines();
  const [enginePick, setEnginePick] = useState<string | null>(() => loadEnginePick(channel.id));
  const [botType, setBotType] = useState<BotType>(() => loadBotType(channel.id));
  const choice = chooseEngine(engines, enginePick, channel.engine ?? null);
  return {
    engines,
    choice,
    engineId: choice.engine?.id ?? null,
    engineBody: choice.picked ? { engine: choice.picked.id } : {},
    // The channel's own engine again forgets the pick: the person then follows the channel's later changes.
    pickEngine(next) {
      const pick = next.id === choice.channelDefault?.id ? null : next.id;
      setEnginePick(pick);
      saveEnginePick(channel.id, pick);
    },
    botType,
    chooseBot(next) {
      setBotType(next);
      saveBotType(channel.id, next);
    },
  };
}
