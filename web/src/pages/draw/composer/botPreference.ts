import { BotType } from '@draw/shared';
import { storage } from '../../../lib/storage';

/** localStorage key of the bot chosen per channel: `{ [channelId]: BotType }`, kept with no expiry. */
export const BOT_PREFERENCE_KEY = 'composerBotType';

const isBotType = (value: unknown): value is BotType =>
  value === BotType.MidJourney || value === BotType.NijiJourney;

function readAll(): Record<string, BotType> {
  const stored = storage.get<unknown>(BOT_PREFERENCE_KEY);
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  return Object.fromEntries(Object.entries(stored).filter(([, value]) => isBotType(value))) as Record<
    string,
    BotType
  >;
}

/** The bot last chosen in this channel; Midjourney when none was. */
export function loadBotType(channelId: string): BotType {
  return readAll()[channelId] ?? BotType.MidJourney;
}

export function saveBotType(channelId: string, botType: BotType): void {
  storage.set(BOT_PREFERENCE_KEY, { ...readAll(), [channelId]: botType }, null);
}
