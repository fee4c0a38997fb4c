import { parseProgress, statusRank } from '@draw/machines';
import {
  actionButtons,
  actionOf,
  buttonsForResult,
  resultKindForAction,
  type TaskAction,
  parseCustomId,
  speedOf,
  type TaskButton,
  type TaskStatus,
  TaskFailureCode,
} from '@draw/shared';
import {
  actionOfJob,
  byJobKind,
  EngineFailure,
  type EngineImage,
  type EngineJob,
  type EngineSpeed,
  type JobOfKind,
  type ParentImage,
  type PerJobKind,
} from '../port';
import { ProxyLine, type SubmitRoute } from './client';
import { UpstreamError, UpstreamErrorKind } from './errors';
import { UpstreamStatus, type UpstreamTask } from './protocol';

/** Our jobs ↔ the upstream's request bodies, and the upstream's Task ↔ what we show. */

export interface Submission {
  route: SubmitRoute;
  body: Record<string, unknown>;
  speed: EngineSpeed | null;
  /** What to send to `/mj/submit/modal` if the upstream answers 21 (actions only). */
  modal: { prompt: string; maskBase64?: string } | null;
  /**
   * The modal carries a prompt the user wrote for a remix: an upstream that does not ask for the
   * modal (its account is not in Remix mode) would draw without it.
   */
  remix?: boolean;
}

export interface SubmitExtras {
  /** Where the upstream should POST progress; null = no hook, polling only. */
  notifyHook: string | null;
  /** Free text the upstream keeps with the task (our task id: operators can match both sides). */
  state: string;
}

export const UPSTREAM_BLEND_MAX = 5;

export const dataUrl = (image: EngineImage): string =>
  `data:${image.mime};base64,${image.data.toString('base64')}`;

function common(extras: SubmitExtras): Record<string, unknown> {
  return {
    state: extras.state.slice(0, 255),
    ...(extras.notifyHook ? { notifyHook: extras.notifyHook } : {}),
  };
}

/** The parent's upstream task and the button pressed on it; refused for images another engine drew. */
function upstreamParent(parent: ParentImage): { taskId: string; customId: string } {
  if (!parent.upstreamId || !parent.customId) throw new UpstreamError(UpstreamErrorKind.NotFromUpstream);
  return { taskId: parent.upstreamId, customId: parent.customId };
}

type ActionJob = Extract<EngineJob, { parent: ParentImage }>;

/**
 * The queue of an action: the pressing user's job mode; for jobs stored without one, the mode its
 * prompt names, then the parent's.
 */
function actionSpeed(job: ActionJob): EngineSpeed | null {
  return job.speed ?? ('prompt' in job ? speedOf(job.prompt) : null) ?? speedOf(job.parent.prompt);
}

function actionOn(job: Exclude<ActionJob, { kind: 'upscale' }>, base: Record<string, unknown>): Submission {
  return {
    route: 'action',
    body: { ...base, ...upstreamParent(job.parent) },
    speed: actionSpeed(job),
    modal: { prompt: job.prompt || job.parent.prompt },
  };
}

/**
 * Midjourney's own name for what a job asks (the same in every language), for "not offered": a
 * button's own for U/V on a grid, else the action table's words.
 */
function featureOf(job: EngineJob): string {
  if (job.kind === 'upscale') return job.mode === 'default' ? `U${job.index}` : 'Upscale (Subtle/Creative)';
  if (job.kind === 'variation') return job.strength === 'index' ? `V${job.index}` : 'Vary (Subtle/Strong)';
  return actionOf(actionOfJob(job)).words;
}

const notOffered = (job: EngineJob) =>
  new UpstreamError(UpstreamErrorKind.NotOffered, { feature: featureOf(job) });

/** Declared in a line's table for a kind the line does not offer: refused before anything is submitted. */
const notOfferedHere = (job: EngineJob): never => {
  throw notOffered(job);
};

