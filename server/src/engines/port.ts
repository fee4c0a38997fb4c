import { actionOf, EngineFeature, TaskFailureCode } from '@draw/shared';
import type {
  ActionName,
  BlendDimensions,
  BotType,
  EditorActionName,
  ClipMimeType,
  JobSpeed,
  TaskAction,
  TaskButton,
  TaskFailure,
  TaskFailureParams,
  VideoMotion,
} from '@draw/shared';
import { failureText } from './failures';

/**
 * The engine port: what the task runner asks of any image engine (the built-in sketch engine or
 * a midjourney-proxy upstream). An engine draws one job at a time per call; the runner owns the
 * queue, concurrency, persistence and the task machine.
 */
export interface EngineImage {
  data: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  width: number;
  height: number;
}

/** A clip: an MP4 (upstreams) or an animated WebP (the built-in engine). */
export interface EngineVideo {
  data: Buffer;
  mime: ClipMimeType;
  /** Known for an animated WebP; an MP4's size is not read. */
  width?: number;
  height?: number;
}

export type PanDirection = 'left' | 'right' | 'up' | 'down';

/** Midjourney's job modes; an upstream picks its queue from it (`/mj-fast/…`). */
export type EngineSpeed = JobSpeed;

/** What a finished parent task hands to an action on it (upscale, vary, zoom, pan, region). */
export interface ParentImage {
  taskId: string;
  action: TaskAction;
  prompt: string;
  seed: number;
  image: EngineImage;
  /** The parent's id at the upstream (midjourney-proxy); null when another engine drew it. */
  upstreamId?: string | null;
  /** The button pressed on the parent, exactly as the parent carries it (the upstream's customId). */
  customId?: string;
  /** The parent's clip, when it is a VIDEO task (Extend continues it). */
  video?: EngineVideo;
}

/**
 * One job type for every action, its kinds taken from the shared action table: each action is a
 * kind of its own, but Midjourney's editor actions (retexture …) share `edit`, whose `action`
 * names which. What a kind asks (prompt, seed, index …) is declared once here; what it reads comes
 * in one of two forms: as a task stores it (blob keys and a parent task's id, `StoredJob` in
 * features/tasks) or loaded for the engine (bytes and the parent's picture, `EngineJob`).
 */
export type JobKind = Exclude<ActionName, EditorActionName> | 'edit';

/** A declaration for every job kind and nothing else: a kind the table gains fails here until declared. */
export type EveryJobKind<T extends Record<JobKind, object> & Record<Exclude<keyof T, JobKind>, never>> = T;

/** On actions: the job mode of the user who pressed the button (not the parent's). */
interface ActionSpeed {
  speed?: EngineSpeed;
}

/** On commands that did not draw from a prompt of theirs: the bot and job mode, when known. */
interface UpstreamHints {
  botType?: BotType;
  speed?: EngineSpeed;
}

/**
 * On actions Midjourney can remix: the user wrote a new prompt for it. An engine that cannot take
 * that prompt must fail the job rather than draw without it.
 */
interface RemixPrompt {
  remix?: boolean;
  /**
   * The person's Remix setting is on: an upstream that can (the C# line's `enableRemix`) asks for
   * the prompt even when its Discord account would draw straight away.
   */
  enableRemix?: boolean;
}

type BatchIndex = 1 | 2 | 3 | 4;

/** What each kind of job asks, the same stored and run. */
export type JobParameters = EveryJobKind<{
  imagine: { prompt: string; seed: number; botType: BotType };
  upscale: { index: BatchIndex; mode: 'default' | 'subtle' | 'creative' } & ActionSpeed;
  variation: {
    prompt: string;
    seed: number;
    index: BatchIndex;
    strength: 'subtle' | 'strong' | 'index';
  } & ActionSpeed &
    RemixPrompt;
  reroll: { prompt: string; seed: number } & ActionSpeed & RemixPrompt;
  zoom: { prompt: string; seed: number; factor: number } & ActionSpeed;
  pan: { prompt: string; seed: number; direction: PanDirection } & ActionSpeed & RemixPrompt;
  region: { prompt: string; seed: number } & ActionSpeed;
  blend: { dimensions: BlendDimensions; seed: number } & UpstreamHints;
  describe: UpstreamHints;
  shorten: { prompt: string } & UpstreamHints;
  animate: { prompt: string; motion: VideoMotion } & ActionSpeed;
  /** `index`: which clip of the parent's batch (1–4) goes on. */
  extend: { prompt: string; motion: VideoMotion; index: BatchIndex } & ActionSpeed;
  /** Midjourney's editor (`action`: retexture …): a picture restyled by `prompt`. */
  edit: { action: EditorActionName; prompt: string; seed: number } & UpstreamHints;
}>;

