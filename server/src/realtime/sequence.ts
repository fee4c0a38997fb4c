import { ErrorReason } from '@draw/shared';
import { AppError } from '../errors';
import { StorageKind, type LinkedNumbering } from '../storage/port';
import type { EventDoc, NumberingLog, RealtimeRepository } from './repository';

export type { NumberingLog } from './repository';

/**
 * Where a channel's sequence numbers come from. `claim` names the number the next event will carry;
 * `confirm` is called once that event is in the log. The hub serialises both per channel.
 */
export interface SequenceSource {
  claim(channelId: string): Promise<number>;
  confirm(channelId: string, seq: number): void;
  /** The last number whose event is (or, with a shared counter, is being) written to the log. */
  current(channelId: string): Promise<number>;
  /**
   * Brings the source level with the log when an insert found its number taken (a counter behind
   * the log). Sources that read the log itself have nothing to repair.
   */
  repair?(channelId: string): Promise<void>;
  /**
   * Numbers and stores the event in one step (several processes on one SQLite file): when present,
   * the hub uses it instead of `claim`, the insert and `confirm`.
   */
  append?(channelId: string, build: (seq: number) => EventDoc): Promise<EventDoc>;
  /**
   * `claim` takes nothing (the log is the counter): an event may be numbered before the
   * transaction that stores it, with the change it tells of, and a rolled-back one leaves no gap.
   */
  readonly claimIsFree?: boolean;
  /**
   * Numbers an event in the very transaction that stores it with the change it tells of (several
   * processes on one SQLite file): how the store numbers it. One write per task step, as with one process.
   */
  numberedInStore?(channelId: string): Promise<LinkedNumbering<EventDoc>>;
}

/** The highest number stored in a channel's log (0 for none), read from the (channelId, seq) index. */
const lastLogged = (repo: RealtimeRepository, channelId: string): Promise<number> => repo.lastSeq(channelId);

/** Raises a channel's counter to `floor` (never lowers it), creating it when missing. */
async function raiseCounter(repo: RealtimeRepository, channelId: string, floor: number): Promise<void> {
  if (floor === 0) return;
  const raised = await repo.raiseCounter(channelId, floor);
  if (raised) return;
  try {
    await repo.createCounter(channelId, floor);
  } catch (error) {
    // Another process created it at the same moment; its next increment is checked like any other.
    if (!isDuplicateKey(error)) throw error;
  }
}

export const isDuplicateKey = (error: unknown): boolean =>
  error instanceof AppError && error.reason === ErrorReason.Conflict && error.key === 'error.duplicate';

/**
 * Several processes (MongoDB): one atomic counter per channel keeps numbers unique across them.
 * A process that dies between the increment and the log write leaves a gap, which subscribers
 * asking for it get a `channel:resync` for.
 *
 * The counter can fall behind the log (a restore of a dump taken without `--oplog`, data imported
 * from another store): every insert would then hit a taken number. So the first claim of each
 * channel in a process first raises the counter to the log's last number (one indexed read), and
 * the hub calls `repair` again when an insert still finds its number taken.
 */
export function sharedCounterSequence(repo: RealtimeRepository): SequenceSource {
  const checked = new Set<string>();
  const repair = async (channelId: string) => {
    await raiseCounter(repo, channelId, await lastLogged(repo, channelId));
    checked.add(channelId);
  };
  return {
    async claim(channelId) {
      if (!checked.has(channelId)) await repair(channelId);
      return repo.nextCount(channelId);
    },
    confirm() {},
    async current(channelId) {
      return repo.counterOf(channelId);
    },
    repair,
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
    const legacy = await repo.counterOf(channelId);
    return Math.max(await lastLogged(repo, channelId), legacy);
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
    claimIsFree: true,
    claim: async (channelId) => (await lastOf(channelId)) + 1,
    confirm(channelId, seq) {
      known.set(channelId, Math.max(seq, known.get(channelId) ?? 0));
    },
    current: lastOf,
  };
}

/**
 * Several processes on one embedded store (WORKERS > 1): each event takes the log's next number in
 * the transaction that stores it, so numbers are unique across the processes, have no gaps, and
 * `current` (read from the log each time) never names an event not stored. A counter left by an
 * older version still counts, as a floor read once per channel.
 */
export function sharedLogSequence(repo: RealtimeRepository, log: NumberingLog): SequenceSource {
  const floors = new Map<string, number>();
  const floorOf = async (channelId: string) => {
    let floor = floors.get(channelId);
    if (floor === undefined) {
      floor = await repo.counterOf(channelId);
      floors.set(channelId, floor);
    }
    return floor;
  };
  const unused = () => Promise.reject(new Error('numbers come with append on a shared log'));
  return {
    claim: unused,
    confirm() {},
    async current(channelId) {
      return Math.max(await lastLogged(repo, channelId), await floorOf(channelId));
    },
    async append(channelId, build) {
      return log.insertNumbered({ channelId }, 'seq', await floorOf(channelId), build);
    },
    async numberedInStore(channelId) {
      return { scope: { channelId }, field: 'seq', floor: await floorOf(channelId) };
    },
  };
}

/** The embedded store has one owning process, or a cluster of them; MongoDB may be shared by several. */
export function sequenceFor(
  kind: StorageKind,
  repo: RealtimeRepository,
  options: { clustered?: boolean } = {},
): SequenceSource {
  switch (kind) {
    case StorageKind.Embedded: {
      const log = repo.numberingLog();
      if (options.clustered && log) return sharedLogSequence(repo, log);
      return ownedLogSequence(repo);
    }
    case StorageKind.MongoDB:
      return sharedCounterSequence(repo);
    default: {
      const unknown: never = kind;
      throw new Error(`no sequence source for storage ${String(unknown)}`);
    }
  }
}
