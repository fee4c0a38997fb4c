import {
  ErrorReason,
  takesMidjourneyParameters,
  type BotType,
  type DrawInfo,
  type DrawSettings,
  type DrawSettingsOptions,
  type DrawSettingsUpdate,
} from '@draw/shared';
import { AppError } from '../../errors';
import type { UserDoc, UsersRepository } from '../auth/repository';
import { composePrompt } from './compose';
import {
  DRAW_OPTION_NAMES,
  DRAW_SPEEDS,
  DRAW_STYLES,
  SettingsLimits,
  defaultValues,
  isBotType,
  settingsOptions,
  versionOption,
  type DrawSpeed,
  type DrawStyle,
  type SettingsValues,
} from './options';
import { type DrawSettingsDoc, type SettingsRepository } from './repository';

export interface SettingsDeps {
  repo: SettingsRepository;
  users: Pick<UsersRepository, 'byId' | 'setFields'>;
  now: () => number;
}

/**
 * Where /info's figures come from. Plans, credits and the task queue belong to other features;
 * they are injected here so the route exists now and is wired to them later.
 */
export interface DrawInfoSources {
  /** Display name of the engine that draws ("Built-in sketch engine", never "Midjourney" for it). */
  engineName(): string;
  planOf(userId: string): Promise<{ plan: string | null; credits: number | null; renewsAt: number | null }>;
  taskCounts(userId: string): Promise<{ running: number; queued: number }>;
}

/** Until plans and the task queue exist: no plan, no credits, no tasks. */
export function pendingInfoSources(engineName: string): DrawInfoSources {
  return {
    engineName: () => engineName,
    planOf: async () => ({ plan: null, credits: null, renewsAt: null }),
    taskCounts: async () => ({ running: 0, queued: 0 }),
  };
}

const list = (values: readonly unknown[]) => values.join(', ');
const remixField = (botType: BotType) => (botType === 'NIJI_JOURNEY' ? 'nijiRemix' : 'mjRemix');

// ---- Validation: every field, from unknown input, with a message that says what is allowed ----

export function checkBotType(value: unknown): BotType {
  if (isBotType(value)) return value;
  throw new AppError(ErrorReason.BadRequest, 'settings.badBotType', {
    value: String(value),
    allowed: list(['MID_JOURNEY', 'NIJI_JOURNEY']),
  });
}

export function checkVersion(botType: BotType, value: unknown): string {
  const version = typeof value === 'string' ? value.trim().replace(/^v/i, '') : '';
  if (version && versionOption(botType, version)) return version;
  const allowed = settingsOptions(botType).versions.map((v) => v.value);
  throw new AppError(ErrorReason.BadRequest, 'settings.badVersion', {
    bot: botType,
    version: String(value),
    allowed: list(allowed),
  });
}

export function checkStylize(value: unknown): number {
  if (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= SettingsLimits.stylizeMin &&
    value <= SettingsLimits.stylizeMax
  ) {
    return value;
  }
  throw new AppError(ErrorReason.BadRequest, 'settings.badStylize', {
    min: SettingsLimits.stylizeMin,
    max: SettingsLimits.stylizeMax,
  });
}

export function checkStyle(value: unknown): DrawStyle {
  if (DRAW_STYLES.includes(value as DrawStyle)) return value as DrawStyle;
  throw new AppError(ErrorReason.BadRequest, 'settings.badStyle', { allowed: list(DRAW_STYLES) });
}

export function checkSpeed(value: unknown): DrawSpeed {
  if (DRAW_SPEEDS.includes(value as DrawSpeed)) return value as DrawSpeed;
  throw new AppError(ErrorReason.BadRequest, 'settings.badSpeed', { allowed: list(DRAW_SPEEDS) });
}

export function checkRemix(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  throw new AppError(ErrorReason.BadRequest, 'settings.badRemix');
}

/** Line breaks and runs of spaces become one space; at most 500 characters; no control characters. */
export function checkSuffix(value: unknown): string {
  if (typeof value !== 'string') throw new AppError(ErrorReason.BadRequest, 'settings.badSuffix');
  const suffix = value.replace(/\s+/g, ' ').trim();
  if ([...suffix].length > SettingsLimits.suffixMaxChars) {
    throw new AppError(ErrorReason.BadRequest, 'settings.suffixTooLong', {
      max: SettingsLimits.suffixMaxChars,
    });
  }
  if (/\p{Cc}/u.test(suffix)) throw new AppError(ErrorReason.BadRequest, 'settings.badSuffix');
  return suffix;
}

interface CheckedUpdate {
  values: Partial<SettingsValues>;
  remix?: boolean;
}

