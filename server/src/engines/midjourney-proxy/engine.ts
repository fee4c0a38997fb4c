import type { FastifyBaseLogger } from 'fastify';
import { ErrorReason, TaskFailureCode } from '@draw/shared';
import { AppError } from '../../errors';
import {
  Cancelled,
  EngineFailure,
  EngineFeature,
  type EngineImage,
  type EngineJob,
  type EngineProgress,
  type EngineResult,
  type EngineRunContext,
  type ImageEngine,
  type JobKind,
  type ParentImage,
} from '../port';
import { MjProxyClient, ProxyLine, type Submitted } from './client';
import { UpstreamError, UpstreamErrorKind } from './errors';
import { copyClip, copyImage } from './images';
import {
  buttonsOf,
  differsByLine,
  modalBody,
  percentOf,
  submissionOf,
  textResultsOf,
  type Submission,
  type SubmitExtras,
} from './mapping';
import { UpstreamStatus, readUpstreamTask, type UpstreamTask } from './protocol';
import { UpstreamTracker } from './tracker';

export interface MidjourneyProxyOptions {
  /** `MJ_PROXY_URL`. */
  baseUrl: string;
  /** `MJ_PROXY_SECRET` (header `mj-api-secret`). */
  secret: string;
  /** `PUBLIC_URL`: our origin for notify hooks; empty = no hooks, polling only. */
  publicUrl: string;
  /** Every upstream request gives up after this long. */
  timeoutMs?: number;
  pollMinMs?: number;
  pollMaxMs?: number;
  maxPollFailures?: number;
  /** Pause before retrying a failed image copy (doubles each time; 3 tries in all). */
  imageRetryMs?: number;
  log?: FastifyBaseLogger;
  fetch?: typeof fetch;
}

export const DEFAULTS = {
  timeoutMs: 15_000,
  pollMinMs: 2_000,
  pollMaxMs: 30_000,
  maxPollFailures: 5,
  imageRetryMs: 500,
} as const;

/**
 * What the upstream's finished task of each kind gives: text (describe's image is the one we sent;
 * shorten has none), a clip, or a picture.
 */
const RESULT_FORM: Record<JobKind, 'text' | 'clip' | 'image'> = {
  describe: 'text',
  shorten: 'text',
  animate: 'clip',
  extend: 'clip',
  imagine: 'image',
  upscale: 'image',
  variation: 'image',
  reroll: 'image',
  zoom: 'image',
  pan: 'image',
  region: 'image',
  blend: 'image',
  edit: 'image',
};

/**
 * What the open-source Java line serves beyond imagine and its `change` buttons, named (a feature
 * added later is the C# line's): describe and blend; no shorten, seed, cancel, clips or editor.
 */
const JAVA_OFFERS = new Set<EngineFeature>([EngineFeature.Describe, EngineFeature.Blend]);

/**
 * The real Midjourney through a midjourney-proxy upstream. `run` submits the job (or, after a
 * restart, picks up the upstream task it already submitted), follows it through hooks and polls,
 * copies every preview and the result into images the runner stores, and returns the upstream's
 * own buttons so their customIds work on the next action.
 */
export class MidjourneyProxyEngine implements ImageEngine {
  readonly name = 'midjourney-proxy';
  readonly displayName = 'Midjourney';
  readonly reportsStart = true;
  readonly client: MjProxyClient;
  readonly tracker: UpstreamTracker;
  private readonly publicUrl: string;
  private readonly imageRetryMs: number;
  /** What the upstream is, once learnt (a probe at start, or what its answers show). */
  private line: ProxyLine = ProxyLine.Unknown;
  private probing: Promise<ProxyLine> | null = null;

  constructor(private readonly options: MidjourneyProxyOptions) {
    this.client = new MjProxyClient({
      baseUrl: options.baseUrl,
      secret: options.secret,
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      fetch: options.fetch,
    });
    this.tracker = new UpstreamTracker(
      (id, signal) => this.client.fetchTask(id, signal).then((task) => this.learnFrom(task)),
      {
        pollMinMs: options.pollMinMs ?? DEFAULTS.pollMinMs,
        pollMaxMs: options.pollMaxMs ?? DEFAULTS.pollMaxMs,
        maxPollFailures: options.maxPollFailures ?? DEFAULTS.maxPollFailures,
      },
    );
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.imageRetryMs = options.imageRetryMs ?? DEFAULTS.imageRetryMs;
  }

