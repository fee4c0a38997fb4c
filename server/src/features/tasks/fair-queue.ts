/** What the queue knows of a task: whose it is and where it was asked for. */
export interface QueuedTask {
  id: string;
  userId: string;
  channelId: string;
  /**
   * It was running when its process stopped (or died): it goes before any task that has not
   * started, since its turn was already given, and an upstream may be drawing it right now.
   */
  resumed: boolean;
}

interface Entry extends QueuedTask {
  /** Arrival order: a person's own tasks, and people who tie, go in submit order. */
  seq: number;
}

/** How many of one person's tasks may run at once while someone else waits: half the slots, at least one. */
export const perPersonLimit = (concurrency: number) => Math.max(1, Math.ceil(concurrency / 2));

/**
 * The engine's waiting line, fair across people: the next task goes to the person served least
 * recently (someone never served, or with nothing left since, goes first), each person's own
 * tasks in submit order, so one person's 30 pictures delay another's by one turn, not by 30.
 *
 * People take turns across channels, and a channel is only the tie-break between people equally
 * due (the one whose channel was served least recently goes first). The person, not the channel,
 * is the unit because channels cost nothing to make: turns by channel first would give someone
 * drawing alone in a channel of their own as many turns as a whole busy channel, and make each of
 * that channel's people wait several times longer. No channel can starve: each person waiting
 * is served within one round of the people waiting.
 *
 * Besides, a person never holds more than `perPersonCap` of the running slots while another
 * person's task waits (alone, they may use them all).
 *
 * In memory only: the store is the queue of record, and a restart rebuilds this from it (the
 * runner's recovery, oldest first), where everyone starts equally due and the tasks that were
 * running resume first, their people counted as just served.
 */
export class FairQueue {
  /** Every task it holds, waiting or running, by id. */
  private readonly entries = new Map<string, Entry>();
  /** Each person's waiting tasks, in submit order. */
  private readonly waiting = new Map<string, Entry[]>();
  private readonly resumed: Entry[] = [];
  private readonly running = new Set<string>();
  /** Per person and per channel: tasks held (waiting or running), and running. */
  private readonly held = new Map<string, number>();
  private readonly runningOf = new Map<string, number>();
  /** When each person and each channel was last served; forgotten when they hold nothing. */
  private readonly served = new Map<string, number>();
  private turn = 0;
  private arrivals = 0;

  constructor(private readonly perPersonCap: number) {}

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Tasks waiting for a slot. */
  get waitingCount(): number {
    return this.entries.size - this.running.size;
  }

  /** False when it holds the task already. */
  add(task: QueuedTask): boolean {
    if (this.entries.has(task.id)) return false;
    const entry: Entry = { ...task, seq: ++this.arrivals };
    this.entries.set(task.id, entry);
    if (task.resumed) this.resumed.push(entry);
    else {
      const line = this.waiting.get(task.userId);
      if (line) line.push(entry);
      else this.waiting.set(task.userId, [entry]);
    }
    this.count(this.held, entry, 1);
    return true;
  }

  /** Takes out a task that has not started; false when it is running or unknown. */
  remove(id: string): boolean {
    const entry = this.entries.get(id);
    if (!entry || this.running.has(id)) return false;
    const line = entry.resumed ? this.resumed : this.waiting.get(entry.userId)!;
    line.splice(line.indexOf(entry), 1);
    if (line.length === 0 && !entry.resumed) this.waiting.delete(entry.userId);
    this.forget(entry);
    return true;
  }

  /** The task whose turn it is, now counted as running; undefined when none waits. */
  next(): QueuedTask | undefined {
    const entry = this.resumed.shift() ?? this.pickFairly();
    if (!entry) return undefined;
    this.running.add(entry.id);
    this.count(this.runningOf, entry, 1);
    this.turn += 1;
    this.served.set(personKey(entry.userId), this.turn);
    this.served.set(channelKey(entry.channelId), this.turn);
    const { seq: _seq, ...task } = entry;
    return task;
  }

  /** A running task ended (or was given up): its slot is free. */
  done(id: string): void {
    const entry = this.entries.get(id);
    if (!entry || !this.running.delete(id)) return;
    this.count(this.runningOf, entry, -1);
    this.forget(entry);
  }

  private pickFairly(): Entry | undefined {
    let best: Entry | undefined;
    let bestRank: number[] = [];
    for (const [userId, line] of this.waiting) {
      const head = line[0]!;
      const rank = [
        // At the cap: only when everyone waiting is.
        (this.runningOf.get(personKey(userId)) ?? 0) >= this.perPersonCap ? 1 : 0,
        this.served.get(personKey(userId)) ?? 0,
        this.served.get(channelKey(head.channelId)) ?? 0,
        head.seq,
      ];
      if (!best || isBefore(rank, bestRank)) [best, bestRank] = [head, rank];
    }
    if (!best) return undefined;
    const line = this.waiting.get(best.userId)!;
    line.shift();
    if (line.length === 0) this.waiting.delete(best.userId);
    return best;
  }

  private forget(entry: Entry): void {
    this.entries.delete(entry.id);
    for (const key of this.count(this.held, entry, -1)) this.served.delete(key);
  }

  /** Adds `by` to the person's and the channel's counts; returns the keys that fell to zero. */
  private count(counts: Map<string, number>, entry: Entry, by: number): string[] {
    const emptied: string[] = [];
    for (const key of [personKey(entry.userId), channelKey(entry.channelId)]) {
      const value = (counts.get(key) ?? 0) + by;
      if (value > 0) counts.set(key, value);
      else {
        counts.delete(key);
        emptied.push(key);
      }
    }
    return emptied;
  }
}

const personKey = (userId: string) => `u:${userId}`;
const channelKey = (channelId: string) => `c:${channelId}`;

function isBefore(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}