function checkUpdate(botType: BotType, changes: DrawSettingsUpdate): CheckedUpdate {
  if (changes.botType !== undefined && changes.botType !== botType) {
    throw new AppError(ErrorReason.BadRequest, 'settings.botTypeMismatch', {
      query: botType,
      body: String(changes.botType),
    });
  }
  const values: Partial<SettingsValues> = {};
  if (changes.version !== undefined) values.version = checkVersion(botType, changes.version);
  if (changes.stylize !== undefined) values.stylize = checkStylize(changes.stylize);
  if (changes.style !== undefined) values.style = checkStyle(changes.style);
  if (changes.speed !== undefined) values.speed = checkSpeed(changes.speed);
  if (changes.suffix !== undefined) values.suffix = checkSuffix(changes.suffix);
  return changes.remix === undefined ? { values } : { values, remix: checkRemix(changes.remix) };
}

/** Stored choices over the current defaults; a stored value no longer offered falls back to the default. */
function resolve(botType: BotType, doc: DrawSettingsDoc | null, user: UserDoc | null): DrawSettings {
  const defaults = defaultValues(botType);
  const keep = <T>(value: T | undefined, check: (v: unknown) => T, fallback: T): T => {
    if (value === undefined) return fallback;
    try {
      return check(value);
    } catch {
      return fallback;
    }
  };
  return {
    botType,
    version: keep(doc?.version, (v) => checkVersion(botType, v), defaults.version),
    stylize: keep(doc?.stylize, checkStylize, defaults.stylize),
    style: keep(doc?.style, checkStyle, defaults.style),
    speed: keep(doc?.speed, checkSpeed, defaults.speed),
    remix: Boolean(user?.[remixField(botType)]),
    suffix: keep(doc?.suffix, checkSuffix, defaults.suffix),
  };
}

export function settingsService({ repo, users, now }: SettingsDeps) {
  async function get(userId: string, botType: BotType): Promise<DrawSettings> {
    const [doc, user] = await Promise.all([repo.settings.of(userId, botType), users.byId(userId)]);
    return resolve(botType, doc, user);
  }

  /** Everything is checked before anything is written: a refused change changes nothing. */
  async function update(
    userId: string,
    botType: BotType,
    changes: DrawSettingsUpdate,
  ): Promise<DrawSettings> {
    const { values, remix } = checkUpdate(checkBotType(botType), changes);
    if (Object.keys(values).length > 0) {
      await repo.settings.save(userId, botType, values, now());
    }
    if (remix !== undefined)
      await users.setFields(
        userId,
        remixField(botType) === 'nijiRemix' ? { nijiRemix: remix } : { mjRemix: remix },
      );
    return get(userId, botType);
  }

  return {
    get,
    update,

    setVersion(userId: string, botType: BotType, version: string): Promise<DrawSettings> {
      return update(userId, botType, { version: checkVersion(checkBotType(botType), version) });
    },

    setSuffix(userId: string, botType: BotType, suffix: string): Promise<DrawSettings> {
      return update(userId, botType, { suffix: checkSuffix(suffix) });
    },

    /** One panel switch: stylize, style, speed or remix (remix is the user's mjRemix / nijiRemix). */
    setOption(userId: string, botType: BotType, name: string, value: unknown): Promise<DrawSettings> {
      switch (name) {
        case 'stylize':
          return update(userId, botType, { stylize: checkStylize(value) });
        case 'style':
          return update(userId, botType, { style: checkStyle(value) });
        case 'speed':
          return update(userId, botType, { speed: checkSpeed(value) });
        case 'remix':
          return update(userId, botType, { remix: checkRemix(value) });
        default:
          throw new AppError(ErrorReason.BadRequest, 'settings.unknownOption', {
            name: String(name),
            allowed: list(DRAW_OPTION_NAMES),
          });
      }
    },

    options(botType: BotType): DrawSettingsOptions {
      return settingsOptions(checkBotType(botType));
    },

    /** The prompt an engine receives for these settings: see compose.ts for the rules. */
    composePrompt,

    /**
     * The user's current settings applied to a prompt, and whether remix is on: what the task
     * service asks for (it fits its `PromptComposer`, so the service itself can be passed).
     */
    async compose(
      userId: string,
      botType: BotType,
      prompt: string,
      engine: string,
    ): Promise<{ finalPrompt: string; remix: boolean }> {
      const settings = await get(userId, botType);
      return {
        finalPrompt: composePrompt(settings, prompt, {
          midjourneyParameters: takesMidjourneyParameters(engine),
        }),
        remix: settings.remix,
      };
    },

    /** Midjourney's /info for this user and bot. */
    async info(
      userId: string,
      botType: BotType,
      channelId: string,
      sources: DrawInfoSources,
    ): Promise<DrawInfo> {
      const [settings, plan, counts] = await Promise.all([
        get(userId, botType),
        sources.planOf(userId),
        sources.taskCounts(userId),
      ]);
      return {
        engine: sources.engineName(),
        plan: plan.plan,
        credits: plan.credits,
        renewsAt: plan.renewsAt,
        jobMode: settings.speed,
        remix: settings.remix,
        version: settings.version,
        runningTasks: counts.running,
        queuedTasks: counts.queued,
        channelId,
      };
    },
  };
}
export type SettingsService = ReturnType<typeof settingsService>;
