import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (memory-hard, OWASP-grade parameters). */
export const hashPassword = (password: string) => hash(password);

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random secret, made once, the first time it is needed: checking a password of an
 * unknown account (or one without a password) against it costs as long as a real check, so the
 * answer time does not reveal which accounts exist.
 */
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

async function matches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash) return matches(passwordHash, password);
  await matches(await dummy(), password);
  return false;
}
