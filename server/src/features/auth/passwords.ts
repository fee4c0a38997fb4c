import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (memory-hard, OWASP-grade parameters). */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
