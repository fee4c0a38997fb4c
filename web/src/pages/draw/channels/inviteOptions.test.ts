import { describe, expect, it } from 'vitest';
import { EXPIRY_OPTIONS, expiryChoiceFor, inviteLink, isExpireHours } from './inviteOptions';

const HOUR = 3_600_000;

describe('invite options', () => {
  it('offers the spec choices in order', () => {
    expect(EXPIRY_OPTIONS.map((option) => option.hours)).toEqual([1, 6, 12, 24, 168, -1]);
    expect(isExpireHours(24)).toBe(true);
    expect(isExpireHours(2)).toBe(false);
  });

  it('builds the link from the origin and the code', () => {
    expect(inviteLink('AbC-12_x', 'https://draw.example.com')).toBe(
      'https://draw.example.com/invite/AbC-12_x',
    );
  });

  it('matches an existing link to the choice it was made with', () => {
    const now = 1_000 * HOUR;
    expect(expiryChoiceFor(null, now)).toBe(-1);
    expect(expiryChoiceFor(now + HOUR, now)).toBe(1);
    expect(expiryChoiceFor(now + 5.5 * HOUR, now)).toBe(6);
    expect(expiryChoiceFor(now + 24 * HOUR, now)).toBe(24);
    expect(expiryChoiceFor(now + 100 * HOUR, now)).toBe(168);
    expect(expiryChoiceFor(now + 500 * HOUR, now)).toBe(168);
  });
});
