import { Limits, TaskFailureCode, type EditorActionName, type ResultKind } from '@draw/shared';
import {
  byJobKind,
  EngineFailure,
  type EngineImage,
  type EngineJob,
  type EngineVideo,
  type JobOfKind,
  type PerJobKind,
} from '../port';
import { renderClip } from './animate';
import { renderBlend } from './blend';
import { describeImage } from './describe';
import { renderImagine } from './imagine';
import { renderPan, renderZoom } from './outpaint';
import type { Raw } from './pixels';
import { PROGRESS_STEPS } from './progress';
import { decodeImage, encodeImage, encodePreview } from './raster';
import { renderRegion } from './region';
import { renderRetexture } from './retexture';
import { shortenPrompt } from './shorten';
import { decodeParent, parentTile } from './source';
import { upscaleTile } from './upscale';
import { recognise, renderReroll, renderVariation } from './variation';
import { parsePrompt } from './words';

/**
 * What the built-in engine draws for a job, finished: the encoded picture and one preview per
 * progress step. Everything here is CPU and garbage (pixels made in JavaScript, sharp's buffers),
 * which is why it runs on a drawing thread (drawer.ts), never on the thread serving requests.
 */
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

/** What a job comes to: the picture and its previews already encoded, ready to be reported. */
export interface Drawn {
  image?: EngineImage;
  /** One per PROGRESS_STEPS entry, each sharper than the last; empty when there is no picture. */
  previews: EngineImage[];
  video?: EngineVideo;
  prompts?: string[];
  description?: string;
  seed: string;
  kind: ResultKind;
}

export async function drawJob(job: EngineJob): Promise<Drawn> {
  const { raw, ...drawing } = await byJobKind(DRAW, job);
  if (!raw) return { ...drawing, previews: [] };
  const [image, ...previews] = await Promise.all([
    encodeImage(raw),
    ...PROGRESS_STEPS.map((step) => encodePreview(raw, step.blur)),
  ]);
  return { ...drawing, image: image!, previews };
}
