import { createHash } from 'node:crypto';
import {
  buttonsForResult,
  Limits,
  TaskFailureCode,
  type EditorActionName,
  type ResultKind,
} from '@draw/shared';
import {
  byJobKind,
  EngineFailure,
  type EngineImage,
  type EngineJob,
  type EngineResult,
  type EngineRunContext,
  type EngineVideo,
  type ImageEngine,
  type JobOfKind,
  type PerJobKind,
} from '../port';
import { renderClip } from './animate';
import { renderBlend } from './blend';
import { describeImage } from './describe';
import { renderImagine } from './imagine';
import { renderPan, renderZoom } from './outpaint';
import type { Raw } from './pixels';
import { PROGRESS_STEPS, raceAbort, sleep, throwIfAborted } from './progress';
import { decodeImage, encodeImage, encodePreview } from './raster';
import { renderRegion } from './region';
import { renderRetexture } from './retexture';
import { shortenPrompt } from './shorten';
import { decodeParent, parentTile } from './source';
import { upscaleTile } from './upscale';
import { recognise, renderReroll, renderVariation } from './variation';
import { parsePrompt } from './words';

export interface BuiltinEngineOptions {
  /** Pause between progress reports; 0 = as fast as possible (tests). */
  stepMs?: number;
}

/** A few seconds per task in all: long enough to watch the previews sharpen. */
export const DEFAULT_STEP_MS = 600;

