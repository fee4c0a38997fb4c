import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { buttonsForResult, parseCustomId, TaskFailureCode, type TaskButton } from '@draw/shared';
import { buttonHash } from '../builtin/engine';
import {
  byJobKind,
  EngineFailure,
  EngineFeature,
  notOffered,
  type EngineImage,
  type EngineJob,
  type EngineResult,
  type EngineRunContext,
  type ImageEngine,
  type JobKind,
  type JobOfKind,
  type ParentImage,
  type PerJobKind,
} from '../port';
import { ComfyClient } from './client';
import { comfyFailure, isUnreachable } from './errors';
import { composeGrid, engineImage, fitArea, maskFor, tileOf, type Picture } from './images';
import { readExecutionError, type HistoryEntry, type PreviewFrame, type SocketMessage } from './protocol';
import { sizeFor, splitPrompt } from './prompt';
import { ComfySocket } from './socket';
import {
  fillWorkflow,
  loadWorkflows,
  WorkflowError,
  type WorkflowName,
  type WorkflowValues,
} from './workflows';
import type { Workflow } from './protocol';

export interface ComfyUIOptions {
  /** `COMFYUI_URL` (basic auth in it is sent as a header, never logged). */
  url: string;
  /** `COMFYUI_CHECKPOINT`: the `ckpt_name` every template loads. */
  checkpoint: string;
  /** `COMFYUI_WORKFLOWS_DIR`: templates here replace the shipped ones of the same name; '' = none. */
  workflowsDir?: string;
  /** `COMFYUI_IMAGE_SIZE`: the checkpoint's native side (1024 for SDXL, 512 for SD 1.5). */
  imageSize?: number;
  /** Every HTTP request gives up after this long. */
  timeoutMs?: number;
  /** Pause between two history polls while the socket is down (five times longer while it is up). */
  pollMs?: number;
  /** Consecutive failed polls before the task is given up as lost. */
  maxPollFailures?: number;
  /** At most one preview image per this long (each is stored and sent to every member). */
  previewEveryMs?: number;
  log?: FastifyBaseLogger;
  fetch?: typeof fetch;
}

export const DEFAULTS = {
  imageSize: 1024,
  timeoutMs: 15_000,
  pollMs: 1_000,
  maxPollFailures: 8,
  previewEveryMs: 1_000,
} as const;

/** Asked of every prompt: a stock ComfyUI (`--preview-method none`) sends no previews unless the prompt asks. */
export const PREVIEW_METHOD = 'auto';
/** Where our inputs go under ComfyUI's `input/` and our results under its `output/`. */
export const SUBFOLDER = 'drawspace';
/** Midjourney's grids and every action but upscale draw four pictures. */
const GRID_SIZE = 4;

const DENOISE = {
  variation: { subtle: 0.35, strong: 0.65, index: 0.65 },
  upscale: { default: 0.3, subtle: 0.2, creative: 0.45 },
  region: 0.85,
} as const;

/** What a job posts: a template, the values it fills, the pictures to upload first. */
interface Recipe {
  workflow: WorkflowName;
  values: WorkflowValues;
  image?: Picture;
  mask?: Buffer;
  grid: boolean;
  seed: number;
}

/** What a job becomes here: a grid or one picture, its seed, and (when first posted) its recipe. */
interface Plan {
  grid: boolean;
  seed: number;
  recipe(): Promise<Recipe>;
}

/** The values every recipe starts from: the checkpoint's area and the prompt, split. */
interface RecipeStart {
  base: number;
  area: number;
  parts: ReturnType<typeof splitPrompt>;
  common: WorkflowValues;
}

const round8 = (n: number) => Math.round(n / 8) * 8;

/**
 * Midjourney's actions on a ComfyUI the team runs: each action posts one of the workflow
 * templates, filled from the job, under a prompt id we choose and store first (a restarted server
 * follows it again through /history and never posts it twice); progress and preview frames come
 * over the WebSocket, the result is read from /history and copied through /view.
 */
export class ComfyUIEngine implements ImageEngine {
  readonly name = 'comfyui';
  readonly displayName = 'ComfyUI';
  /** ComfyUI has a queue: the task stays SUBMITTED until its prompt runs. */
  readonly reportsStart = true;
  readonly client: ComfyClient;
  readonly socket: ComfySocket;
  /** One id for every prompt of this process: ComfyUI sends their events to its socket. */
  readonly clientId = randomUUID().replace(/-/g, '');
  private readonly workflows: Record<WorkflowName, Workflow>;
  private readonly settings: Required<
    Pick<ComfyUIOptions, 'imageSize' | 'timeoutMs' | 'pollMs' | 'maxPollFailures' | 'previewEveryMs'>
  >;

