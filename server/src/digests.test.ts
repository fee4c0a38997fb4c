import { describe, expect, it } from 'vitest';
import { sameSecret, sha256Hex } from './digests';

describe('digests of secrets', () => {
  it('keeps the SHA-256 of a token as the store has always keyed sessions by it', () => {
    // FIPS 180-2's test vector: sessions and tickets stored before keep being found.
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('tells equal secrets from different ones, of any length', () => {
    expect(sameSecret('hook-token-1', 'hook-token-1')).toBe(true);
    expect(sameSecret('hook-token-1', 'hook-token-2')).toBe(false);
    expect(sameSecret('hook-token-1', 'hook-token-1-and-more')).toBe(false);
    expect(sameSecret('hook-token-1', '')).toBe(false);
  });
});
