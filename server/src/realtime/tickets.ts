import { randomBytes } from 'node:crypto';
import type { RealtimeRepository } from './repository';
import { sha256Hex } from '../digests';

const TICKET_TTL_MS = 60_000;

/** Whether a session (by id: the SHA-256 of its token) is still live; the auth service answers. */
export interface LiveSessions {
  isSessionLive(sessionId: string): Promise<boolean>;
}

/**
 * Short-lived, single-use tickets for the socket handshake, so the long-lived token never travels
 * in a URL or a socket frame. Stored (hashed) so any server process can redeem them. A ticket is
 * only as good as the session it was asked with: one fetched before a logout or a password reset
 * opens nothing afterwards.
 */
export function socketTickets(repo: RealtimeRepository, sessions: LiveSessions, now: () => number) {
  return {
    /** `sessionToken`: the token the ticket is asked with, so the socket lives and ends with its session. */
    async issue(userId: string, sessionToken: string): Promise<{ ticket: string; expiresAt: number }> {
      const ticket = randomBytes(24).toString('base64url');
      const expiresAt = now() + TICKET_TTL_MS;
      await repo.storeTicket({
        _id: sha256Hex(ticket),
        userId,
        sessionId: sha256Hex(sessionToken),
        expiresAt,
      });
      await repo.dropTicketsExpiredBefore(now() - TICKET_TTL_MS);
      return { ticket, expiresAt };
    },
    /** The ticket's user and session, once; null for unknown, used or expired tickets, or an ended session. */
    async redeem(ticket: string): Promise<{ userId: string; sessionId: string } | null> {
      if (typeof ticket !== 'string' || ticket.length > 100) return null;
      const doc = await repo.useTicket(sha256Hex(ticket), now());
      // Tickets stored without a session (before sessions were recorded) cannot be checked: refused.
      if (!doc?.sessionId || !(await sessions.isSessionLive(doc.sessionId))) return null;
      return { userId: doc.userId, sessionId: doc.sessionId };
    },
    isSessionLive: (sessionId: string) => sessions.isSessionLive(sessionId),
  };
}
export type SocketTickets = ReturnType<typeof socketTickets>;
