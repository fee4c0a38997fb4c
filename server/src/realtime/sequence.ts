import { StorageKind } from '../storage/port';
import type { RealtimeRepository } from './repository';

/**
 * Where a channel's sequence numbers come from. `claim` names the number the next event will carry;
 * `confirm` is called once that event is in the log. The hub serialises both per channel.
 */
export interface SequenceSource {
  claim(channelId: string): Promise<number>;
  confirm(channelId: string, seq: number): void;
  /** The last number whose event is (or, with a shared counter, is being) written to the log. */
  current(channelId: string): Promise<number>;
}

/**
 * Several processes (MongoDB): one atomic counter per channel keeps numbers unique across them.
 * A process that dies between the increment and the log write leaves a gap, which subscribers
 * asking for it get a `channel:resync` for.
 */
export function sharedCounterSequence(repo: RealtimeRepository): SequenceSource {
  return {
    async claim(channelId) {
      const counter = await repo.seqs.findOneAndUpdate({ _id: channelId }, { $inc: { seq: 1 } }, { upsert: true });
      return counter!.seq;
    },
    confirm() {},
    async current(channelId) {
      return (await repo.seqs.findOne({ _id: channelId }))?.seq ?? 0;
    },
  };
}

/**
 * One process owns the store (the embedded store's lock): the log itself is the counter. Numbers
 * advance only once their event is stored, so a crash between the two reuses the number instead of
 * leaving a gap, and `current` never names an event that is not in the log yet. Saves a write per
 * event. Channels are looked up once per process; a counter left by an older version still counts.
 */
export function ownedLogSequence(repo: RealtimeRepository): SequenceSource {
  const known = new Map<string, number>();
  const loading = new Map<string, Promise<number>>();

  const loadFromStore = async (channelId: string): Promise<number> => {
    const [last] = await repo.events.find({ channelId }, { sort: { seq: -1 }, limit: 1 });
    const legacy = await repo.seqs.findOne({ _id: channelId });
    return Math.max(last?.seq ?? 0, legacy?.seq ?? 0);
  };

  const lastOf = async (channelId: string): Promise<number> => {
    const cached = known.get(channelId);
    if (cached !== undefined) return cached;
    let pending = loading.get(channelId);
    if (!pending) {
      pending = loadFromStore(channelId).finally(() => loading.delete(channelId));
      loading.set(channelId, pending);
    }
    const loaded = await pending;
    // An event confirmed while the lookup ran is newer than what the lookup saw.
    const seq = Math.max(loaded, known.get(channelId) ?? 0);
    known.set(channelId, seq);
    return seq;
  };

  return {
    claim: async (channelId) => (await lastOf(channelId)) + 1,
    confirm(channelId, seq) {
      known.set(channelId, Math.max(seq, known.get(channelId) ?? 0));
    },
    current: lastOf,
  };
}

/** The embedded store has one owning process; MongoDB may be shared by several. */
export function sequenceFor(kind: StorageKind, repo: RealtimeRepository): SequenceSource {
  switch (kind) {
    case StorageKind.Embedded:
      return ownedLogSequence(repo);
    case StorageKind.MongoDB:
      return sharedCounterSequence(repo);
    default: {
      const unknown: never = kind;
      throw new Error(`no sequence source for storage ${String(unknown)}`);
    }
  }
}
