import type { Static } from 'typebox';
import type { api } from './routes/index';
import type { AnswerOf, BodyOf } from './routes/route';
import type { TaskFailureSchema } from './routes/schemas';

/**
 * The bodies of POST /api/mj/submit/{kind}/{channelId}, for the service and the web, derived from
 * the route table (`shared/src/routes/tasks.ts`). `promptEn`: the English the person edited in the
 * preview (else the server translates); `engine`: the engine to draw on (else the channel's
 * default, else the site's); `imageIds`: image prompts (the same as references of kind `image`).
 */
export type ImagineRequest = BodyOf<typeof api.tasks.imagine>;
export type DescribeRequest = BodyOf<typeof api.tasks.describe>;
export type BlendRequest = BodyOf<typeof api.tasks.blend>;
export type ShortenRequest = BodyOf<typeof api.tasks.shorten>;
/** A button pressed on a finished task. */
export type ActionRequest = BodyOf<typeof api.tasks.action>;
/**
 * A MODAL task's input: a remix or custom-zoom prompt, a region's mask (`maskImageId`: the upload
 * id of the mask, POST /api/upload, a PNG of the image's size).
 */
export type ModalRequest = BodyOf<typeof api.tasks.modal>;

/** What every submit answers. */
export type SubmitAnswer = AnswerOf<typeof api.tasks.imagine>;

/** What POST /api/upload answers. */
export type UploadAnswer = AnswerOf<typeof api.uploads.upload>;

/**
 * Why a task failed (or was cancelled by something other than a person): a closed code with its
 * parameters, stored in `Task.properties.failure`. The web words it in the reader's language;
 * `Task.failReason` keeps an English text of it for API clients (and is all a task stored before
 * codes existed has). The `upstream.*` codes are the midjourney-proxy's answers: their free text
 * (`reason`, `detail`, `word`) is the upstream's own and is shown as-is inside a localized sentence.
 */
export const TaskFailureCode = {
  /** The prompt had nothing to draw. */
  EmptyPrompt: 'emptyPrompt',
  /** /shorten: no descriptive word left to keep. */
  NothingToShorten: 'nothingToShorten',
  /** Vary (Region): the mask selects nothing. */
  EmptyMask: 'emptyMask',
  /** `{ min, max, given }` */
  BlendCount: 'blendCount',
  /** `{ factor }` */
  ZoomRange: 'zoomRange',
  AnimateNeedsUpscale: 'animateNeedsUpscale',
  ExtendNeedsClip: 'extendNeedsClip',
  ClipTooLarge: 'clipTooLarge',
  /** An input image (or clip) could not be decoded; `{ detail }` is technical and stays in `failReason`. */
  UnreadableInput: 'unreadableInput',
  /** An input image, the parent's image or its clip is no longer stored. */
  InputMissing: 'inputMissing',
  /** A remix prompt, but the upstream's account has Remix off. */
  RemixOffUpstream: 'remixOffUpstream',
  /** `{ minutes }`: the deadline passed. */
  TimedOut: 'timedOut',
  /** The task could not be saved after its charge. */
  NotSaved: 'notSaved',
  /** Anything the engine did not explain. */
  EngineError: 'engineError',
  UpstreamDown: 'upstream.down',
  UpstreamLost: 'upstream.lost',
  UpstreamUnauthorized: 'upstream.unauthorized',
  UpstreamQueueFull: 'upstream.queueFull',
  UpstreamBanned: 'upstream.banned',
  UpstreamBannedPrompt: 'upstream.bannedPrompt',
  UpstreamNoAccount: 'upstream.noAccount',
  UpstreamLimitReached: 'upstream.limitReached',
  UpstreamTempBanned: 'upstream.tempBanned',
  UpstreamRefused: 'upstream.refused',
  UpstreamRemixUnsupported: 'upstream.remixUnsupported',
  UpstreamNotOffered: 'upstream.notOffered',
  UpstreamCancelRefused: 'upstream.cancelRefused',
  UpstreamInvalid: 'upstream.invalid',
  UpstreamNotFound: 'upstream.notFound',
  UpstreamSystem: 'upstream.system',
  /** The upstream task ended in FAILURE: `{ reason }` is the upstream's own words. */
  UpstreamFailed: 'upstream.failed',
  /** The upstream cancelled it: `{ reason }`. */
  UpstreamCancelled: 'upstream.cancelled',
  UpstreamForgotten: 'upstream.forgotten',
  UpstreamImageCopy: 'upstream.imageCopy',
  UpstreamNoImage: 'upstream.noImage',
  UpstreamNotFromUpstream: 'upstream.notFromUpstream',
  UpstreamBadAnswer: 'upstream.badAnswer',
  /** An engine service we call (the OpenAI Images API, a compatible server): `{ detail }` for 5xx, network, timeouts. */
  EngineUnavailable: 'engine.unavailable',
  /** The service refused our key (401/403): the site's configuration. */
  EngineUnauthorized: 'engine.unauthorized',
  /** The service's account has no quota or billing left. */
  EngineQuota: 'engine.quota',
  /** Still rate limited (429) after the retries its `retry-after` asked for. */
  EngineRateLimited: 'engine.rateLimited',
  /** The service's safety system refused the prompt or an image (`moderation_blocked`). */
  EngineRefusedBySafety: 'engine.refusedBySafety',
  /** Any other refusal, in the service's words: `{ detail }`. */
  EngineRefused: 'engine.refused',
  /** An answer we cannot use: `{ detail }`. */
  EngineBadAnswer: 'engine.badAnswer',
  /** This engine cannot do that: `{ feature }`. */
  EngineNotOffered: 'engine.notOffered',
  /** The `comfyui.*` codes: a ComfyUI server's answers; `detail` is its own words or ours about the connection. */
  ComfyDown: 'comfyui.down',
  ComfyLost: 'comfyui.lost',
  ComfyUnauthorized: 'comfyui.unauthorized',
  /** HTTP 400 on POST /prompt: a node or model the workflow names is missing or refused (`detail`). */
  ComfyBadWorkflow: 'comfyui.badWorkflow',
  ComfyOutOfMemory: 'comfyui.outOfMemory',
  /** `execution_error`: `{ node, detail }`. */
  ComfyFailed: 'comfyui.failed',
  /** Interrupted at ComfyUI by someone else. */
  ComfyInterrupted: 'comfyui.interrupted',
  /** A resumed prompt is neither queued nor in its history (ComfyUI restarted). */
  ComfyForgotten: 'comfyui.forgotten',
  ComfyNoImage: 'comfyui.noImage',
  ComfyImageCopy: 'comfyui.imageCopy',
} as const;
export type TaskFailureCode = (typeof TaskFailureCode)[keyof typeof TaskFailureCode];
export const TASK_FAILURE_CODES = Object.values(TaskFailureCode);

export type TaskFailure = Static<typeof TaskFailureSchema>;
export type TaskFailureParams = TaskFailure['params'];
