import { hash, timingSafeEqual } from 'node:crypto';

/**
 * SHA-256 of a text, in hex: what the store keeps of a secret (a session token, a ticket, a code)
 * in its place. `crypto.hash` is the one-shot form (no Hash object): a session's lookup on every
 * signed-in request computes one.
 */
export const sha256Hex = (text: string): string => hash('sha256', text, 'hex');

/** Compares two secrets by their digests (always 32 bytes) in constant time: the time taken says nothing about either. */
export const sameSecret = (expected: string, given: string): boolean =>
  timingSafeEqual(hash('sha256', expected, 'buffer'), hash('sha256', given, 'buffer'));
