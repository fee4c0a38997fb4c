import { Limits } from '@draw/shared';

/** An 11-digit mainland mobile number, or + and a country code with 6–15 digits. */
export const PHONE_PATTERN = /^(?:1\d{10}|\+\d{6,15})$/;
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
  | 'codeRequired'
  | 'codeInvalid';

export const isPhone = (value: string) => PHONE_PATTERN.test(value.trim());
export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

export function validateAccount(value: string): LoginFieldError | null {
  if (!value.trim()) return 'accountRequired';
  return isPhone(value) || isEmail(value) ? null : 'accountInvalid';
}

export function validatePhone(value: string): LoginFieldError | null {
  if (!value.trim()) return 'phoneRequired';
  return isPhone(value) ? null : 'phoneInvalid';
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
