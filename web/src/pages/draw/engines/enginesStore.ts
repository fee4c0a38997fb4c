import { ImageEngineName, type EngineInfo } from '@draw/shared';
import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { api } from '../../../lib/api';
import { call } from '../../../lib/http';
import { userInfoStore } from '../../../stores/userInfo';

/**
 * The enabled engines (GET /api/draw/engines): names, what each offers, the site's default,
 * whether each answered its last health probe, and each one's prices. `null` until known (or when
 * the list could not be read): the composer then behaves as with a single engine.
 */
export const enginesStore = proxy<{ engines: EngineInfo[] | null }>({ engines: null });

let loading: Promise<void> | null = null;
/** Whose list was read: another person signing in on this page reads it again. */
let loadedFor: string | null = null;

/** Reads the list once per signed-in session; a failure is quiet and the next call tries again. */
export function loadEngines(): Promise<void> {
  const who = userInfoStore.id;
  if (loading && loadedFor === who) return loading;
  if (loadedFor !== who) enginesStore.engines = null;
  loadedFor = who;
  const current = call(api.engines.list, { silent: true }).then(
    (answer) => {
      if (loadedFor === who) enginesStore.engines = answer.engines;
    },
    () => {
      if (loading === current) loading = null;
    },
  );
  loading = current;
  return current;
}

/** Forgets the list (tests; a sign-out). */
export function resetEngines(): void {
  loading = null;
  loadedFor = null;
  enginesStore.engines = null;
}

export interface EnginesView {
  /** The enabled engines, or null until known. */
  engines: readonly EngineInfo[] | null;
  /** The site's default engine (the first enabled), or null until known. */
  siteDefault: EngineInfo | null;
  byId(id: string | null | undefined): EngineInfo | null;
}

export function enginesView(engines: readonly EngineInfo[] | null): EnginesView {
  const list = engines ?? null;
  return {
    engines: list,
    siteDefault: list?.find((engine) => engine.isDefault) ?? list?.[0] ?? null,
    byId: (id) => (id ? (list?.find((engine) => engine.id === id) ?? null) : null),
  };
}

/**
 * The engines list, loaded on first use in the session. `load: false` only reads what is known
 * (the feed: the composer below it loads the list; a task names its engine by id until then).
 */
export function useEngines({ load = true }: { load?: boolean } = {}): EnginesView {
  const { engines } = useSnapshot(enginesStore);
  useEffect(() => {
    if (load) void loadEngines();
  }, [load]);
  return enginesView(engines as readonly EngineInfo[] | null);
}

/** Engines whose tasks honour the Midjourney / Niji switch (the built-in one draws Niji's palette). */
export function takesBotType(engine: string | null | undefined): boolean {
  return !engine || engine === ImageEngineName.MidjourneyProxy || engine === ImageEngineName.Builtin;
}
