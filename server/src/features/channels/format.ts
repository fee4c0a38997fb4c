import type { Language } from '@draw/shared';
import type { MessageKey } from '../../i18n/messages';
import { translate } from '../../i18n/messages';

const DEFAULT_ZONE: Record<Language, string> = {
  'zh-CN': 'Asia/Shanghai',
  'zh-TW': 'Asia/Taipei',
  'en-US': 'UTC',
};

/** A time zone the browser told us (`X-Time-Zone`), if Intl knows it; else the language's usual one. */
export function resolveTimeZone(header: string | undefined, language: Language): string {
  if (header && header.length < 64) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: header });
      return header;
    } catch {
      /* unknown zone: fall through */
    }
  }
  return DEFAULT_ZONE[language];
}

/** "Expires 2026/11/22 13:00" in the reader's language and zone, or "never expires". */
export function formatInviteExpiry(expiresAt: number | null, language: Language, timeZone: string): string {
  if (expiresAt === null) return translate('invite.neverExpires' satisfies MessageKey, language);
  const time = new Intl.DateTimeFormat(language, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(expiresAt);
  return translate('invite.expiresAt', language, { time });
}
