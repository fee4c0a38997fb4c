import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { TaskFailureCode, TaskStatus, ratioOf, type TaskFailure } from '@draw/shared';
import { DEFAULT_TASK_DEADLINE_MS, formatProgress } from '@draw/machines';
import { EXTENSION_BY_MIME, type BlobStore } from '../../blobs/port';
import { withoutWaitingForDisk } from '../../storage/durability';
import {
  EngineCancelled,
  EngineFailure,
  type EngineImage,
  type EngineVideo,
  type ImageEngine,
} from '../../engines/port';
import type { EngineRegistry } from '../../engines/registry';
import type { Billing } from './billing';
import { FairQueue, perPersonLimit } from './fair-queue';
import { failureFields } from './failure';
import type { TaskDoc, TasksRepository } from './repository';
import type { JobResolver } from './resolve';
import type { TaskStore } from './store';

const LEASE_MS = 30_000;

/**
 * A lease's writes (claim, renewal, release) commit without waiting for the disk: on the embedded
 * store, where that applies, every lease is voided when the server starts again (`releaseAllLeases`),
 * so a lease kept through a power cut would buy nothing, and each fsync held the event loop (and
 * every live step behind it) for milliseconds. MongoDB writes are unaffected.
 */
const leaseWrite = <R>(write: () => Promise<R>) => withoutWaitingForDisk(write);
const SWEEP_EVERY_MS = 5_000;
/** A charge whose task is not stored after this long was cut off by a crash (a submit stores it at once). */
export const ORPHAN_CHARGE_GRACE_MS = 2 * 60_000;
const RECONCILE_EVERY_MS = 60_000;
/**
 * How far back the periodic reconciliation looks. A task ends within its deadlines (MODAL, then
 * the run) plus a few sweeps of its charge, far inside this; the start-up pass looks further back.
 */
const RECONCILE_LOOKBACK_MS = 6 * 3600_000;
/**
 * How far back the start-up pass looks: a charge a crash cut off is no older than the downtime
 * before this start plus a task's life, so a month covers any outage and keeps the start from
 * reading a whole ledger's history.
 */
const START_RECONCILE_LOOKBACK_MS = 30 * 24 * 3600_000;
const RECONCILE_BATCH = 200;
/** Stranded tasks read at once: the periodic recovery reads the oldest page, the start reads them all. */
const RECOVER_PAGE = 500;
/** Tasks whose credits go back. */
const REFUNDED_STATUSES = new Set<string>([TaskStatus.Failure, TaskStatus.Cancel]);

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

