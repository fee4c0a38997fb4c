import { describe, expect, it } from 'vitest';
import { validateAvatarFile, validateDescription, validateName } from './profileForm';

describe('profile form', () => {
  it('needs a name of 1–32 characters', () => {
    expect(validateName('Ada')).toBeNull();
    expect(validateName('  ')).toBe('nameRequired');
    expect(validateName('x'.repeat(32))).toBeNull();
    expect(validateName('x'.repeat(33))).toBe('nameTooLong');
    expect(validateName('画'.repeat(32))).toBeNull();
  });

  it('limits the description', () => {
    expect(validateDescription('')).toBeNull();
    expect(validateDescription('x'.repeat(191))).toBe('descriptionTooLong');
  });

  it('accepts jpg/png/gif/webp avatars up to 1 MB', () => {
    expect(validateAvatarFile({ type: 'image/png', size: 1024 })).toBeNull();
    expect(validateAvatarFile({ type: 'image/webp', size: 1024 })).toBeNull();
    expect(validateAvatarFile({ type: 'image/svg+xml', size: 1024 })).toBe('avatarType');
    expect(validateAvatarFile({ type: 'image/jpeg', size: 1024 * 1024 + 1 })).toBe('avatarSize');
  });
});
