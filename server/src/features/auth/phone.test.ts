import { describe, expect, it } from 'vitest';
import { canonicalPhone } from './phone';

describe('phone numbers', () => {
  it('keeps mainland mobiles as they were always stored, however they are typed', () => {
    expect(canonicalPhone('13800138000')).toBe('13800138000');
    expect(canonicalPhone(' 138-0013-8000 ')).toBe('13800138000');
    expect(canonicalPhone('+86 138 0013 8000')).toBe('13800138000');
    expect(canonicalPhone('+8613800138000')).toBe('13800138000');
  });

  it('takes numbers abroad with their country code, in E.164', () => {
    expect(canonicalPhone('+44 7911 123456')).toBe('+447911123456');
    expect(canonicalPhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(canonicalPhone('+1 415 555 0123')).toBe('+14155550123');
    expect(canonicalPhone('+1 (415) 555-2671')).toBe('+14155552671');
  });

  it('refuses what no one can have: wrong lengths, unassigned ranges, unknown country codes, words', () => {
    for (const bad of [
      '12345678901',
      '4155550123',
      '+1 415 123 4567',
      '+44 123',
      '+999 12345678',
      '+',
      '',
      'phone',
      '+86 138 0013 8000 1',
      `+${'1'.repeat(40)}`,
    ])
      expect(canonicalPhone(bad), bad).toBeNull();
  });
});
