import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { TaskFailureCode, TaskStatus, type TaskFailure } from '@draw/shared';
import { DEFAULT_TASK_DEADLINE_MS } from '@draw/machines';
import type { BlobStore } from '../../blobs/port';
import { Cancelled, EngineFailure, Shutdown, type ImageEngine } from '../../engines/port';
import type { EngineRegistry } from '../../engines/registry';
import type { Billing } from './billing';
import { FairQueue, perPersonLimit } from './fair-queue';
import { failureFields } from './failure';
import type { TaskDoc, TasksRepository } from './repository';
import type { JobResolver } from './resolve';
import {
  ORPHAN_CHARGE_GRACE_MS,
  RECONCILE_EVERY_MS,
  RECONCILE_LOOKBACK_MS,
  START_RECONCILE_LOOKBACK_MS,
  reconcileCredits,
} from './reconcile';
import { failTask } from './endings';
import type { TaskStore } from './store';
import { runTask } from './run-task';

export { ORPHAN_CHARGE_GRACE_MS } from './reconcile';

const SWEEP_EVERY_MS = 5_000;
/** Stranded tasks read at once: the periodic recovery reads the oldest page, the start reads them all. */
const RECOVER_PAGE = 500;

export interface RunnerDeps {
  repo: TasksRepository;
  store: TaskStore;
  /** The enabled engines: each task runs on the one it names. */
  engines: EngineRegistry;
  resolve: JobResolver;
  blobs: BlobStore;
  billing: Billing;
  /** Tasks running at once on each engine (ENGINE_CONCURRENCY): a slow engine holds only its own slots. */
  concurrency: number;
  /** True when this process is the store's only user (the embedded store): leases left by a killed predecessor are void at once. */
  exclusive: boolean;
  now: () => number;
  log: FastifyBaseLogger;
}

/** What the runner needs to queue a task (a stored task has it). */
export type RunnableTask = Pick<TaskDoc, '_id' | 'userId' | 'channelId' | 'engine'> & {
  status?: TaskDoc['status'];
};

/** One engine's line: its fair queue and the tasks it runs now. */
interface Lane {
  engine: ImageEngine;
  queue: FairQueue;
  running: number;
}

/**
 * Runs tasks outside the request, a bounded number at once on each engine, the rest taking turns
 * by person in that engine's line (`FairQueue`). The store is the queue: SUBMITTED and IN_PROGRESS tasks are picked up at start (a
 * restarted server resumes them), and a lease keeps two processes from running the same task.
 */
export class TaskRunner {
  readonly processId = randomUUID();
  private readonly lanes = new Map<string, Lane>();
  private readonly running = new Map<string, AbortController>();
  /** Set while the start reads every stranded task: nothing starts (and takes a lease) under its pages. */
  private holding = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private sweeping: Promise<void> | null = null;
  private lastReconcile = 0;

  constructor(private readonly deps: RunnerDeps) {
    for (const engine of deps.engines.all)
      this.lanes.set(engine.name, {
        engine,
        queue: new FairQueue(perPersonLimit(deps.concurrency)),
        running: 0,
      });
  }

