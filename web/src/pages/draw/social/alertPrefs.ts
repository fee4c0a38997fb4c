import { NotifyLevel } from '@draw/shared';
import { proxy, subscribe } from 'valtio';
import * as storage from '../../../lib/storage';

/**
 * The person's own notification settings on this device: the default level (a ceiling over every
 * channel's own level: "mentions only" here means no channel notifies more than mentions) and the
 * ping. Kept in localStorage per person.
 */
export interface AlertPrefs {
  level: NotifyLevel;
  sound: boolean;
}

const DEFAULTS: AlertPrefs = { level: NotifyLevel.All, sound: true };

export const alertPrefsStore = proxy<AlertPrefs & { userId: string }>({ ...DEFAULTS, userId: '' });

const keyOf = (userId: string) => `alertPrefs:${userId}`;

/** Loads the person's settings (at sign-in, when the drawing screen opens). */
export function loadAlertPrefs(userId: string): void {
  const saved = userId ? storage.get<Partial<AlertPrefs>>(keyOf(userId)) : null;
  Object.assign(alertPrefsStore, { ...DEFAULTS, ...saved, userId });
}

subscribe(alertPrefsStore, () => {
  const { userId, level, sound } = alertPrefsStore;
  if (userId) storage.set(keyOf(userId), { level, sound }, null);
});

const RANK: Record<NotifyLevel, number> = { none: 0, mentions: 1, all: 2 };

/** The stricter of the channel's level and the person's default. */
export function effectiveLevel(channel: NotifyLevel, person: NotifyLevel): NotifyLevel {
  return RANK[channel] <= RANK[person] ? channel : person;
}

/** Whether an activity reaches the person at this level: everything, their pings, or nothing. */
export function wantsAlert(level: NotifyLevel, pingsMe: boolean): boolean {
  return level === NotifyLevel.All || (level === NotifyLevel.Mentions && pingsMe);
}
