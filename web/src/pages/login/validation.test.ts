import { describe, expect, it } from 'vitest';
import { validateAccount, validateCode, validateNewPassword, validatePhone } from './validation';

describe('login validation', () => {
  it('accepts a phone number or an email as the account', () => {
    expect(validateAccount('13800138000')).toBeNull();
    expect(validateAccount('+4915112345678')).toBeNull();
    expect(validateAccount('ada@example.com')).toBeNull();
    expect(validateAccount('')).toBe('accountRequired');
    expect(validateAccount('ada')).toBe('accountInvalid');
  });

  it('checks phones', () => {
    expect(validatePhone('13800138000')).toBeNull();
    expect(validatePhone('1380013800')).toBe('phoneInvalid');
    expect(validatePhone(' ')).toBe('phoneRequired');
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
});
