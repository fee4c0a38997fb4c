import type { BotType } from '@draw/shared';
import { defineCollection, type BaseDoc, type Storage } from '../../storage/port';
import { documentSchema, type StoredFields } from '../../storage/schema';
import {
  BOT_TYPES,
  DRAW_SPEEDS,
  DRAW_STYLES,
  SettingsLimits,
  type DrawSpeed,
  type DrawStyle,
} from './options';

export interface DrawSettingsDoc extends BaseDoc {
  /** `_id` is `<userId>:<botType>`: one document per user and bot. */
  userId: string;
  botType: BotType;
  /**
   * Only what the user chose is stored; an absent field follows the current default, so a
   * user who never picked a version moves on when the default version does.
   */
  version?: string;
  stylize?: number;
  style?: DrawStyle;
  speed?: DrawSpeed;
  suffix?: string;
  updatedAt: number;
}

export const DrawSettingsCollection = defineCollection<DrawSettingsDoc>(
  'draw_settings',
  documentSchema({
    userId: { type: String, required: true, index: true },
    botType: { type: String, required: true, enum: [...BOT_TYPES] },
    version: { type: String, maxlength: 16 },
    stylize: { type: Number, min: SettingsLimits.stylizeMin, max: SettingsLimits.stylizeMax },
    style: { type: String, enum: [...DRAW_STYLES] },
    speed: { type: String, enum: [...DRAW_SPEEDS] },
    // The service counts characters (code points); this backstop counts UTF-16 units.
    suffix: { type: String, maxlength: SettingsLimits.suffixMaxChars * 2 },
    updatedAt: { type: Number, required: true },
  } satisfies StoredFields<DrawSettingsDoc>),
);

export const settingsId = (userId: string, botType: BotType) => `${userId}:${botType}`;

export function settingsRepository(storage: Storage) {
  const settings = storage.collection(DrawSettingsCollection);
  return {
    settings: {
      /** What the person chose for a bot, or null. */
      of: (userId: string, botType: BotType) => settings.findOne({ _id: settingsId(userId, botType) }),
      /** Stores what the person chose for a bot (other choices stay as they were). */
      save: (
        userId: string,
        botType: BotType,
        values: Partial<Omit<DrawSettingsDoc, '_id' | 'userId' | 'botType'>>,
        at: number,
      ) =>
        settings.findOneAndUpdate(
          { _id: settingsId(userId, botType) },
          { $set: { userId, botType, ...values, updatedAt: at } },
          { upsert: true },
        ),
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
