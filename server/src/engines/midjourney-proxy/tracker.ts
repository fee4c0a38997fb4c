import { UpstreamError, UpstreamErrorKind } from './errors';
import { isTerminalSnapshot, orderOf } from './mapping';
import type { UpstreamTask } from './protocol';

export interface TrackerOptions {
  /** Quiet time before the first poll, and after any news. */
  pollMinMs: number;
  /** The longest wait between polls (each quiet poll doubles the wait up to this). */
  pollMaxMs: number;
  /** Polls in a row that fail (unreachable, 5xx, timeout) before the task is given up. */
  maxPollFailures: number;
  /** How long a hook for a task not followed yet is kept (it may beat the submit answer). */
  earlyTtlMs?: number;
}

export interface SnapshotContext {
  /** True once a newer snapshot has arrived (a preview being copied is then pointless). */
  superseded(): boolean;
}

export interface FollowRequest<T> {
  taskId: string;
  upstreamId: string;
  signal: AbortSignal;
  /** Poll at once instead of after the first quiet period (resuming after a restart). */
  pollNow?: boolean;
  /**
   * Handles one snapshot newer than every one before it, one at a time in arrival order.
   * Returns a value to stop following (the task is done), undefined to go on; a throw fails it.
   */
  onSnapshot(task: UpstreamTask, context: SnapshotContext): Promise<T | undefined>;
}

type FetchTask = (upstreamId: string, signal: AbortSignal) => Promise<UpstreamTask | null>;

interface Watch {
  offer(task: UpstreamTask): boolean;
}

const MAX_EARLY = 1000;

/**
 * Follows upstream tasks from two sources: notify hooks (pushed in by the hook route) and polls of
 * `fetch` for a task quiet for a while (hooks get lost). A snapshot that is not newer than the last
 * one taken (duplicate, reordered, stale poll) is dropped before any work is done; the task store
 * and machine refuse anything backwards again when it is written.
 */
export class UpstreamTracker {
  private readonly watches = new Map<string, Watch>();
  private readonly early = new Map<string, { task: UpstreamTask; at: number }>();

  constructor(
    private readonly fetchTask: FetchTask,
    private readonly options: TrackerOptions,
  ) {}

  /** Number of tasks followed right now. */
  get size(): number {
    return this.watches.size;
  }

  /** A hook's snapshot for one of our tasks (its token already checked). */
  deliver(taskId: string, task: UpstreamTask): void {
    const watch = this.watches.get(taskId);
    if (watch) {
      watch.offer(task);
      return;
    }
    const now = Date.now();
    const ttl = this.options.earlyTtlMs ?? 120_000;
    for (const [id, entry] of this.early) {
      if (now - entry.at > ttl || this.early.size >= MAX_EARLY) this.early.delete(id);
      else break;
    }
    const held = this.early.get(taskId);
    if (!held || orderOf(task) > orderOf(held.task)) {
      this.early.delete(taskId);
      this.early.set(taskId, { task, at: now });
    }
  }

  follow<T>(request: FollowRequest<T>): Promise<T> {
    const { taskId, upstreamId, signal, onSnapshot } = request;
    const { pollMinMs, pollMaxMs, maxPollFailures } = this.options;
    return new Promise<T>((resolve, reject) => {
      let newest = -1;
      let terminalTaken = false;
      let chain = Promise.resolve();
      let interval = pollMinMs;
      let failures = 0;
      let timer: NodeJS.Timeout | null = null;
      let polling = false;
      let done = false;

      const finish = (settle: () => void) => {
        if (done) return;
        done = true;
        if (timer) clearTimeout(timer);
        if (this.watches.get(taskId) === watch) this.watches.delete(taskId);
        signal.removeEventListener('abort', onAbort);
        settle();
      };
      const schedule = (ms = interval) => {
        if (done || terminalTaken) return;
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => void poll(), ms);
      };
      const backOff = () => {
        interval = Math.min(pollMaxMs, interval * 2);
        schedule();
      };

      const offer = (task: UpstreamTask): boolean => {
        if (done || task.id !== upstreamId) return false;
        const order = orderOf(task);
        if (order <= newest) return false;
        newest = order;
        failures = 0;
        if (isTerminalSnapshot(task)) {
          terminalTaken = true;
          if (timer) clearTimeout(timer);
        } else {
          interval = pollMinMs;
          schedule();
        }
        chain = chain.then(async () => {
          if (done) return;
          try {
            const result = await onSnapshot(task, { superseded: () => newest > order });
            if (result !== undefined) finish(() => resolve(result));
          } catch (error) {
            finish(() => reject(error));
          }
        });
        return true;
      };
      const watch: Watch = { offer };

      const poll = async () => {
        if (done || terminalTaken || polling) return;
        polling = true;
        try {
          const task = await this.fetchTask(upstreamId, signal);
          if (done) return;
          if (task === null) {
            finish(() => reject(new UpstreamError(UpstreamErrorKind.Forgotten)));
            return;
          }
          failures = 0;
          if (!offer(task)) backOff();
        } catch (error) {
          if (done || signal.aborted) return;
          failures += 1;
          if (failures >= maxPollFailures) {
            const detail =
              error instanceof UpstreamError && typeof error.params.detail === 'string'
                ? error.params.detail
                : error instanceof Error
                  ? error.message
                  : 'no answer';
            finish(() => reject(new UpstreamError(UpstreamErrorKind.Lost, { detail })));
            return;
          }
          backOff();
        } finally {
          polling = false;
        }
      };

      const onAbort = () => finish(() => reject(signal.reason));
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.watches.set(taskId, watch);
      const held = this.early.get(taskId);
      if (held) {
        this.early.delete(taskId);
        offer(held.task);
      }
      schedule(request.pollNow ? 0 : pollMinMs);
    });
  }
}