/**
 * The Java line's only actions: `/mj/submit/change` with U1–U4, V1–V4 or a reroll on a grid. It
 * cannot take a prompt, so a remix the person edited is refused before anything is submitted.
 */
function changeOf(job: ActionJob, base: Record<string, unknown>): Submission {
  const { taskId } = upstreamParent(job.parent);
  const speed = actionSpeed(job);
  const change = (action: 'UPSCALE' | 'VARIATION' | 'REROLL', index?: number): Submission => ({
    route: 'change',
    body: { ...base, taskId, action, ...(index ? { index } : {}) },
    speed,
    modal: null,
  });
  if ('remix' in job && job.remix) throw new EngineFailure(TaskFailureCode.RemixOffUpstream);
  if (job.kind === 'upscale' && job.mode === 'default') return change('UPSCALE', job.index);
  if (job.kind === 'variation' && job.strength === 'index') return change('VARIATION', job.index);
  if (job.kind === 'reroll') return change('REROLL');
  throw notOffered(job);
}

/** Variation, reroll and pan ask the C# line for its modal when the person's Remix is on. */
const remixFlag = (job: { enableRemix?: boolean }): Record<string, unknown> =>
  job.enableRemix ? { enableRemix: true } : {};

/** A remix prompt, or the same prompt: whatever the modal asks for. */
function remixable(
  job: JobOfKind<'variation'> | JobOfKind<'reroll'> | JobOfKind<'pan'>,
  base: Record<string, unknown>,
): Submission {
  const plan = actionOn(job, base);
  return { ...plan, body: { ...plan.body, ...remixFlag(job) }, ...(job.remix ? { remix: true } : {}) };
}

type SubmitTable = PerJobKind<Submission, [base: Record<string, unknown>]>;

/** The C# line's request for each job kind (also what a line not yet identified is sent). */
const CSHARP_SUBMIT: SubmitTable = {
  imagine: (job, base) => ({
    route: 'imagine',
    body: {
      ...base,
      prompt: job.prompt,
      botType: job.botType,
      ...(job.references.length > 0 ? { base64Array: job.references.map(dataUrl) } : {}),
    },
    speed: speedOf(job.prompt),
    modal: null,
  }),
  describe: (job, base) => ({
    route: 'describe',
    body: { ...base, base64: dataUrl(job.image), ...(job.botType ? { botType: job.botType } : {}) },
    speed: job.speed ?? null,
    modal: null,
  }),
  blend: (job, base) => {
    if (job.images.length < 2 || job.images.length > UPSTREAM_BLEND_MAX) {
      throw new UpstreamError(UpstreamErrorKind.Invalid, {
        detail: `blend takes 2 to ${UPSTREAM_BLEND_MAX} images`,
      });
    }
    return {
      route: 'blend',
      body: {
        ...base,
        base64Array: job.images.map(dataUrl),
        dimensions: job.dimensions,
        ...(job.botType ? { botType: job.botType } : {}),
      },
      speed: job.speed ?? null,
      modal: null,
    };
  },
  shorten: (job, base) => ({
    route: 'shorten',
    body: { ...base, prompt: job.prompt, ...(job.botType ? { botType: job.botType } : {}) },
    speed: job.speed ?? speedOf(job.prompt),
    modal: null,
  }),
  upscale: (job, base) => ({
    route: 'action',
    body: { ...base, ...upstreamParent(job.parent) },
    speed: actionSpeed(job),
    modal: { prompt: job.parent.prompt },
  }),
  variation: remixable,
  reroll: remixable,
  pan: remixable,
  // A custom zoom's `--zoom`, or the same prompt.
  zoom: actionOn,
  region: (job, base) => ({
    ...actionOn(job, base),
    modal: { prompt: job.prompt || job.parent.prompt, maskBase64: dataUrl(job.mask) },
  }),
  animate: videoOf,
  extend: videoOf,
  edit: editOf,
};

