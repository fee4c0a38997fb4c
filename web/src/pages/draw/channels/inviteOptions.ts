import { INVITE_EXPIRE_HOURS, type InviteExpireHours } from '@draw/shared';

/** Spec §5: 1小时=1, 6小时=6, 12小时=12, 1天=24, 7天=168, 从不=-1; the label is `channels.expire.<key>`. */
export const EXPIRY_OPTIONS = [
  { hours: 1, key: 'hours1' },
  { hours: 6, key: 'hours6' },
  { hours: 12, key: 'hours12' },
  { hours: 24, key: 'day1' },
  { hours: 168, key: 'days7' },
  { hours: -1, key: 'never' },
] as const satisfies readonly { hours: InviteExpireHours; key: string }[];

export type ExpiryKey = (typeof EXPIRY_OPTIONS)[number]['key'];

const HOUR_MS = 3_600_000;

export function isExpireHours(value: number): value is InviteExpireHours {
  return (INVITE_EXPIRE_HOURS as readonly number[]).includes(value);
}

/** The link a member sends: the site's origin plus /invite/{code} (spec §3). */
export function inviteLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/invite/${encodeURIComponent(code)}`;
}

/**
 * The choice that matches an existing link: 从不 for a link that never expires, otherwise the
 * shortest choice that still covers the time left (the link was made with it, some time ago).
 */
export function expiryChoiceFor(expireAt: number | null, now: number = Date.now()): InviteExpireHours {
  if (expireAt === null) return -1;
  const hoursLeft = (expireAt - now) / HOUR_MS;
  const match = EXPIRY_OPTIONS.find((option) => option.hours > 0 && option.hours >= hoursLeft - 1 / 60);
  return match?.hours ?? 168;
}
