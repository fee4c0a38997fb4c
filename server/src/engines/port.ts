import type { BlendDimensions, BotType, TaskAction, TaskButton } from '@draw/shared';

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

export type PanDirection = 'left' | 'right' | 'up' | 'down';

/** What a finished parent task hands to an action on it (upscale, vary, zoom, pan, region). */
export interface ParentImage {
  taskId: string;
  action: TaskAction;
  prompt: string;
  seed: number;
  image: EngineImage;
}

export type EngineJob =
  | { kind: 'imagine'; prompt: string; seed: number; botType: BotType; references: EngineImage[] }
  | { kind: 'upscale'; parent: ParentImage; index: 1 | 2 | 3 | 4; mode: 'default' | 'subtle' | 'creative' }
  | { kind: 'variation'; parent: ParentImage; prompt: string; seed: number; index: 1 | 2 | 3 | 4; strength: 'subtle' | 'strong' | 'index' }
  | { kind: 'reroll'; parent: ParentImage; prompt: string; seed: number }
  | { kind: 'zoom'; parent: ParentImage; prompt: string; seed: number; factor: number }
  | { kind: 'pan'; parent: ParentImage; prompt: string; seed: number; direction: PanDirection }
  | { kind: 'region'; parent: ParentImage; prompt: string; seed: number; mask: EngineImage }
  | { kind: 'blend'; images: EngineImage[]; dimensions: BlendDimensions; seed: number }
  | { kind: 'describe'; image: EngineImage }
  | { kind: 'shorten'; prompt: string };

export type EngineJobKind = EngineJob['kind'];

export interface EngineProgress {
  /** 0–100. */
  progress: number;
  preview?: EngineImage;
}

export interface EngineResult {
  /** The finished picture (absent for describe and shorten). */
  image?: EngineImage;
  /** Text results: describe's four prompts, shorten's shortened prompts. */
  prompts?: string[];
  /** Free text shown with the result (describe/shorten summaries). */
  description?: string;
  buttons: TaskButton[];
  seed: string;
}

export interface EngineRunContext {
  /** The task id: engines use it (hashed) inside button customIds. */
  taskId: string;
  signal: AbortSignal;
  onProgress(update: EngineProgress): Promise<void>;
}

export interface ImageEngine {
  /** Stable id stored on tasks (`builtin`, `midjourney-proxy`). */
  readonly name: string;
  /** Shown to users; never pretends to be Midjourney when it is not. */
  readonly displayName: string;
  run(job: EngineJob, context: EngineRunContext): Promise<EngineResult>;
}

/** A failure the user should read (moderation, bad input, upstream said no). */
export class EngineFailure extends Error {
  override name = 'EngineFailure';
}