/**
 * The Java line's request for each job kind: the commands as on the C# line, every action on a
 * parent through `/mj/submit/change` (which refuses what it cannot do), no shorten, no editor.
 */
const JAVA_SUBMIT: SubmitTable = {
  imagine: CSHARP_SUBMIT.imagine,
  describe: CSHARP_SUBMIT.describe,
  blend: CSHARP_SUBMIT.blend,
  shorten: notOfferedHere,
  edit: notOfferedHere,
  upscale: changeOf,
  variation: changeOf,
  reroll: changeOf,
  zoom: changeOf,
  pan: changeOf,
  region: changeOf,
  animate: changeOf,
  extend: changeOf,
};

/**
 * Whether a job's request differs between the lines (actions and shorten do; an editor job on a
 * finished picture too): the engine learns which line answers before sending the first.
 */
const DIFFERS_BY_LINE: PerJobKind<boolean> = {
  imagine: () => false,
  describe: () => false,
  blend: () => false,
  shorten: () => true,
  upscale: () => true,
  variation: () => true,
  reroll: () => true,
  zoom: () => true,
  pan: () => true,
  region: () => true,
  animate: () => true,
  extend: () => true,
  edit: (job) => 'parent' in job,
};
export const differsByLine = (job: EngineJob): boolean => byJobKind(DIFFERS_BY_LINE, job);

/** The upstream request for one of our jobs, on the line that answers. */
export function submissionOf(
  job: EngineJob,
  extras: SubmitExtras,
  line: ProxyLine = ProxyLine.Unknown,
): Submission {
  return byJobKind(line === ProxyLine.Java ? JAVA_SUBMIT : CSHARP_SUBMIT, job, common(extras));
}

/**
 * Midjourney's editor on the C# line (`/mj/submit/retexture`, `/mj/submit/edits`: its
 * `SubmitEditsDTO`): the picture as a data URL (`image`, a URL would also do) and the prompt. The
 * queue: the person's job mode, else the one the prompt (or the parent's) names.
 */
function editOf(job: JobOfKind<'edit'>, base: Record<string, unknown>): Submission {
  const route = actionOf(job.action).upstream;
  if (!route) throw notOffered(job);
  return {
    route,
    body: { ...base, prompt: job.prompt, image: dataUrl(job.image) },
    speed: job.speed ?? speedOf(job.prompt) ?? (job.parent ? speedOf(job.parent.prompt) : null),
    modal: null,
  };
}

/** The C# line's `/mj/submit/video` refuses an empty prompt; a blend's upscale has none of its own. */
const VIDEO_FALLBACK_PROMPT = 'animate';

/**
 * Animate sends the upscale itself as the first frame (`image`), so it works on any upscale, the
 * upstream's or not; Extend names the upstream's clip task (`action: "extend"`, `taskId`, its
 * 0-based `index`). One clip per task (`batchSize: 1`): a card shows one clip.
 */
function videoOf(
  job: Extract<EngineJob, { kind: 'animate' | 'extend' }>,
  base: Record<string, unknown>,
): Submission {
  const prompt = (job.prompt || job.parent.prompt).trim() || VIDEO_FALLBACK_PROMPT;
  const common = { ...base, prompt, motion: job.motion, batchSize: 1 };
  const speed = actionSpeed(job);
  if (job.kind === 'animate')
    return {
      route: 'video',
      body: { ...common, image: dataUrl(job.parent.image), loop: false },
      speed,
      modal: null,
    };
  if (!job.parent.upstreamId) throw new UpstreamError(UpstreamErrorKind.NotFromUpstream);
  return {
    route: 'video',
    body: { ...common, action: 'extend', taskId: job.parent.upstreamId, index: job.index - 1 },
    speed,
    modal: null,
  };
}

