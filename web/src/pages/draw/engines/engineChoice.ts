import type { EngineInfo, ImageEngineName } from '@draw/shared';
import { storage } from '../../../lib/storage';

/** localStorage key of the engine a person picked per channel: `{ [channelId]: ImageEngineName }`, kept with no expiry. */
export const ENGINE_PREFERENCE_KEY = 'composerEngine';

function readAll(): Record<string, string> {
  const stored = storage.get<unknown>(ENGINE_PREFERENCE_KEY);
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).filter(([, value]) => typeof value === 'string'),
  ) as Record<string, string>;
}

/** The engine this person picked in this channel, or null (they follow the channel's). */
export function loadEnginePick(channelId: string): string | null {
  return readAll()[channelId] ?? null;
}

/** Remembers a pick; null forgets it (the person follows the channel's engine again). */
export function saveEnginePick(channelId: string, engine: ImageEngineName | null): void {
  const all = readAll();
  if (engine === null) delete all[channelId];
  else all[channelId] = engine;
  storage.set(ENGINE_PREFERENCE_KEY, all, null);
}

export interface EngineChoice {
  /** The engine that will draw: the person's pick ?? the channel's ?? the site's default. */
  engine: EngineInfo | null;
  /** The person's own pick, when it is still an enabled engine: submits name it. */
  picked: EngineInfo | null;
  /** What the channel draws on when nobody picks (its own default, else the site's). */
  channelDefault: EngineInfo | null;
}

/** Who draws the next task. A pick or channel engine that is no longer enabled is passed over. */
export function chooseEngine(
  engines: readonly EngineInfo[] | null,
  pick: string | null,
  channelEngine: string | null,
): EngineChoice {
  if (!engines || engines.length === 0) return { engine: null, picked: null, channelDefault: null };
  const find = (id: string | null) => (id ? (engines.find((engine) => engine.id === id) ?? null) : null);
  const channelDefault = find(channelEngine) ?? engines.find((engine) => engine.isDefault) ?? engines[0]!;
  const picked = find(pick);
  return { engine: picked ?? channelDefault, picked, channelDefault };
}
