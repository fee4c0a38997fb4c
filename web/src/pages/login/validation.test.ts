import { describe, expect, it } from 'vitest';
import { phoneForServer } from './phone';
import {
  validateAccount,
  validateCode,
  validateEmail,
  validateNewPassword,
  validatePhone,
} from './validation';

describe('login validation', () => {
  it('accepts a phone number or an email as the account', () => {
    expect(validateAccount('13800138000')).toBeNull();
    expect(validateAccount('+4915112345678')).toBeNull();
    expect(validateAccount('ada@example.com')).toBeNull();
    expect(validateAccount('')).toBe('accountRequired');
    expect(validateAccount('ada')).toBe('accountInvalid');
  });

  it('checks phones: mainland bare, any country with its code or the picker', () => {
    expect(validatePhone('13800138000')).toBeNull();
    expect(validatePhone('1380013800')).toBe('phoneInvalid');
    expect(validatePhone(' ')).toBe('phoneRequired');
    expect(validatePhone('+44 7911 123456')).toBeNull();
    expect(validatePhone('+1 415 555 0123')).toBeNull();
    expect(validatePhone('7911 123456', 'GB')).toBeNull();
    expect(validatePhone('(415) 555-0123', 'US')).toBeNull();
    expect(validatePhone('13800138000', 'US')).toBe('phoneInvalid');
    expect(validatePhone('+44 123')).toBe('phoneInvalid');
  });

  it('checks emails', () => {
    expect(validateEmail('ada@example.com')).toBeNull();
    expect(validateEmail('ada@')).toBe('emailInvalid');
    expect(validateEmail('')).toBe('emailRequired');
  });

  it('needs a 6-digit code', () => {
    expect(validateCode('123456')).toBeNull();
    expect(validateCode('12345')).toBe('codeInvalid');
    expect(validateCode('')).toBe('codeRequired');
  });

  it('needs a new password of 6–64 characters', () => {
    expect(validateNewPassword('secret')).toBeNull();
    expect(validateNewPassword('short')).toBe('passwordLength');
    expect(validateNewPassword('x'.repeat(65))).toBe('passwordLength');
    expect(validateNewPassword('')).toBe('passwordRequired');
  });

  it('sends mainland numbers bare, as always, and every other number in E.164', () => {
    expect(phoneForServer('CN', '138 0013 8000')).toBe('13800138000');
    expect(phoneForServer('CN', '+86 138 0013 8000')).toBe('+8613800138000');
    expect(phoneForServer('GB', '07911 123456')).toBe('+447911123456');
    expect(phoneForServer('CN', '+44 7911 123456')).toBe('+447911123456');
    expect(phoneForServer('US', '415-555-0123')).toBe('+14155550123');
    expect(phoneForServer('CN', '')).toBeNull();
  });
});