/** The body of `/mj/submit/modal` for the task the upstream holds in MODAL. */
export function modalBody(
  upstreamId: string,
  modal: NonNullable<Submission['modal']>,
  extras: SubmitExtras,
): Record<string, unknown> {
  return {
    ...common(extras),
    taskId: upstreamId,
    prompt: modal.prompt,
    ...(modal.maskBase64 ? { maskBase64: modal.maskBase64 } : {}),
  };
}

/** 0–100, or null when the upstream sent none (`""` or garbage). */
export const percentOf = (task: UpstreamTask): number | null => parseProgress(task.progress);

/**
 * How far along a snapshot is, to drop hooks and polls that bring nothing new: the task machine's
 * status rank, then progress. MODAL ranks below SUBMITTED as in our machine.
 */
export function orderOf(task: UpstreamTask): number {
  // The upstream's statuses are ours, by name.
  const status: TaskStatus = task.status;
  const progress = task.status === UpstreamStatus.InProgress ? (percentOf(task) ?? 0) : 0;
  return statusRank(status) * 1000 + progress;
}

export const isTerminalSnapshot = (task: UpstreamTask): boolean =>
  task.status === UpstreamStatus.Success ||
  task.status === UpstreamStatus.Failure ||
  task.status === UpstreamStatus.Cancel;

/** The Java line's actions: `change` serves U1–U4, V1–V4 and 🔄 on these results only. */
const JAVA_CHANGEABLE = new Set(['IMAGINE', 'VARIATION', 'REROLL', 'BLEND']);

/**
 * The buttons a finished task shows. The C# line sends its own (so customIds round-trip): those our
 * action route takes are kept. The Java line sends none: a grid it can change gets U1–U4, 🔄 and
 * V1–V4 (hashed with the upstream id, sent back through `change`), a describe gets its prompts
 * (drawn by our own imagine), anything else none, since that line could not serve them.
 */
export function buttonsOf(task: UpstreamTask): TaskButton[] {
  // A clip: ours go through `/mj/submit/video` (whatever Discord's message offered for its batch).
  if (task.action === 'VIDEO') return task.hasButtons ? buttonsForResult('video', task.id) : [];
  if (!task.hasButtons) {
    if (task.action === 'DESCRIBE') return buttonsForResult('describe', '');
    return JAVA_CHANGEABLE.has(task.action) ? buttonsForResult('grid', task.id) : [];
  }
  const own = task.buttons
    .filter((b) => parseCustomId(b.customId) !== null)
    .map((b) => ({ customId: b.customId, emoji: b.emoji, label: b.label }));
  // The action table's own buttons (Retexture on an upscale): the C# line serves them by route.
  return [...own, ...actionButtons(resultKindForAction(task.action as TaskAction), task.id)];
}

const KEYCAP = /([1-9])\uFE0F?\u20E3/gu;
const HAS_KEYCAP = /[1-9]\uFE0F?\u20E3/u;

/**
 * Describe's four prompts and shorten's shortened prompts. Midjourney numbers them with keycap
 * emojis (1️⃣ …); the C# line puts the text in `properties.finalPrompt` (describe also in
 * `promptEn`, shorten also in `description`).
 */
export function textResultsOf(task: UpstreamTask): string[] {
  const finalPrompt = typeof task.properties.finalPrompt === 'string' ? task.properties.finalPrompt : '';
  const source =
    [finalPrompt, task.promptEn, task.description, task.prompt].find((t) => HAS_KEYCAP.test(t)) ?? '';
  const marks = [...source.matchAll(KEYCAP)];
  const prompts = marks
    .map((mark, i) => source.slice(mark.index + mark[0].length, marks[i + 1]?.index ?? source.length))
    .map((t) =>
      t
        .replace(/\*\*[^*]*\*\*/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  if (prompts.length > 0) return prompts;
  // No numbering: one prompt per paragraph.
  return (finalPrompt || task.promptEn || task.prompt)
    .split(/\n\s*\n/)
    .map((t) => t.trim())
    .filter(Boolean);
}