class Shutdown extends Error {}
class Cancelled extends Error {}

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

  /**
   * Gives back what a crash kept: a charge made since `since` with no refund, whose task failed or
   * was cancelled (killed between the final state and its refund), or was never stored and was
   * charged at or before `orphanedUpTo` (killed between the charge and the task). Safe to run any
   * number of times, in any number of processes at once: the ledger takes one refund per task.
   */
  async reconcileCredits(since: number, orphanedUpTo: number): Promise<number> {
    const open = await this.deps.billing.openCharges(since);
    let refunded = 0;
    for (let start = 0; start < open.length; start += RECONCILE_BATCH) {
      const batch = open.slice(start, start + RECONCILE_BATCH);
      const tasks = await this.deps.repo.byIds(batch.map((charge) => charge.taskId));
      const statusOf = new Map(tasks.map((task) => [task._id, task.status]));
      for (const charge of batch) {
        const status = statusOf.get(charge.taskId);
        const owed = status === undefined ? charge.at <= orphanedUpTo : REFUNDED_STATUSES.has(status);
        if (!owed) continue;
        await this.deps.billing.refund(charge.taskId);
        refunded += 1;
        this.deps.log.warn(
          { taskId: charge.taskId, status: status ?? 'never stored' },
          'credits a crash kept were refunded',
        );
      }
    }
    return refunded;
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
      void this.execute(id, lane.engine, controller)
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

  private async claim(id: string): Promise<boolean> {
    const { repo, now } = this.deps;
    const at = now();
    return leaseWrite(() => repo.claim(id, this.processId, at, at + LEASE_MS));
  }

  /** Stores a picture or a clip under a fresh key whose extension fixes how it is served. */
  private async saveImage(image: EngineImage | EngineVideo): Promise<string> {
    const key = `${randomUUID()}.${EXTENSION_BY_MIME[image.mime] ?? 'png'}`;
    await this.deps.blobs.put(key, image.data);
    return `/files/${key}`;
  }

  private async execute(id: string, engine: ImageEngine, controller: AbortController): Promise<void> {
    const { store, resolve, now, log, repo } = this.deps;
    if (!(await this.claim(id))) return;
    const renew = setInterval(() => {
      void leaseWrite(() => repo.renewLease(id, this.processId, now() + LEASE_MS)).catch(() => undefined);
    }, LEASE_MS / 3);
    try {
      const doc = await store.get(id);
      if (!doc || store.isTerminal(doc.status)) return;
      const job = await resolve(doc.job);
      if (!engine.reportsStart)
        await store.update(id, { status: TaskStatus.InProgress, startTime: doc.startTime ?? now() });
      const result = await engine.run(job, {
        taskId: id,
        signal: controller.signal,
        onProgress: async ({ progress, preview }) => {
          const previewUrl = preview ? await this.saveImage(preview) : undefined;
          // No one is promised a progress step: its store write and event skip the disk wait (the
          // task's end, committed in full, makes them durable; a crash resumes the task anyway).
          await withoutWaitingForDisk(() =>
            store.update(id, {
              status: TaskStatus.InProgress,
              progress: formatProgress(progress),
              ...(previewUrl ? { previewUrl } : {}),
            }),
          );
        },
        upstreamId: doc.upstreamId,
        upstreamModalSent: doc.upstreamModalSent === true,
        rememberModalSent: async () => {
          await store.patch(id, { upstreamModalSent: true }, false);
        },
        hookToken: doc.hookToken,
        // Stored before the engine goes on, so a crash from here on resumes instead of resubmitting.
        rememberUpstreamId: async (upstreamId) => {
          await store.patch(id, { upstreamId }, false);
        },
        onNote: async ({ queuePosition }) => {
          const current = await store.get(id);
          if (!current || store.isTerminal(current.status)) return;
          const { queuePosition: _was, ...properties } = current.properties;
          await store.patch(id, {
            properties: queuePosition === null ? properties : { ...properties, queuePosition },
          });
        },
      });
      const imageUrl = result.image ? await this.saveImage(result.image) : null;
      const videoUrl = result.video ? await this.saveImage(result.video) : null;
      // Read again: notes may have changed the properties while it ran; a finished task is in no queue.
      const { queuePosition: _queued, ...properties } = (await store.get(id))?.properties ?? doc.properties;
      await store.update(id, {
        status: TaskStatus.Success,
        progress: '100%',
        imageUrl,
        videoUrl,
        buttons: result.buttons,
        finishTime: now(),
        seed: result.seed,
        description: result.description ?? doc.description,
        properties: {
          ...properties,
          ...(result.prompts ? { prompts: result.prompts } : {}),
          ...(result.image
            ? {
                width: result.image.width,
                height: result.image.height,
                ratio: ratioOf(result.image.width, result.image.height),
              }
            : {}),
        },
      });
    } catch (error) {
      const reason = controller.signal.reason;
      if (reason instanceof Shutdown) return; // resumes at the next start
      if (reason instanceof Cancelled) return; // the cancel already moved it to CANCEL
      if (error instanceof EngineCancelled) {
        await this.cancelled(id, error.failure);
        return;
      }
      log.warn({ err: error, taskId: id }, 'task failed');
      await this.fail(
        id,
        error instanceof EngineFailure ? error.failure : { code: TaskFailureCode.EngineError, params: {} },
      );
    } finally {
      clearInterval(renew);
      await leaseWrite(() => repo.releaseLease(id, this.processId)).catch(() => undefined);
    }
  }

  /** Fails a task and refunds it; a refund that cannot be written now is left to the reconciliation. */
  async fail(id: string, failure: TaskFailure): Promise<void> {
    const why = await failureFields(this.deps.store, id, failure);
    const failed = await this.deps.store.update(id, {
      status: TaskStatus.Failure,
      ...why,
      finishTime: this.deps.now(),
    });
    if (!failed) return;
    await this.deps.billing
      .refund(id)
      .catch((err: unknown) =>
        this.deps.log.error({ err, taskId: id }, 'refund failed; the reconciliation will give it back'),
      );
  }

  /** The upstream cancelled it: CANCEL with its reason, refunded as any cancel. */
  private async cancelled(id: string, failure: TaskFailure): Promise<void> {
    const why = await failureFields(this.deps.store, id, failure);
    const cancelled = await this.deps.store.update(id, {
      status: TaskStatus.Cancel,
      ...why,
      finishTime: this.deps.now(),
    });
    if (!cancelled) return;
    await this.deps.billing
      .refund(id)
      .catch((err: unknown) =>
        this.deps.log.error({ err, taskId: id }, 'refund failed; the reconciliation will give it back'),
      );
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