  async start(): Promise<void> {
    if (this.deps.exclusive) {
      await this.deps.repo.releaseAllLeases();
    }
    // Before anything runs. With the embedded store no other process can be between a charge and
    // its task, so every charge without a task is a predecessor's, cut off by its end.
    const now = this.deps.now();
    await this.reconcileCredits(
      now - START_RECONCILE_LOOKBACK_MS,
      this.deps.exclusive ? now : now - ORPHAN_CHARGE_GRACE_MS,
    );
    this.lastReconcile = now;
    // Every stranded task, not just the oldest page: a newer one's turn comes by person, not by age.
    this.holding = true;
    try {
      await this.recover(true);
    } finally {
      this.holding = false;
    }
    this.pump();
    await this.sweepDeadlines();
    // A tick that finds the last round still going skips; rounds never overlap.
    this.timer = setInterval(() => void (this.sweeping ?? this.sweep()), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  /**
   * One round of the periodic checks; each failure is logged and left for the next round. A caller
   * that finds a round under way waits for it, then runs its own.
   */
  async sweep(): Promise<void> {
    while (this.sweeping) await this.sweeping;
    if (this.stopped) return;
    this.sweeping = this.round();
    try {
      await this.sweeping;
    } finally {
      this.sweeping = null;
    }
  }

  private async round(): Promise<void> {
    await this.settle('deadline sweep failed', () => this.sweepDeadlines());
    await this.settle('recovery failed', () => this.recover());
    const now = this.deps.now();
    if (now - this.lastReconcile >= RECONCILE_EVERY_MS) {
      this.lastReconcile = now;
      await this.settle('credit reconciliation failed', () =>
        this.reconcileCredits(now - RECONCILE_LOOKBACK_MS, now - ORPHAN_CHARGE_GRACE_MS),
      );
    }
  }

  private async settle(failure: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (err) {
      this.deps.log.error({ err }, failure);
    }
  }

  /** See `reconcile.ts`: gives back the credits a crash kept. */
  reconcileCredits(since: number, orphanedUpTo: number): Promise<number> {
    return reconcileCredits(this.deps, since, orphanedUpTo);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const controller of this.running.values()) controller.abort(new Shutdown());
    const deadline = Date.now() + 5000;
    while (this.running.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }

  enqueue(task: RunnableTask): void {
    if (this.stopped) return;
    const lane = this.lanes.get(task.engine);
    if (!lane) {
      // Its engine was enabled when it was submitted and is not now: it fails (refunded) rather
      // than being drawn by an engine nobody chose, or waiting for ever.
      void this.settle('task on a disabled engine not failed', () =>
        this.fail(task._id, {
          code: TaskFailureCode.EngineUnavailable,
          params: { detail: `${task.engine} is not enabled` },
        }),
      );
      return;
    }
    const resumed = task.status === TaskStatus.InProgress;
    if (lane.queue.add({ id: task._id, userId: task.userId, channelId: task.channelId, resumed }))
      this.pump();
  }

  /** Stops a task wherever it is; `engineName` says whose upstream to tell (the task's engine). */
  cancel(taskId: string, upstreamId: string | null = null, engineName?: string): void {
    this.running.get(taskId)?.abort(new Cancelled());
    for (const lane of this.lanes.values()) lane.queue.remove(taskId);
    if (upstreamId) this.cancelUpstream(taskId, upstreamId, engineName);
  }

  /**
   * Best effort: an upstream that keeps drawing a task we gave up on only wastes its own time. One
   * that refuses (the C# line takes cancels from its admin only) is told to the person on the task,
   * since the job goes on using the account's quota.
   */
  private cancelUpstream(taskId: string, upstreamId: string, engineName?: string): void {
    const engine =
      engineName === undefined ? this.deps.engines.default : this.deps.engines.forTask(engineName);
    void engine?.cancel?.(upstreamId).catch(async (err: unknown) => {
      this.deps.log.warn({ err, taskId }, 'upstream cancel failed');
      if (err instanceof EngineFailure) {
        const store = this.deps.store;
        await failureFields(store, taskId, err.failure)
          .then((fields) => store.patch(taskId, fields))
          .catch(() => undefined);
      }
    });
  }

  counts(): { running: number; queued: number } {
    let queued = 0;
    for (const lane of this.lanes.values()) queued += lane.queue.waitingCount;
    return { running: this.running.size, queued };
  }

  /** Tasks that should be running but are not leased by a live process: the oldest page, or all. */
  private async recover(allPages = false): Promise<void> {
    const at = this.deps.now();
    for (let skip = 0; ; skip += RECOVER_PAGE) {
      const stranded = await this.deps.repo.stranded(at, RECOVER_PAGE, skip);
      for (const task of stranded) this.enqueue(task);
      if (!allPages || stranded.length < RECOVER_PAGE) return;
    }
  }

  private pump(): void {
    for (const lane of this.lanes.values()) this.pumpLane(lane);
  }

  /** Starts this engine's next tasks while it has free slots (each engine its own). */
  private pumpLane(lane: Lane): void {
    while (!this.stopped && !this.holding && lane.running < this.deps.concurrency) {
      const next = lane.queue.next();
      if (!next) return;
      const id = next.id;
      const controller = new AbortController();
      this.running.set(id, controller);
      lane.running += 1;
      void runTask(this.deps, this.processId, id, lane.engine, controller)
        // Whatever is left undone (a claim, a failure, a refund the store refused) the sweeps finish.
        .catch((err: unknown) =>
          this.deps.log.error({ err, taskId: id }, 'task run stopped; the sweeps will pick it up'),
        )
        .finally(() => {
          this.running.delete(id);
          lane.running -= 1;
          lane.queue.done(id);
          this.pumpLane(lane);
        });
    }
  }

  /** Fails a task and refunds it (see `endings.ts`). */
  fail(id: string, failure: TaskFailure): Promise<void> {
    return failTask(this.deps, id, failure);
  }

  /** Every task ends: one past its deadline fails with a reason (and is refunded). */
  private async sweepDeadlines(): Promise<void> {
    const overdue = await this.deps.repo.overdue(this.deps.now(), 500);
    // The deadline restarts when a MODAL task gets its input, so it is not counted from submitTime.
    const minutes = Math.round(DEFAULT_TASK_DEADLINE_MS / 60_000);
    for (const task of overdue) {
      this.cancel(task._id, task.upstreamId, task.engine);
      await this.settle('deadline failure not stored', () =>
        this.fail(task._id, { code: TaskFailureCode.TimedOut, params: { minutes } }),
      );
    }
  }
}
