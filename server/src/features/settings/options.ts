import {
  BotType,
  type DrawOptionName,
  type DrawSettings,
  type DrawSettingsOptions,
  type DrawVersionOption,
} from '@draw/shared';

/**
 * The choices of the drawing-settings panel, per bot, as Midjourney's /settings offers them.
 * Everything else (validation, defaults, the prompt parameters) is derived from this one table.
 */

export type DrawStyle = DrawSettings['style'];
export type DrawSpeed = DrawSettings['speed'];
/** The stored, user-chosen part of the settings (remix lives on the user, botType is the key). */
export type SettingsValues = Omit<DrawSettings, 'botType' | 'remix'>;

export const DRAW_STYLES: readonly DrawStyle[] = ['standard', 'raw'];
export const DRAW_SPEEDS: readonly DrawSpeed[] = ['relax', 'fast', 'turbo'];
export const DRAW_OPTION_NAMES: readonly DrawOptionName[] = ['stylize', 'style', 'speed', 'remix'];
export const BOT_TYPES: readonly BotType[] = [BotType.MidJourney, BotType.NijiJourney];

export const SettingsLimits = {
  stylizeMin: 0,
  stylizeMax: 1000,
  /** Midjourney's own default for every version: a prompt without `--stylize` gets exactly this. */
  stylizeDefault: 100,
  suffixMaxChars: 500,
} as const;

const STYLIZE_PRESETS: DrawSettingsOptions['stylize']['presets'] = [
  { name: 'low', value: 50 },
  { name: 'med', value: 100 },
  { name: 'high', value: 250 },
  { name: 'veryHigh', value: 750 },
];

const BOTH_STYLES: DrawStyle[] = ['standard', 'raw'];

interface BotTable {
  /** The prompt parameter that picks the model version: `--v 6.1` or `--niji 6`. */
  versionParam: 'v' | 'niji';
  versions: DrawVersionOption[];
  defaults: SettingsValues;
}

const BOTS: Record<BotType, BotTable> = {
  [BotType.MidJourney]: {
    versionParam: 'v',
    versions: [
      { value: '7', label: 'Midjourney V7', styles: BOTH_STYLES },
      { value: '6.1', label: 'Midjourney V6.1', styles: BOTH_STYLES },
      { value: '6', label: 'Midjourney V6', styles: BOTH_STYLES },
      { value: '5.2', label: 'Midjourney V5.2', styles: BOTH_STYLES },
      { value: '5.1', label: 'Midjourney V5.1', styles: BOTH_STYLES },
    ],
    defaults: {
      version: '6.1',
      stylize: SettingsLimits.stylizeDefault,
      style: 'standard',
      speed: 'fast',
      suffix: '',
    },
  },
  [BotType.NijiJourney]: {
    versionParam: 'niji',
    versions: [
      { value: '6', label: 'Niji V6', styles: BOTH_STYLES },
      // Niji 5's styles are cute/expressive/scenic/original; it has no raw style.
      { value: '5', label: 'Niji V5', styles: ['standard'] },
    ],
    defaults: {
      version: '6',
      stylize: SettingsLimits.stylizeDefault,
      style: 'standard',
      speed: 'fast',
      suffix: '',
    },
  },
};

export const isBotType = (value: unknown): value is BotType => BOT_TYPES.includes(value as BotType);

export function versionParamOf(botType: BotType): 'v' | 'niji' {
  return BOTS[botType].versionParam;
}

export function defaultValues(botType: BotType): SettingsValues {
  return { ...BOTS[botType].defaults };
}

export function versionOption(botType: BotType, version: string): DrawVersionOption | undefined {
  return BOTS[botType].versions.find((v) => v.value === version);
}

/** A fresh copy each call: callers may not change the table. */
export function settingsOptions(botType: BotType): DrawSettingsOptions {
  const bot = BOTS[botType];
  return {
    botType,
    versions: bot.versions.map((v) => ({ ...v, styles: [...v.styles] })),
    stylize: {
      min: SettingsLimits.stylizeMin,
      max: SettingsLimits.stylizeMax,
      presets: STYLIZE_PRESETS.map((p) => ({ ...p })),
    },
    styles: [...DRAW_STYLES],
    speeds: [...DRAW_SPEEDS],
    options: [...DRAW_OPTION_NAMES],
    suffixMaxChars: SettingsLimits.suffixMaxChars,
    defaults: defaultValues(botType),
  };
}