  constructor(private readonly options: ComfyUIOptions) {
    this.settings = {
      imageSize: options.imageSize ?? DEFAULTS.imageSize,
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      pollMs: options.pollMs ?? DEFAULTS.pollMs,
      maxPollFailures: options.maxPollFailures ?? DEFAULTS.maxPollFailures,
      previewEveryMs: options.previewEveryMs ?? DEFAULTS.previewEveryMs,
    };
    this.workflows = loadWorkflows(options.workflowsDir ?? '');
    this.client = new ComfyClient({
      url: options.url,
      timeoutMs: this.settings.timeoutMs,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    this.socket = new ComfySocket({
      url: this.client.socketUrl(this.clientId),
      authorization: this.client.authorization,
      openTimeoutMs: Math.min(5_000, this.settings.timeoutMs),
      onError: (err) =>
        options.log?.debug({ err: err instanceof Error ? err.message : String(err) }, 'comfyui socket error'),
    });
  }

  /** Core nodes cannot describe, shorten or animate; blending needs CLIP-vision or IP-Adapter models a stock ComfyUI lacks. */
  offers(feature: EngineFeature): boolean {
    return feature === EngineFeature.Cancel;
  }

  async run(job: EngineJob, context: EngineRunContext): Promise<EngineResult> {
    const { grid, seed, recipe } = byJobKind(this.plans, job);
    const { signal } = context;
    let promptId = context.upstreamId ?? null;
    const follower = new Follower(this, context);
    try {
      if (!promptId) {
        const made = await recipe();
        // Open (or reuse) the socket before posting, so that no early event is missed.
        await this.socket.connect();
        promptId = randomUUID();
        const workflow = await this.uploadAndFill(made, promptId, signal);
        // Stored before posting: from here on a restart follows this id and never posts again.
        await context.rememberUpstreamId?.(promptId);
        follower.listen(promptId);
        await this.post(promptId, workflow, signal);
      } else {
        follower.listen(promptId);
      }
      const entry = await follower.follow(promptId);
      return await this.result(entry, grid, seed, context.taskId, signal);
    } finally {
      follower.stop();
    }
  }

  /** Posts the prompt; one whose answer never came may still be queued, so it is taken back. */
  private async post(promptId: string, workflow: Workflow, signal: AbortSignal): Promise<void> {
    try {
      await this.client.queuePrompt(
        {
          prompt: workflow,
          client_id: this.clientId,
          prompt_id: promptId,
          extra_data: { preview_method: PREVIEW_METHOD },
        },
        signal,
      );
    } catch (error) {
      if (isUnreachable(error) || signal.aborted) void this.cancel(promptId).catch(() => undefined);
      throw error;
    }
  }

  /**
   * The template and its values for a job when first posted, and the pictures it starts from
   * (sized for the checkpoint); the prompt is split and checked only then.
   */
  private plan(
    kind: JobKind,
    seed: number,
    prompt: string,
    make: (start: RecipeStart) => Promise<Recipe>,
    grid = true,
  ): Plan {
    return {
      grid,
      seed,
      recipe: () => {
        const base = this.settings.imageSize;
        const parts = splitPrompt(prompt);
        if (!parts.positive && kind === 'imagine') throw new EngineFailure(TaskFailureCode.EmptyPrompt);
        const common = {
          checkpoint: this.options.checkpoint,
          prompt: parts.positive,
          negative: parts.negative,
          prefix: `${SUBFOLDER}/${kind}`,
        };
        return make({ base, area: base * base, parts, common });
      },
    };
  }

  /** Imagine and reroll: a new grid from the prompt alone. */
  private fromPrompt(job: JobOfKind<'imagine'> | JobOfKind<'reroll'>): Plan {
    return this.plan(job.kind, job.seed, job.prompt, async ({ base, parts, common }) => ({
      workflow: 'imagine',
      grid: true,
      seed: job.seed,
      values: { ...common, ...sizeFor(parts.aspect, base), seed: job.seed, batch: GRID_SIZE },
    }));
  }

  /**
   * What ComfyUI makes of each job kind. Core nodes cannot describe, shorten or animate; blending
   * needs CLIP-vision or IP-Adapter models a stock ComfyUI lacks; there is no editor.
   */
  private readonly plans: PerJobKind<Plan> = {
    imagine: (job) => this.fromPrompt(job),
    reroll: (job) => this.fromPrompt(job),
    upscale: (job) =>
      this.plan(
        job.kind,
        job.parent.seed,
        job.parent.prompt,
        async ({ area, common }) => {
          const image = await this.source(job.parent, job.index, Infinity);
          // Twice the tile, at most twice the checkpoint's side: an upscale of an upscale refines it.
          const scale = Math.max(1, Math.min(2, Math.sqrt((4 * area) / (image.width * image.height))));
          return {
            workflow: 'upscale',
            grid: false,
            seed: job.parent.seed,
            image,
            values: {
              ...common,
              seed: job.parent.seed,
              scale: Math.round(scale * 100) / 100,
              denoise: DENOISE.upscale[job.mode],
            },
          };
        },
        false,
      ),
    variation: (job) =>
      this.plan(job.kind, job.seed, job.prompt, async ({ area, common }) => {
        const image = await this.source(job.parent, job.index, area);
        return {
          workflow: 'variation',
          grid: true,
          seed: job.seed,
          image,
          values: { ...common, seed: job.seed, batch: GRID_SIZE, denoise: DENOISE.variation[job.strength] },
        };
      }),
    zoom: (job) =>
      this.plan(job.kind, job.seed, job.prompt, async ({ area, common }) => {
        if (!Number.isFinite(job.factor) || job.factor < 1 || job.factor > 2)
          throw new EngineFailure(TaskFailureCode.ZoomRange, { factor: job.factor });
        // The picture shrinks so that the zoomed-out canvas is about the checkpoint's size.
        const image = await this.source(job.parent, 1, area / (job.factor * job.factor));
        const side = (n: number) => round8(((job.factor - 1) / 2) * n);
        const pad = {
          left: side(image.width),
          right: side(image.width),
          top: side(image.height),
          bottom: side(image.height),
        };
        return {
          workflow: 'outpaint',
          grid: true,
          seed: job.seed,
          image,
          values: { ...common, seed: job.seed, batch: GRID_SIZE, ...pad },
        };
      }),
    pan: (job) =>
      this.plan(job.kind, job.seed, job.prompt, async ({ area, common }) => {
        const image = await this.source(job.parent, 1, area);
        const horizontal = job.direction === 'left' || job.direction === 'right';
        const strip = round8((horizontal ? image.width : image.height) / 2);
        const pad = {
          left: 0,
          right: 0,
          top: 0,
          bottom: 0,
          [job.direction === 'up' ? 'top' : job.direction === 'down' ? 'bottom' : job.direction]: strip,
        };
        return {
          workflow: 'outpaint',
          grid: true,
          seed: job.seed,
          image,
          values: { ...common, seed: job.seed, batch: GRID_SIZE, ...pad },
        };
      }),
    region: (job) =>
      this.plan(job.kind, job.seed, job.prompt, async ({ area, common }) => {
        const image = await this.source(job.parent, 1, area);
        const mask = await maskFor(job.mask, image.width, image.height);
        return {
          workflow: 'region',
          grid: true,
          seed: job.seed,
          image,
          mask,
          values: { ...common, seed: job.seed, batch: GRID_SIZE, denoise: DENOISE.region },
        };
      }),
    blend: notOffered,
    describe: notOffered,
    shorten: notOffered,
    animate: notOffered,
    extend: notOffered,
    edit: notOffered,
  };

  /** The tile (or whole upscale) an action starts from, within `maxArea` pixels. */
  private async source(parent: ParentImage, index: 1 | 2 | 3 | 4, maxArea: number): Promise<Picture> {
    const tile = await tileOf(parent, index);
    return fitArea(tile, Number.isFinite(maxArea) ? maxArea : tile.width * tile.height);
  }

  /** Uploads the recipe's pictures (named after the prompt) and fills its template. */
  private async uploadAndFill(recipe: Recipe, promptId: string, signal: AbortSignal): Promise<Workflow> {
    const values: WorkflowValues = { ...recipe.values };
    if (recipe.image)
      values.image = await this.client.upload(recipe.image.data, `${promptId}-image.png`, SUBFOLDER, signal);
    if (recipe.mask)
      values.mask = await this.client.upload(recipe.mask, `${promptId}-mask.png`, SUBFOLDER, signal);
    try {
      return fillWorkflow(this.workflows[recipe.workflow], values, recipe.workflow);
    } catch (error) {
      if (error instanceof WorkflowError) throw comfyFailure.badWorkflow(error.message);
      throw error;
    }
  }

  /** A finished prompt's pictures: four make a grid, one is the upscale; failures become our codes. */
  private async result(
    entry: HistoryEntry,
    grid: boolean,
    seed: number,
    taskId: string,
    signal: AbortSignal,
  ): Promise<EngineResult> {
    if (entry.statusStr !== 'success') throw failureOf(entry);
    if (entry.images.length === 0) throw comfyFailure.noImage();
    const hash = buttonHash(taskId);
    let image: EngineImage;
    if (grid && entry.images.length >= GRID_SIZE) {
      const pictures = await Promise.all(
        entry.images.slice(0, GRID_SIZE).map((saved) => this.client.view(saved, signal)),
      );
      image = await this.checked(() => composeGrid(pictures));
    } else {
      // A replaced template may stitch its own grid: one picture is taken as it is.
      const data = await this.client.view(entry.images[0]!, signal);
      image = await this.checked(() => engineImage(data));
    }
    return {
      image,
      buttons: grid ? buttonsForResult('grid', hash) : upscaleButtons(hash),
      seed: String(seed),
    };
  }

  private async checked(read: () => Promise<EngineImage>): Promise<EngineImage> {
    try {
      return await read();
    } catch (error) {
      throw comfyFailure.imageCopy(error instanceof Error ? error.message.split('\n')[0]! : 'not an image');
    }
  }

  /** Takes a pending prompt out of the queue, or interrupts it if it runs. */
  async cancel(upstreamId: string): Promise<void> {
    const place = await this.client.queuePlace(upstreamId).catch(() => null);
    if (!place || place.state === 'pending') {
      await this.client.dequeue(upstreamId);
      // It may have started in between: then it is the running one.
      const now = await this.client.queuePlace(upstreamId).catch(() => null);
      if (now?.state !== 'running') return;
    }
    if (!place || place.state !== 'absent') await this.client.interrupt(upstreamId);
  }

  async health(signal: AbortSignal): Promise<boolean> {
    return this.client.answers(signal).catch(() => false);
  }

  /** Opens the socket at start, so that the first task does not wait for it (best effort). */
  async prepare(): Promise<void> {
    await this.socket.connect();
  }

  close(): void {
    this.socket.close();
  }

  /** For the follower. */
  get timing() {
    return this.settings;
  }

  get log(): FastifyBaseLogger | undefined {
    return this.options.log;
  }
}

/** An upscale's buttons, without the video ones (ComfyUI's core nodes make no clips). */
function upscaleButtons(hash: string): TaskButton[] {
  return buttonsForResult('upscale', hash).filter((b) => {
    const kind = parseCustomId(b.customId)?.kind;
    return kind !== 'animate' && kind !== 'extend';
  });
}

/** A prompt that ended in error: interrupted (by someone at ComfyUI), or an execution error. */
function failureOf(entry: HistoryEntry): EngineFailure {
  const interrupted = entry.messages.find(([event]) => event === 'execution_interrupted');
  if (interrupted) return comfyFailure.interrupted();
  const failed = entry.messages.find(([event]) => event === 'execution_error');
  if (failed) return comfyFailure.execution(readExecutionError(failed[1]));
  return comfyFailure.execution({
    nodeId: '',
    nodeType: '',
    exceptionType: '',
    message: `ended with status ${entry.statusStr || 'unknown'}`,
  });
}

/**
 * Follows one prompt to its end: WebSocket events give progress and previews and wake the polls
 * early; `/history/{id}` says when it is done (sockets drop; a resumed prompt's events go to the
 * old process's socket), `/queue` where it waits. A prompt in neither is forgotten (ComfyUI restarted).
 */
class Follower {
  private unlisten: (() => void) | null = null;
  private wake: (() => void) | null = null;
  /** An end signal that came while no pause was waiting: the next pause is skipped. */
  private woken = false;
  private percent = 0;
  private started = false;
  private position: number | null = null;
  private lastPreviewAt = 0;
  private pendingPreview: PreviewFrame | null = null;
  /** Progress reports one after another, in order. */
  private reporting: Promise<void> = Promise.resolve();

  constructor(
    private readonly engine: ComfyUIEngine,
    private readonly context: EngineRunContext,
  ) {}

  listen(promptId: string): void {
    this.unlisten = this.engine.socket.listen(promptId, {
      onMessage: (message) => this.onMessage(message),
      onPreview: (frame) => {
        this.pendingPreview = frame;
        this.report();
      },
    });
  }

  stop(): void {
    this.unlisten?.();
    this.unlisten = null;
  }

  private onMessage({ type, data }: SocketMessage): void {
    switch (type) {
      case 'execution_start':
        this.markStarted();
        return;
      case 'progress': {
        const value = Number(data.value);
        const max = Number(data.max);
        if (Number.isFinite(value) && max > 0)
          this.percent = Math.max(this.percent, Math.min(99, Math.floor((value / max) * 100)));
        this.markStarted();
        this.report();
        return;
      }
      case 'executing':
        if (data.node === null) this.wakeUp();
        return;
      case 'execution_success':
      case 'execution_error':
      case 'execution_interrupted':
        this.wakeUp();
        return;
      default:
        return;
    }
  }

  private wakeUp(): void {
    this.woken = true;
    this.wake?.();
  }

  private markStarted(): void {
    if (this.started) return;
    this.started = true;
    this.queue(async () => {
      if (this.position !== null) await this.context.onNote?.({ queuePosition: null });
      this.position = null;
      await this.context.onProgress({ progress: this.percent });
    });
  }

  private queue(work: () => Promise<void>): void {
    this.reporting = this.reporting
      .then(work)
      .catch((err: unknown) =>
        this.engine.log?.warn({ err, taskId: this.context.taskId }, 'comfyui progress not reported'),
      );
  }

  /** The current percentage, with the newest preview when the last one is old enough. */
  private report(): void {
    this.queue(async () => {
      if (this.context.signal.aborted) return;
      const frame = this.pendingPreview;
      const due = frame && Date.now() - this.lastPreviewAt >= this.engine.timing.previewEveryMs;
      let preview: EngineImage | undefined;
      if (due) {
        this.pendingPreview = null;
        this.lastPreviewAt = Date.now();
        preview = await engineImage(Buffer.from(frame.data)).catch(() => undefined);
      }
      await this.context.onProgress(
        preview ? { progress: this.percent, preview } : { progress: this.percent },
      );
    });
  }

  async follow(promptId: string): Promise<HistoryEntry> {
    const { signal } = this.context;
    let failures = 0;
    try {
      for (;;) {
        if (signal.aborted) throw signal.reason;
        try {
          const entry = await this.check(promptId);
          failures = 0;
          if (entry) return entry;
        } catch (error) {
          if (signal.aborted) throw signal.reason;
          if (!isUnreachable(error)) throw error;
          failures += 1;
          if (failures >= this.engine.timing.maxPollFailures)
            throw comfyFailure.lost(String((error as EngineFailure).failure.params.detail ?? 'no answer'));
        }
        const { pollMs } = this.engine.timing;
        await this.pause(this.engine.socket.open && failures === 0 ? pollMs * 5 : pollMs);
      }
    } finally {
      await this.reporting;
    }
  }

  /** One look: the history entry when finished, else null (noting the queue position). */
  private async check(promptId: string): Promise<HistoryEntry | null> {
    const { client } = this.engine;
    const { signal } = this.context;
    const entry = await client.history(promptId, signal);
    if (entry) return entry;
    const place = await client.queuePlace(promptId, signal);
    if (place.state === 'running') {
      this.markStarted();
      return null;
    }
    if (place.state === 'pending') {
      if (place.position !== this.position) {
        this.position = place.position;
        const position = place.position;
        this.queue(async () => this.context.onNote?.({ queuePosition: position }));
      }
      return null;
    }
    // Finished between the two reads, or unknown to ComfyUI.
    const again = await client.history(promptId, signal);
    if (again) return again;
    throw comfyFailure.forgotten();
  }

  private pause(ms: number): Promise<void> {
    const { signal } = this.context;
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.wake = null;
      };
      const timer = setTimeout(() => {
        done();
        resolve();
      }, ms);
      const onAbort = () => {
        done();
        reject(signal.reason);
      };
      this.wake = () => {
        this.woken = false;
        done();
        resolve();
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

export function createComfyUIEngine(options: ComfyUIOptions): ComfyUIEngine {
  return new ComfyUIEngine(options);
}
