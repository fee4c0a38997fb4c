import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';

/** Bare numbers are mainland China's, as they always were here; the picker changes that. */
export const DEFAULT_COUNTRY: CountryCode = 'CN';
const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;

export interface CountryOption {
  country: CountryCode;
  /** `United Kingdom +44`, in the page's language. */
  label: string;
}

/** Every country libphonenumber knows, named in `language`, in that language's alphabetical order. */
export function countryOptions(language: string): CountryOption[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  return getCountries()
    .map((country) => ({ country, name: names.of(country) ?? country }))
    .sort((a, b) => a.name.localeCompare(b.name, language))
    .map(({ country, name }) => ({ country, label: `${name} +${getCountryCallingCode(country)}` }));
}

/**
 * What the server is sent for a number typed with the picker at `country`, or null when it cannot
 * be a number there: a number typed with its own `+` code wins over the picker; with China picked,
 * only a mainland mobile, sent bare as it always was; any other goes in E.164 (`+447911123456`). The server checks
 * again with the full numbering plans (this bundle carries the small ones).
 */
export function phoneForServer(country: CountryCode, typed: string): string | null {
  const digits = typed.trim().replace(/[\s().-]/g, '');
  if (!digits) return null;
  if (!digits.startsWith('+') && country === DEFAULT_COUNTRY)
    return MAINLAND_MOBILE.test(digits) ? digits : null;
  const parsed = digits.startsWith('+')
    ? parsePhoneNumberFromString(digits)
    : parsePhoneNumberFromString(digits, country);
  return parsed?.isValid() ? parsed.number : null;
}
