import type { SessionDoc, UserDoc } from './repository';

interface Entry {
  /** The store's change stamp when the session and user were read. */
  stamp: number;
  expiresAt: number;
  user: UserDoc;
}

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
  const entries = new Map<string, Entry>();
  return {
    /** The cached user, or undefined when the session must be read from the store. */
    get(sessionId: string, now: number): UserDoc | undefined {
      if (!changes) return undefined;
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (entry.stamp !== changes() || entry.expiresAt <= now) {
        entries.delete(sessionId);
        return undefined;
      }
      return entry.user;
    },

    /** The stamp to read under: taken before the reads, so a write racing them leaves nothing kept. */
    stamp(): number | null {
      return changes ? changes() : null;
    },

    /** Keeps a live session's user, if nothing changed since `stamp` was taken. */
    put(stamp: number | null, session: SessionDoc, user: UserDoc): void {
      if (stamp === null || changes?.() !== stamp) return;
      if (entries.size >= maxEntries) {
        // Stale entries first; then the oldest (Map keeps insertion order).
        for (const [id, entry] of entries) if (entry.stamp !== stamp) entries.delete(id);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      }
      entries.set(session._id, { stamp, expiresAt: session.expiresAt, user });
    },
  };
}
export type SessionCache = ReturnType<typeof sessionCache>;
