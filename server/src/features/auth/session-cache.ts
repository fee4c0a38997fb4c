import { stampedCache } from '../../storage/stamped-cache';
import type { SessionDoc, UserDoc } from './repository';

/**
 * The signed-in user of a live session, kept in memory so a request need not read its session and
 * user again. Keyed by the session's id (the SHA-256 of its token, as the store keys it), never the
 * token. An entry is served only while `changes()` (the store's stamp over users and sessions, see
 * `Storage.changesOf`) has not moved since it was read: any write to either collection, by this
 * process or another, drops every entry before the next lookup, so a logout, a password reset, a
 * profile change or an ops command is seen by the very next request. Without a stamp (MongoDB),
 * nothing is kept.
 */
export function sessionCache(changes: (() => number) | null, maxEntries = 10_000) {
  const kept = stampedCache<UserDoc>(changes, maxEntries);
  return {
    /** The cached user, or undefined when the session must be read from the store. */
    get: (sessionId: string, now: number): UserDoc | undefined => kept.get(sessionId, now),
    /** The stamp to read under: taken before the reads, so a write racing them leaves nothing kept. */
    stamp: () => kept.stamp(),
    /** Keeps a live session's user, if nothing changed since `stamp` was taken; until the session expires. */
    put: (stamp: number | null, session: SessionDoc, user: UserDoc): void =>
      kept.put(stamp, session._id, user, session.expiresAt),
  };
}
export type SessionCache = ReturnType<typeof sessionCache>;
