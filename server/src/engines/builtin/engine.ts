import { createHash } from 'node:crypto';
import { buttonsForResult } from '@draw/shared';
import type { EngineJob, EngineResult, EngineRunContext, ImageEngine } from '../port';
import { drawerFor, type Drawer } from './drawer';
import { PROGRESS_STEPS, raceAbort, sleep, throwIfAborted } from './progress';

export interface BuiltinEngineOptions {
  /** Pause between progress reports; 0 = as fast as possible (tests). */
  stepMs?: number;
  /** Worker threads that draw (0: draw on the calling thread). */
  drawThreads?: number;
}

/** A few seconds per task in all: long enough to watch the previews sharpen. */
export const DEFAULT_STEP_MS = 600;

/** Button customIds carry a UUID-shaped hash, as the upstream's do, derived from the task id. */
export function buttonHash(taskId: string): string {
  const h = createHash('sha1').update(taskId).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * The built-in sketch engine: procedural art drawn offline with sharp, deterministic for a seed,
 * and honest about what it is.
 */
export class BuiltinEngine implements ImageEngine {
  readonly name = 'builtin';
  readonly displayName = 'Built-in sketch engine';
  private readonly stepMs: number;
  private readonly drawer: Drawer;

  constructor(options: BuiltinEngineOptions = {}) {
    this.stepMs = Math.max(0, options.stepMs ?? DEFAULT_STEP_MS);
    this.drawer = drawerFor(options.drawThreads ?? 0);
  }

  async run(job: EngineJob, context: EngineRunContext): Promise<EngineResult> {
    const { signal } = context;
    throwIfAborted(signal);
    await context.onProgress({ progress: 0 });
    const drawing = await raceAbort(this.drawer.draw(job), signal);
    for (const [i, step] of PROGRESS_STEPS.entries()) {
      await sleep(this.stepMs, signal);
      const preview = drawing.previews[i];
      await context.onProgress(preview ? { progress: step.progress, preview } : { progress: step.progress });
    }
    await sleep(this.stepMs, signal);
    const result: EngineResult = {
      buttons: buttonsForResult(drawing.kind, buttonHash(context.taskId), drawing.prompts?.length),
      seed: drawing.seed,
    };
    if (drawing.image) result.image = drawing.image;
    if (drawing.video) result.video = drawing.video;
    if (drawing.prompts) result.prompts = drawing.prompts;
    if (drawing.description) result.description = drawing.description;
    return result;
  }
}

export function createBuiltinEngine(options: BuiltinEngineOptions = {}): ImageEngine {
  return new BuiltinEngine(options);
}
