interface Entry<V> {
  /** The store's change stamp when the value was read. */
  stamp: number;
  /** When the value stops being true whatever the store says (a session's expiry). */
  expiresAt: number;
  value: V;
}

/**
 * Values read from the store, kept in memory while `changes()` (the store's stamp over the
 * collections they were read from, see `Storage.changesOf`) has not moved since they were read:
 * any write to those collections, by this process or another, drops every entry before the next
 * lookup. Without a stamp (MongoDB), nothing is kept.
 */
export function stampedCache<V>(changes: (() => number) | null, maxEntries = 10_000) {
  const entries = new Map<string, Entry<V>>();
  return {
    /** The kept value, or undefined when it must be read from the store. */
    get(key: string, now: number): V | undefined {
      if (!changes) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.stamp !== changes() || entry.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },

    /** The stamp to read under: taken before the reads, so a write racing them leaves nothing kept. */
    stamp(): number | null {
      return changes ? changes() : null;
    },

    /** Keeps a value read under `stamp`, if nothing changed since. */
    put(stamp: number | null, key: string, value: V, expiresAt = Number.POSITIVE_INFINITY): void {
      if (stamp === null || changes?.() !== stamp) return;
      if (entries.size >= maxEntries) {
        // Stale entries first; then the oldest (Map keeps insertion order).
        for (const [id, entry] of entries) if (entry.stamp !== stamp) entries.delete(id);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      }
      entries.set(key, { stamp, expiresAt, value });
    },
  };
}
export type StampedCache<V> = ReturnType<typeof stampedCache<V>>;