  /** The line that answers, as learnt so far. */
  get upstreamLine(): ProxyLine {
    return this.line;
  }

  async prepare(): Promise<void> {
    await this.lineOf();
  }

  /** The same request as the start's probe: an upstream down or refusing our secret is unavailable. */
  async health(signal: AbortSignal): Promise<boolean> {
    return this.client.answers(signal);
  }

  /** Asks the upstream which line it is, once (again after a probe that got no answer). */
  private async lineOf(signal?: AbortSignal): Promise<ProxyLine> {
    if (this.line !== ProxyLine.Unknown) return this.line;
    this.probing ??= this.client
      .probe(signal)
      .catch(() => ProxyLine.Unknown)
      .then((line) => {
        if (this.line === ProxyLine.Unknown) this.line = line;
        this.probing = null;
        return this.line;
      });
    return this.probing;
  }

  /** A Task says which line sent it: the C# line's always have `buttons`, the Java line's never. */
  private learnFrom<T extends UpstreamTask | null>(task: T): T {
    if (task) this.line = task.hasButtons ? ProxyLine.CSharp : ProxyLine.Java;
    return task;
  }

  /** Unknown counts as able: the upstream's own answer then says. */
  offers(feature: EngineFeature): boolean {
    if (this.line !== ProxyLine.Java) return true;
    return JAVA_OFFERS.has(feature);
  }

  /** Where the upstream reports this task: our id and its secret in the path, never a query. */
  hookUrl(taskId: string, hookToken: string | undefined): string | null {
    if (!this.publicUrl || !hookToken) return null;
    return `${this.publicUrl}/api/open/notify/${encodeURIComponent(taskId)}/${encodeURIComponent(hookToken)}`;
  }