/** Button customIds carry a UUID-shaped hash, as the upstream's do, derived from the task id. */
export function buttonHash(taskId: string): string {
  const h = createHash('sha1').update(taskId).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

interface Drawing {
  /** The picture; for a clip, its first frame (the poster). */
  raw?: Raw;
  video?: EngineVideo;
  prompts?: string[];
  description?: string;
  seed: string;
  kind: ResultKind;
}

const MAX_REFERENCE_SIDE = 512;

type EditJob = JobOfKind<'edit'>;

/** Midjourney's editor, drawn here: each editor action of the shared table, its painter (a grid). */
const EDITORS: Record<EditorActionName, (job: EditJob) => Promise<Raw>> = {
  retexture: (job) => renderRetexture({ image: job.image.data, prompt: job.prompt, seed: job.seed }),
};

function paintEdit(job: EditJob): Promise<Raw> {
  const painter = (EDITORS as Partial<Record<string, (job: EditJob) => Promise<Raw>>>)[job.action];
  if (!painter) throw new EngineFailure(TaskFailureCode.EngineNotOffered, { feature: job.action });
  return painter(job);
}

const decodeAll = (images: readonly EngineImage[], what: string, maxSide: number) =>
  Promise.all(images.map((r, i) => decodeImage(r.data, { what: `${what} ${i + 1}`, maxSide })));

/** A clip from the parent: Animate needs an upscale, Extend a clip, each moving its own way. */
async function drawClip(job: JobOfKind<'animate'> | JobOfKind<'extend'>): Promise<Drawing> {
  if (job.kind === 'animate' && job.parent.action !== 'UPSCALE')
    throw new EngineFailure(TaskFailureCode.AnimateNeedsUpscale);
  if (job.kind === 'extend' && !job.parent.video) throw new EngineFailure(TaskFailureCode.ExtendNeedsClip);
  // Each clip moves its own way: an extension turns from where its parent went.
  const seed = job.parent.seed + (job.kind === 'extend' ? 3 : 0);
  const clip = await renderClip(job.parent, job.motion, seed);
  return { raw: clip.poster, video: clip.video, seed: String(seed), kind: 'video' };
}

/** What the built-in engine draws for each job kind (it offers every one). */
const DRAW: PerJobKind<Promise<Drawing>> = {
  imagine: async (job) => {
    if (parsePrompt(job.prompt).words.length === 0 && job.references.length === 0) {
      throw new EngineFailure(TaskFailureCode.EmptyPrompt);
    }
    const references = await decodeAll(job.references, 'reference image', MAX_REFERENCE_SIDE);
    const styles = await decodeAll(job.styles ?? [], 'style reference', MAX_REFERENCE_SIDE);
    return {
      raw: await renderImagine({
        prompt: job.prompt,
        seed: job.seed,
        botType: job.botType,
        references,
        styles,
      }),
      seed: String(job.seed),
      kind: 'grid',
    };
  },
  upscale: async (job) => {
    const tile = await parentTile(job.parent, job.index);
    return {
      raw: await upscaleTile(tile, job.mode, job.parent.seed),
      seed: String(job.parent.seed),
      kind: 'upscale',
    };
  },
  variation: async (job) => {
    const { parent } = job;
    const source = await parentTile(parent, job.index);
    // Our own imagine grids can be redrawn from their recipe; anything else is retouched.
    const ours = parent.action === 'IMAGINE' || parent.action === 'REROLL';
    const recipe = ours ? await recognise(source, parent.prompt, parent.seed, job.index) : undefined;
    const raw = await renderVariation({
      source,
      prompt: job.prompt,
      seed: job.seed,
      strength: job.strength,
      recipe,
    });
    return { raw, seed: String(job.seed), kind: 'grid' };
  },
  reroll: async (job) => ({
    raw: await renderReroll({ parent: await decodeParent(job.parent), prompt: job.prompt, seed: job.seed }),
    seed: String(job.seed),
    kind: 'grid',
  }),
  zoom: async (job) => {
    if (!Number.isFinite(job.factor) || job.factor < 1 || job.factor > 2) {
      throw new EngineFailure(TaskFailureCode.ZoomRange, { factor: job.factor });
    }
    return {
      raw: await renderZoom(await decodeParent(job.parent), job.factor, job.prompt, job.seed),
      seed: String(job.seed),
      kind: 'grid',
    };
  },
  pan: async (job) => ({
    raw: await renderPan(await decodeParent(job.parent), job.direction, job.prompt, job.seed),
    seed: String(job.seed),
    kind: 'grid',
  }),
  region: async (job) => ({
    raw: await renderRegion(await decodeParent(job.parent), job.mask.data, job.prompt, job.seed),
    seed: String(job.seed),
    kind: 'grid',
  }),
  blend: async (job) => {
    if (job.images.length < 2)
      throw new EngineFailure(TaskFailureCode.BlendCount, {
        min: Limits.blendMinImages,
        max: Limits.blendMaxImages,
        given: job.images.length,
      });
    const images = await decodeAll(job.images, 'image', 1024);
    return { raw: await renderBlend(images, job.dimensions, job.seed), seed: String(job.seed), kind: 'grid' };
  },
  describe: async (job) => {
    const raw = await decodeImage(job.image.data, { what: 'the image', maxSide: 1024 });
    return { ...describeImage(raw), seed: '', kind: 'describe' };
  },
  shorten: async (job) => {
    const { prompts, description } = shortenPrompt(job.prompt);
    return { prompts, description, seed: '', kind: 'shorten' };
  },
  animate: drawClip,
  extend: drawClip,
  edit: async (job) => ({ raw: await paintEdit(job), seed: String(job.seed), kind: 'grid' }),
};

/**
 * The built-in sketch engine: procedural art drawn offline with sharp, deterministic for a seed,
 * and honest about what it is.
 */
export class BuiltinEngine implements ImageEngine {
  readonly name = 'builtin';
  readonly displayName = 'Built-in sketch engine';
  private readonly stepMs: number;

  constructor(options: BuiltinEngineOptions = {}) {
    this.stepMs = Math.max(0, options.stepMs ?? DEFAULT_STEP_MS);
  }

  async run(job: EngineJob, context: EngineRunContext): Promise<EngineResult> {
    const { signal } = context;
    throwIfAborted(signal);
    await context.onProgress({ progress: 0 });
    const drawing = await raceAbort(byJobKind(DRAW, job), signal);
    const image: EngineImage | undefined = drawing.raw
      ? await raceAbort(encodeImage(drawing.raw), signal)
      : undefined;
    for (const step of PROGRESS_STEPS) {
      await sleep(this.stepMs, signal);
      const preview = drawing.raw
        ? await raceAbort(encodePreview(drawing.raw, step.blur), signal)
        : undefined;
      throwIfAborted(signal);
      await context.onProgress(preview ? { progress: step.progress, preview } : { progress: step.progress });
    }
    await sleep(this.stepMs, signal);
    const result: EngineResult = {
      buttons: buttonsForResult(drawing.kind, buttonHash(context.taskId), drawing.prompts?.length),
      seed: drawing.seed,
    };
    if (image) result.image = image;
    if (drawing.video) result.video = drawing.video;
    if (drawing.prompts) result.prompts = drawing.prompts;
    if (drawing.description) result.description = drawing.description;
    return result;
  }
}

export function createBuiltinEngine(options: BuiltinEngineOptions = {}): ImageEngine {
  return new BuiltinEngine(options);
}