/** The pictures each kind reads, loaded for the engine. */
export type EngineJobInputs = EveryJobKind<{
  /** `styles`: style references (their URLs are in the prompt; the built-in engine takes their palette). */
  imagine: { references: EngineImage[]; styles?: EngineImage[] };
  upscale: { parent: ParentImage };
  variation: { parent: ParentImage };
  reroll: { parent: ParentImage };
  zoom: { parent: ParentImage };
  pan: { parent: ParentImage };
  region: { parent: ParentImage; mask: EngineImage };
  blend: { images: EngineImage[] };
  describe: { image: EngineImage };
  shorten: Record<never, never>;
  animate: { parent: ParentImage };
  extend: { parent: ParentImage };
  /** `parent` when `image` is a finished task's picture (its button was pressed), absent for an upload. */
  edit: { image: EngineImage; parent?: ParentImage };
}>;

type Flat<T> = { [K in keyof T]: T[K] };

/** The job of each kind with its parameters and its inputs in one form (`EngineJobInputs` or the stored one). */
export type JobOf<Inputs extends Record<JobKind, object>> = {
  [K in JobKind]: Flat<{ kind: K } & JobParameters[K] & Inputs[K]>;
}[JobKind];

export type EngineJob = JobOf<EngineJobInputs>;

export type EngineJobKind = JobKind;

/** The engine's job of one kind. */
export type JobOfKind<K extends JobKind> = Extract<EngineJob, { kind: K }>;

/**
 * One handler per job kind, for jobs in one form (`EngineJob`, or the stored one): a kind this
 * file gains is a compile error in every such table until it is handled, or declared not offered.
 */
export type PerKindOf<Job extends { kind: JobKind }, Result, Args extends unknown[] = []> = {
  [K in JobKind]: (job: Extract<Job, { kind: K }>, ...args: Args) => Result;
};

/** One handler per job kind, for one engine (`notOffered` where it does not draw the kind). */
export type PerJobKind<Result, Args extends unknown[] = []> = PerKindOf<EngineJob, Result, Args>;

/**
 * Declared in an engine's table for a kind it does not draw: the job fails naming what was asked
 * (the command's route, or the editor action's words, as Midjourney spells them).
 */
export const notOffered = (job: EngineJob): never => {
  throw new EngineFailure(TaskFailureCode.EngineNotOffered, {
    feature: job.kind === 'edit' ? actionOf(job.action).words : `/${job.kind}`,
  });
};

/** Runs the handler of the job's kind from a table of one handler per kind. */
export function byJobKind<Job extends { kind: JobKind }, Result, Args extends unknown[]>(
  table: PerKindOf<Job, Result, Args>,
  job: Job,
  ...args: Args
): Result {
  // A stored job of a kind this build no longer knows: the engine's error, not a TypeError.
  if (!Object.hasOwn(table, job.kind))
    throw new EngineFailure(TaskFailureCode.EngineError, { job: String(job.kind) });
  // One kind's handler takes that kind's job: the union of handlers cannot say so, the table does.
  const handler = table[job.kind] as (job: Job, ...args: Args) => Result;
  return handler(job, ...args);
}

/** The action a job draws, as the shared table names it (an editor job names its own). */
export const actionOfJob = (job: EngineJob): ActionName => (job.kind === 'edit' ? job.action : job.kind);

export interface EngineProgress {
  /** 0–100. */
  progress: number;
  preview?: EngineImage;
}