  async run(job: EngineJob, context: EngineRunContext): Promise<EngineResult> {
    const { signal } = context;
    const extras: SubmitExtras = {
      notifyHook: this.hookUrl(context.taskId, context.hookToken),
      state: context.taskId,
    };
    const resuming = Boolean(context.upstreamId);
    // Actions and shorten differ between the lines: learn which one answers before the first.
    const needsLine = !resuming && differsByLine(job);
    let plan = submissionOf(job, extras, needsLine ? await this.lineOf(signal) : this.line);
    // After a restart it may still show a queue position from before: cleared once it runs.
    const state = { modalSent: context.upstreamModalSent === true, queued: resuming, previewUrl: '' };
    let upstreamId = context.upstreamId ?? null;

    const remember = async (id: string) => {
      if (id === upstreamId) return;
      upstreamId = id;
      await context.rememberUpstreamId?.(id);
    };
    // The submit runs to its answer when the person cancels meanwhile (the upstream may already
    // hold the job, and only the answer names it); a server that stops still cuts it short.
    const submitting = untilStopped(signal);
    /** A cancel that came while the job was being handed over: the upstream has it, so stop it there too. */
    const stopIfCancelled = async (id: string) => {
      if (!(signal.reason instanceof Cancelled)) return;
      await this.cancel(id).catch((err: unknown) =>
        this.options.log?.warn({ err }, 'upstream cancel failed'),
      );
      throw signal.reason;
    };
    const queued = async (answer: Submitted) => {
      if (answer.kind !== 'queued') return;
      state.queued = true;
      if (answer.position !== null) await context.onNote?.({ queuePosition: answer.position });
    };
    const sendModal = async (id: string, modal: NonNullable<Submission['modal']>) => {
      state.modalSent = true;
      // Stored first: the C# line queues the job again for every modal posted, so a restart in
      // between must leave it to the polls (a modal lost here fails at the deadline, refunded).
      await context.rememberModalSent?.();
      const answer = await this.client.submit('modal', modalBody(id, modal, extras), plan.speed, signal);
      if (answer.id !== id) await remember(answer.id);
      await queued(answer);
    };

    if (!upstreamId) {
      let answer: Submitted;
      try {
        answer = await this.client.submit(plan.route, plan.body, plan.speed, submitting);
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        if (error.kind === UpstreamErrorKind.NotOffered && plan.route === 'action') {
          // No action route after all: the Java line, whose `change` may serve it.
          this.line = ProxyLine.Java;
          plan = submissionOf(job, extras, ProxyLine.Java);
        } else if (
          error.kind === UpstreamErrorKind.RemixUnsupported &&
          !plan.remix &&
          plan.body.enableRemix
        ) {
          // The account has no Remix, but the prompt is the parent's: nothing is lost without it.
          const { enableRemix: _asked, ...body } = plan.body;
          plan = { ...plan, body };
        } else throw error;
        answer = await this.client.submit(plan.route, plan.body, plan.speed, submitting);
      }
      if (plan.remix && answer.kind !== 'modal') await this.refuseWithoutRemix(answer.id);
      await remember(answer.id);
      await stopIfCancelled(answer.id);
      if (answer.kind === 'modal' && plan.modal) await sendModal(answer.id, plan.modal);
      else await queued(answer);
    }

    return this.tracker.follow<EngineResult>({
      taskId: context.taskId,
      upstreamId: upstreamId!,
      signal,
      pollNow: resuming,
      onSnapshot: async (task, { superseded }) => {
        switch (task.status) {
          case UpstreamStatus.NotStart:
          case UpstreamStatus.Submitted:
            return undefined;
          case UpstreamStatus.Modal:
            // A restart between the action and its modal: give the upstream what it waits for.
            if (!plan.modal)
              throw new UpstreamError(UpstreamErrorKind.Invalid, {
                detail: 'it waits for input this task cannot give',
              });
            if (!state.modalSent) await sendModal(task.id, plan.modal);
            return undefined;
          case UpstreamStatus.InProgress: {
            if (state.queued) {
              state.queued = false;
              await context.onNote?.({ queuePosition: null });
            }
            // The same preview again (progress moved, the picture did not) is not copied twice.
            const fresh = task.imageUrl && task.imageUrl !== state.previewUrl ? task.imageUrl : null;
            const preview = fresh ? await this.preview(fresh, signal, superseded) : undefined;
            if (preview && fresh) state.previewUrl = fresh;
            const update: EngineProgress = { progress: percentOf(task) ?? 0 };
            if (preview) update.preview = preview;
            await context.onProgress(update);
            return undefined;
          }
          case UpstreamStatus.Success:
            return this.result(job, task, signal);
          case UpstreamStatus.Failure:
            throw failureOf(task.failReason.trim());
          case UpstreamStatus.Cancel:
            throw UpstreamError.cancelled(task.failReason.trim() || 'cancelled');
          default:
            return undefined;
        }
      },
    });
  }

  /**
   * Our remix modal took a new prompt, but the upstream's account is not in Remix mode: it started
   * the action without asking for one, so it would draw the old prompt while the task shows the new
   * one. Stop it there (C# line; the Java line has no cancel) and fail the task, refunded.
   */
  private async refuseWithoutRemix(upstreamId: string): Promise<never> {
    await this.cancel(upstreamId).catch((err: unknown) =>
      this.options.log?.warn({ err }, 'upstream cancel failed'),
    );
    throw new EngineFailure(TaskFailureCode.RemixOffUpstream);
  }

  /** A preview is nice to have: one that cannot be copied is skipped, never shown broken. */
  private async preview(
    url: string,
    signal: AbortSignal,
    superseded: () => boolean,
  ): Promise<EngineImage | undefined> {
    if (superseded()) return undefined;
    try {
      return await copyImage(this.client, url, { signal, backoffMs: this.imageRetryMs, abandon: superseded });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      this.options.log?.warn({ err: error }, 'upstream preview not copied');
      return undefined;
    }
  }

