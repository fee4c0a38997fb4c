import { Limits } from '@draw/shared';
import type { CountryCode } from 'libphonenumber-js';
import { DEFAULT_COUNTRY, phoneForServer } from './phone';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const SMS_CODE_PATTERN = new RegExp(`^\\d{${Limits.smsCodeLength}}$`);
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 64;

/** i18n keys under `login.errors`. */
export type LoginFieldError =
  | 'accountRequired'
  | 'accountInvalid'
  | 'passwordRequired'
  | 'passwordLength'
  | 'phoneRequired'
  | 'phoneInvalid'
  | 'emailRequired'
  | 'emailInvalid'
  | 'codeRequired'
  | 'codeInvalid';

/** A mainland mobile, or any number typed with + and its country code. */
export const isPhone = (value: string) => phoneForServer(DEFAULT_COUNTRY, value) !== null;
export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

export function validateAccount(value: string): LoginFieldError | null {
  if (!value.trim()) return 'accountRequired';
  return isPhone(value) || isEmail(value) ? null : 'accountInvalid';
}

/** A number typed beside the country picker (see `phoneForServer`). */
export function validatePhone(value: string, country: CountryCode = DEFAULT_COUNTRY): LoginFieldError | null {
  if (!value.trim()) return 'phoneRequired';
  return phoneForServer(country, value) ? null : 'phoneInvalid';
}

export function validateEmail(value: string): LoginFieldError | null {
  if (!value.trim()) return 'emailRequired';
  return isEmail(value) ? null : 'emailInvalid';
}

export function validateCode(value: string): LoginFieldError | null {
  if (!value.trim()) return 'codeRequired';
  return SMS_CODE_PATTERN.test(value.trim()) ? null : 'codeInvalid';
}

/** At sign-in any non-empty password is sent; the server decides. */
export function validateLoginPassword(value: string): LoginFieldError | null {
  return value ? null : 'passwordRequired';
}

/** A new password (reset flow) must be 6–64 characters. */
export function validateNewPassword(value: string): LoginFieldError | null {
  if (!value) return 'passwordRequired';
  return value.length >= PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX_LENGTH ? null : 'passwordLength';
}
