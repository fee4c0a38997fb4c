import { describe, expect, it } from 'vitest';
import { titleLength, validateChannelTitle } from './channelForm';

describe('validateChannelTitle', () => {
  it('needs a title after trimming', () => {
    expect(validateChannelTitle('')).toBe('titleRequired');
    expect(validateChannelTitle('   ')).toBe('titleRequired');
    expect(validateChannelTitle(' a ')).toBeNull();
  });

  it('allows at most 32 characters, counting an emoji once and ignoring the outer spaces', () => {
    expect(validateChannelTitle('x'.repeat(32))).toBeNull();
    expect(validateChannelTitle(`  ${'x'.repeat(32)}  `)).toBeNull();
    expect(validateChannelTitle('x'.repeat(33))).toBe('titleTooLong');
    expect(titleLength('🎨'.repeat(32))).toBe(32);
    expect(validateChannelTitle('🎨'.repeat(32))).toBeNull();
  });
});
