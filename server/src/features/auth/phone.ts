import { parsePhoneNumberWithError } from 'libphonenumber-js/max';

/** A mainland mobile number as accounts have always been stored: 11 digits, no country code. */
const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
const MAINLAND_CALLING_CODE = '86';

/**
 * One spelling per phone, or null when it is not a phone number anyone can have. A bare 11-digit
 * mainland mobile is taken as +86 and kept bare (the stored form of every existing account, so
 * `+86 138 0013 8000` and `13800138000` are the same account); any other number needs its
 * country code and is checked against that country's numbering plan (full metadata), then
 * kept in E.164 (`+447911123456`).
 */
export function canonicalPhone(raw: string): string | null {
  const typed = raw.trim().replace(/[\s().-]/g, '');
  if (MAINLAND_MOBILE.test(typed)) return typed;
  if (!/^\+\d{4,17}$/.test(typed)) return null;
  try {
    const parsed = parsePhoneNumberWithError(typed);
    if (!parsed.isValid()) return null;
    if (parsed.countryCallingCode === MAINLAND_CALLING_CODE && MAINLAND_MOBILE.test(parsed.nationalNumber))
      return parsed.nationalNumber;
    return parsed.number;
  } catch {
    // Too short, too long, or no such country code.
    return null;
  }
}