export interface EngineResult {
  /** The finished picture (absent for describe and shorten); for a clip, its poster frame. */
  image?: EngineImage;
  /** Animate and Extend: the clip. */
  video?: EngineVideo;
  /** Text results: describe's four prompts, shorten's shortened prompts. */
  prompts?: string[];
  /** Free text shown with the result (describe/shorten summaries). */
  description?: string;
  buttons: TaskButton[];
  seed: string;
}

/** Upstream facts worth showing while a task waits. */
export interface EngineNote {
  /** Its place in the upstream's queue (1 = next), or null once it is no longer queued. */
  queuePosition: number | null;
}

export interface EngineRunContext {
  /** True once an earlier run sent the upstream the input its MODAL task waits for. */
  upstreamModalSent?: boolean;
  /** Persists that the modal is about to be sent (a restart must never send it twice). */
  rememberModalSent?(): Promise<void>;
  /** The task id: engines use it (hashed) inside button customIds. */
  taskId: string;
  signal: AbortSignal;
  onProgress(update: EngineProgress): Promise<void>;
  /**
   * The task's id at the upstream when an earlier run already submitted it (a restarted server
   * resumes following it instead of submitting again). Engines without an upstream ignore it.
   */
  upstreamId?: string | null;
  /** Persists the upstream's id for this task; resolves once it is stored. */
  rememberUpstreamId?(id: string): Promise<void>;
  /** The task's secret for upstream notify hooks (goes in the hook URL's path). */
  hookToken?: string;
  onNote?(note: EngineNote): Promise<void>;
}

export interface ImageEngine {
  /** Stable id stored on tasks (`builtin`, `midjourney-proxy`). */
  readonly name: string;
  /** Shown to users; never pretends to be Midjourney when it is not. */
  readonly displayName: string;
  run(job: EngineJob, context: EngineRunContext): Promise<EngineResult>;
  /**
   * True when the engine reports itself when a job starts (an upstream queue decides): the runner
   * then leaves the task SUBMITTED until the first progress instead of marking it IN_PROGRESS.
   */
  readonly reportsStart?: boolean;
  /** A notify-hook callback for one of our tasks (its token already checked). */
  notify?(taskId: string, payload: unknown): void;
  /** Best effort: stops the task at the upstream (a user cancelled it or its deadline passed). */
  cancel?(upstreamId: string): Promise<void>;
  /** The seed of a finished upstream task (may take about a minute); throws an AppError. */
  imageSeed?(upstreamId: string): Promise<string>;
  /**
   * False when the engine's upstream cannot serve this (a midjourney-proxy line without it): the
   * submit is refused with a clear message instead of failing at the upstream. Absent = all.
   */
  offers?(feature: EngineFeature): boolean;
  /** Learns what the upstream offers, once at start (best effort). */
  prepare?(): Promise<void>;
  /**
   * True when the engine answers now (the picker shows it unavailable otherwise). Probed in the
   * background every 30 s, never on a request; never throws. Absent = always available.
   */
  health?(signal: AbortSignal): Promise<boolean>;
}

/** What a job may need beyond imagine, describe and blend (declared in shared: the web hides the rest). */
export { EngineFeature };

/**
 * A failure the user should read (moderation, bad input, upstream said no): a code of the closed
 * set and its parameters, stored on the task; the message is its English text (the `failReason`).
 */
export class EngineFailure extends Error {
  override name = 'EngineFailure';
  readonly failure: TaskFailure;
  constructor(code: TaskFailureCode, params: TaskFailureParams = {}) {
    const failure = { code, params };
    super(failureText(failure, 'en-US'));
    this.failure = failure;
  }
}

/** The upstream cancelled the job itself (its admin, or a cancel that reached it late): our CANCEL. */
export class EngineCancelled extends EngineFailure {
  override name = 'EngineCancelled';
}

/**
 * Why a run's signal aborted, so an engine can tell a stop from a cancel: at `Shutdown` the task
 * resumes at the next start (its upstream job must go on); at `Cancelled` the person cancelled it
 * (the cancel already stored its end, and an upstream job is stopped too).
 */
export class Shutdown extends Error {}
export class Cancelled extends Error {}
