import { createHash, randomBytes } from 'node:crypto';
import type { RealtimeRepository } from './repository';

const TICKET_TTL_MS = 60_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Short-lived, single-use tickets for the socket handshake, so the long-lived token never travels
 * in a URL or a socket frame. Stored (hashed) so any server process can redeem them.
 */
export function socketTickets(repo: RealtimeRepository, now: () => number) {
  return {
    /** `sessionToken`: the token the ticket is asked with, so the socket can end with its session. */
    async issue(userId: string, sessionToken?: string | null): Promise<{ ticket: string; expiresAt: number }> {
      const ticket = randomBytes(24).toString('base64url');
      const expiresAt = now() + TICKET_TTL_MS;
      const sessionId = sessionToken ? sha256(sessionToken) : undefined;
      await repo.tickets.insertOne({ _id: sha256(ticket), userId, ...(sessionId ? { sessionId } : {}), expiresAt });
      await repo.tickets.deleteMany({ expiresAt: { $lt: now() - TICKET_TTL_MS } });
      return { ticket, expiresAt };
    },
    /** The ticket's user and session, once; null for unknown, used or expired tickets. */
    async redeem(ticket: string): Promise<{ userId: string; sessionId: string | null } | null> {
      if (typeof ticket !== 'string' || ticket.length > 100) return null;
      const doc = await repo.tickets.findOneAndUpdate(
        { _id: sha256(ticket), usedAt: { $exists: false }, expiresAt: { $gt: now() } },
        { $set: { usedAt: now() } },
      );
      return doc ? { userId: doc.userId, sessionId: doc.sessionId ?? null } : null;
    },
  };
}
export type SocketTickets = ReturnType<typeof socketTickets>;