  private async result(job: EngineJob, task: UpstreamTask, signal: AbortSignal): Promise<EngineResult> {
    const buttons = buttonsOf(task);
    const seed = task.seed ?? '';
    const form = RESULT_FORM[job.kind];
    if (form === 'text') return { buttons, seed, prompts: textResultsOf(task) };
    if (form === 'clip' && 'parent' in job && job.parent)
      return this.clipResult(job.parent, task, buttons, seed, signal);
    if (!task.imageUrl) throw new UpstreamError(UpstreamErrorKind.NoImage);
    const image = await copyImage(this.client, task.imageUrl, { signal, backoffMs: this.imageRetryMs });
    return { image, buttons, seed };
  }

  /**
   * A clip task's result: the clip copied (MP4 or WebP, within the clip limits) and a poster: the
   * upstream's thumbnail when it sends one that copies, else the picture the clip starts from.
   */
  private async clipResult(
    parent: ParentImage,
    task: UpstreamTask,
    buttons: EngineResult['buttons'],
    seed: string,
    signal: AbortSignal,
  ): Promise<EngineResult> {
    const clipUrl = task.videoUrl ?? task.imageUrl;
    if (!clipUrl) throw new UpstreamError(UpstreamErrorKind.NoImage);
    const video = await copyClip(this.client, clipUrl, { signal, backoffMs: this.imageRetryMs });
    const thumbnail = task.videoThumbnail
      ? await this.preview(task.videoThumbnail, signal, () => false)
      : undefined;
    return { video, image: thumbnail ?? parent.image, buttons, seed };
  }

  notify(taskId: string, payload: unknown): void {
    const task = readUpstreamTask(payload);
    if (task) this.tracker.deliver(taskId, this.learnFrom(task));
  }

  async cancel(upstreamId: string): Promise<void> {
    if (this.line === ProxyLine.Java) return; // it has no cancel: we just stop following
    await this.client.cancel(upstreamId); // false when the route is missing: the same
  }

  async imageSeed(upstreamId: string): Promise<string> {
    if (!this.offers(EngineFeature.Seed))
      throw new AppError(ErrorReason.BadRequest, 'upstream.seedNotOffered');
    try {
      return await this.client.imageSeed(upstreamId);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (error.kind === UpstreamErrorKind.NotFound)
        throw new AppError(ErrorReason.NotFound, 'upstream.seedNotFound');
      if (error.kind === UpstreamErrorKind.NotOffered) {
        this.line = ProxyLine.Java;
        throw new AppError(ErrorReason.BadRequest, 'upstream.seedNotOffered');
      }
      const detail = typeof error.params.detail === 'string' ? error.params.detail : error.kind;
      throw new AppError(ErrorReason.UpstreamUnavailable, 'upstream.seedUnavailable', { detail });
    }
  }
}

/** The C# line cancels with "取消任务" and fails banned prompts at run time: both read as ours. */
const CANCELLED = /^(取消任务|主动取消任务|任务已取消|cancel(l)?ed)$/i;
const BANNED_AT_RUN = /可能包含敏感词/;

function failureOf(reason: string): EngineFailure {
  if (CANCELLED.test(reason)) return UpstreamError.cancelled(reason);
  if (BANNED_AT_RUN.test(reason)) return new UpstreamError(UpstreamErrorKind.BannedPrompt);
  return new UpstreamError(UpstreamErrorKind.Failed, { reason: reason || 'no reason given' });
}

export function createMidjourneyProxyEngine(options: MidjourneyProxyOptions): MidjourneyProxyEngine {
  return new MidjourneyProxyEngine(options);
}

/** A signal that follows `signal` except for a cancel: aborted when the server stops, not when the person cancels. */
function untilStopped(signal: AbortSignal): AbortSignal {
  const stopped = new AbortController();
  const follow = () => {
    if (!(signal.reason instanceof Cancelled)) stopped.abort(signal.reason);
  };
  if (signal.aborted) follow();
  else signal.addEventListener('abort', follow, { once: true });
  return stopped.signal;
}
