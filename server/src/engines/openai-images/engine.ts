import {
  buttonsForResult,
  EngineFeature,
  ImageEngineName,
  Limits,
  TaskFailureCode,
  type ResultKind,
} from '@draw/shared';
import { buttonHash } from '../builtin/engine';
import {
  byJobKind,
  EngineFailure,
  notOffered,
  type EngineImage,
  type EngineJob,
  type EngineResult,
  type EngineRunContext,
  type ImageEngine,
  type PerJobKind,
} from '../port';
import {
  asInput,
  composeGrid,
  enlarged,
  inputOf,
  outpaintCanvas,
  panGrowth,
  parentPicture,
  parentTile,
  previewGrid,
  regionMask,
  resultOf,
  zoomGrowth,
  type Growth,
} from './canvas';
import {
  OpenAIImagesClient,
  type ImageCall,
  type InputImage,
  type OpenAIImagesClientOptions,
} from './client';
import { DEFAULT_MODEL, outputSize, profileOf, sizeText, type ImageSize, type ModelProfile } from './models';
import {
  blendPrompt,
  outpaintPrompt,
  promptRatio,
  promptText,
  regionPrompt,
  upscalePrompt,
  variationPrompt,
} from './prompts';

export interface OpenAIImagesOptions extends Omit<OpenAIImagesClientOptions, 'timeoutMs'> {
  /** `OPENAI_IMAGES_MODEL`. */
  model?: string;
  /** `OPENAI_IMAGES_TIMEOUT_MS`: one API call (they take 30–120 s). */
  timeoutMs?: number;
  /** Partial images asked of each streamed call (0–3). */
  partialImages?: number;
}

export const ENGINE_DEFAULTS = { timeoutMs: 300_000, partialImages: 2 } as const;

/** A grid is four pictures; Midjourney's actions that make pictures make four, upscale one. */
const GRID = 4;

/**
 * The features this engine serves, named (a feature added later is not offered until it is drawn
 * here): blends and cancels; no text results, no clips, no seed to read, no editor.
 */
const OFFERED = new Set<EngineFeature>([EngineFeature.Blend, EngineFeature.Cancel]);

/** A finished drawing: the picture, what kind of result it is (its buttons) and its seed. */
interface Drawn {
  image: EngineImage;
  kind: ResultKind;
  seed: number;
}

/** Draws a 2×2 grid from one request (four calls), for a task's context. */
type Grid = (drawing: Drawing, seed: number) => Promise<Drawn>;

/** One picture-making request: the call (without `n` and the streaming fields) and the size it asks for. */
interface Drawing {
  endpoint: ImageCall['endpoint'];
  prompt: string;
  size: ImageSize;
  images?: InputImage[];
  mask?: InputImage;
  fidelity?: 'high' | 'low';
}

/**
 * The OpenAI Images API (or a compatible server) as an engine: Midjourney's grid and buttons drawn
 * with `/images/generations` and `/images/edits`. Each grid is four calls streamed side by side (a
 * stream's events say nothing about which of `n` images they belong to, so one call per tile lets
 * every tile's partial images show in its own place); a model that does not stream gets one call
 * with `n: 4`. There is no seed: the seed we store only labels the task.
 */
export class OpenAIImagesEngine implements ImageEngine {
  readonly name = ImageEngineName.OpenaiImages;
  readonly displayName: string;
  readonly model: string;
  readonly client: OpenAIImagesClient;
  private readonly profile: ModelProfile;
  private readonly partialImages: number;

  constructor(options: OpenAIImagesOptions) {
    this.model = options.model || DEFAULT_MODEL;
    this.profile = profileOf(this.model);
    this.displayName = `OpenAI Images (${this.model})`;
    this.partialImages = Math.min(3, Math.max(0, options.partialImages ?? ENGINE_DEFAULTS.partialImages));
    this.client = new OpenAIImagesClient({
      ...options,
      timeoutMs: options.timeoutMs ?? ENGINE_DEFAULTS.timeoutMs,
    });
  }

  offers(feature: EngineFeature): boolean {
    return OFFERED.has(feature);
  }

  health(signal: AbortSignal): Promise<boolean> {
    return this.client.answers(signal);
  }

  async run(job: EngineJob, context: EngineRunContext): Promise<EngineResult> {
    await context.onProgress({ progress: 0 });
    const { image, kind, seed } = await this.draw(job, context);
    return { image, buttons: buttonsForResult(kind, buttonHash(context.taskId)), seed: String(seed) };
  }

  private async draw(job: EngineJob, context: EngineRunContext): Promise<Drawn> {
    const grid: Grid = async (drawing, seed) => ({
      image: await this.drawGrid(drawing, context),
      kind: 'grid' as const,
      seed,
    });
    return byJobKind(this.drawings, job, grid, context);
  }

  /** What this engine draws for each job kind; no text results, no clips, no editor. */
  private readonly drawings: PerJobKind<Promise<Drawn>, [grid: Grid, context: EngineRunContext]> = {
    imagine: async (job, grid) => {
      const prompt = promptText(job.prompt);
      const references = [...job.references, ...(job.styles ?? [])].slice(0, this.profile.maxInputImages);
      if (!prompt && references.length === 0) throw new EngineFailure(TaskFailureCode.EmptyPrompt);
      const size = outputSize(this.profile, promptRatio(job.prompt));
      if (references.length === 0) return grid({ endpoint: 'generations', prompt, size }, job.seed);
      // Image prompts: the references are the edit's input images.
      const images = await Promise.all(
        references.map((r, i) => inputOf(r, `reference-${i + 1}.${r.mime.split('/')[1]}`)),
      );
      return grid(
        {
          endpoint: 'edits',
          prompt: prompt || 'A new picture in the spirit of these images.',
          size,
          images,
        },
        job.seed,
      );
    },
    reroll: async (job, grid) => {
      // The same request again: without a seed the API draws four new pictures.
      const prompt = promptText(job.prompt);
      if (!prompt) throw new EngineFailure(TaskFailureCode.EmptyPrompt);
      return grid(
        { endpoint: 'generations', prompt, size: outputSize(this.profile, promptRatio(job.prompt)) },
        job.seed,
      );
    },
    variation: async (job, grid) => {
      const tile = await parentTile(job.parent, job.index);
      const strength = job.strength === 'subtle' ? 'subtle' : 'strong';
      const size = outputSize(this.profile, tile.width / tile.height, tile.width * tile.height);
      const prompt = variationPrompt(promptText(job.prompt), strength);
      return grid(
        {
          endpoint: 'edits',
          prompt,
          size,
          images: [asInput(tile, 'tile.png')],
          fidelity: strength === 'subtle' ? 'high' : 'low',
        },
        job.seed,
      );
    },
    upscale: async (job, _grid, context) => ({
      image: await this.upscale(job, context),
      kind: 'upscale',
      seed: job.parent.seed,
    }),
    zoom: async (job, grid) => {
      if (!Number.isFinite(job.factor) || job.factor < 1 || job.factor > 2)
        throw new EngineFailure(TaskFailureCode.ZoomRange, { factor: job.factor });
      const picture = await parentPicture(job.parent);
      return grid(await this.outpaint(picture, zoomGrowth(picture, job.factor), job.prompt), job.seed);
    },
    pan: async (job, grid) => {
      const picture = await parentPicture(job.parent);
      return grid(await this.outpaint(picture, panGrowth(picture, job.direction), job.prompt), job.seed);
    },
    region: async (job, grid) => {
      const picture = await parentPicture(job.parent);
      const size = outputSize(this.profile, picture.width / picture.height, picture.width * picture.height);
      const mask = await regionMask(job.mask, picture);
      return grid(
        {
          endpoint: 'edits',
          prompt: regionPrompt(promptText(job.prompt)),
          size,
          images: [asInput(picture, 'image.png')],
          mask,
        },
        job.seed,
      );
    },
    blend: async (job, grid) => {
      const max = Math.min(Limits.blendMaxImages, this.profile.maxInputImages);
      if (job.images.length < Limits.blendMinImages || job.images.length > max) {
        throw new EngineFailure(TaskFailureCode.BlendCount, {
          min: Limits.blendMinImages,
          max,
          given: job.images.length,
        });
      }
      const ratio = job.dimensions === 'PORTRAIT' ? 2 / 3 : job.dimensions === 'LANDSCAPE' ? 3 / 2 : 1;
      const images = await Promise.all(
        job.images.map((image, i) => inputOf(image, `image-${i + 1}.${image.mime.split('/')[1]}`)),
      );
      return grid(
        {
          endpoint: 'edits',
          prompt: blendPrompt(images.length),
          size: outputSize(this.profile, ratio),
          images,
        },
        job.seed,
      );
    },
    describe: notOffered,
    shorten: notOffered,
    animate: notOffered,
    extend: notOffered,
    edit: notOffered,
  };

  /**
   * U1–U4 give the tile at full size (the API has no upscaler). Upscale (Subtle) doubles it here
   * (Lanczos); Upscale (Creative) asks the model for a finer redraw at the largest size it draws.
   */
  private async upscale(
    job: Extract<EngineJob, { kind: 'upscale' }>,
    context: EngineRunContext,
  ): Promise<EngineImage> {
    const tile = await parentTile(job.parent, job.index);
    const picture = job.mode === 'subtle' ? await enlarged(tile, 2) : tile;
    if (job.mode !== 'creative')
      return { data: picture.png, mime: 'image/png', width: picture.width, height: picture.height };
    const size = outputSize(this.profile, tile.width / tile.height, tile.width * tile.height * 4);
    const [image] = await this.drawSet(
      1,
      {
        endpoint: 'edits',
        prompt: upscalePrompt(promptText(job.parent.prompt)),
        size,
        images: [asInput(tile, 'tile.png')],
        fidelity: 'high',
      },
      context,
    );
    return image!;
  }

  /** Zoom out and pan: the picture on a larger transparent canvas, the new area masked for repainting. */
  private async outpaint(
    picture: Awaited<ReturnType<typeof parentPicture>>,
    growth: Growth,
    prompt: string,
  ): Promise<Drawing> {
    const size = outputSize(this.profile, growth.width / growth.height, growth.width * growth.height);
    const { image, mask } = await outpaintCanvas(picture, growth, size);
    return { endpoint: 'edits', prompt: outpaintPrompt(promptText(prompt)), size, images: [image], mask };
  }

  private async drawGrid(drawing: Drawing, context: EngineRunContext): Promise<EngineImage> {
    return composeGrid(await this.drawSet(GRID, drawing, context));
  }

  private call(drawing: Drawing, n: number): ImageCall {
    const fields: ImageCall['fields'] = {
      model: this.model,
      prompt: drawing.prompt,
      n,
      size: sizeText(drawing.size),
    };
    if (this.profile.gpt) {
      fields.stream = true;
      fields.partial_images = this.partialImages;
    } else {
      fields.response_format = 'b64_json';
    }
    if (drawing.fidelity && this.profile.inputFidelity) fields.input_fidelity = drawing.fidelity;
    return {
      endpoint: drawing.endpoint,
      fields,
      ...(drawing.images ? { images: drawing.images } : {}),
      ...(drawing.mask ? { mask: drawing.mask } : {}),
    };
  }

  /**
   * `count` pictures: streamed calls side by side (one per picture), each partial image shown in its
   * place of a preview grid with the progress rising; or one call with `n` when the model does not
   * stream. The first failure stops the other calls.
   */
  private async drawSet(count: number, drawing: Drawing, context: EngineRunContext): Promise<EngineImage[]> {
    const stop = new AbortController();
    const signal = AbortSignal.any([context.signal, stop.signal]);
    const reporter = new ProgressReporter(count, this.partialImages, drawing.size, context);
    try {
      const answers = this.profile.gpt
        ? await Promise.all(
            Array.from({ length: count }, (_, slot) =>
              this.client
                .create(this.call(drawing, 1), {
                  signal,
                  onPartial: (image, index) => reporter.partial(slot, image, index),
                })
                .then((images) => {
                  reporter.done(slot);
                  return images.slice(0, 1);
                }),
            ),
          ).then((sets) => sets.flat())
        : await this.client.create(this.call(drawing, count), { signal });
      if (answers.length < count)
        throw new EngineFailure(TaskFailureCode.EngineBadAnswer, {
          detail: `${answers.length} of ${count} images`,
        });
      return await Promise.all(answers.slice(0, count).map((data) => resultOf(data)));
    } catch (error) {
      stop.abort(error);
      if (context.signal.aborted) throw context.signal.reason;
      throw error;
    } finally {
      // A report still on its way must land before the task can finish (or it would reopen it).
      await reporter.close();
    }
  }
}

/**
 * Progress while calls run: each picture counts for an equal share, a partial image for its part of
 * that share; reports go out one at a time, in order, and none after the set is over.
 */
class ProgressReporter {
  private readonly latest: (Buffer | null)[];
  private readonly shares: number[];
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    count: number,
    private readonly partialImages: number,
    private readonly shape: ImageSize,
    private readonly context: EngineRunContext,
  ) {
    this.latest = Array.from({ length: count }, () => null);
    this.shares = Array.from({ length: count }, () => 0);
  }

  partial(slot: number, image: Buffer, index: number): void {
    this.latest[slot] = image;
    this.shares[slot] = Math.max(this.shares[slot]!, Math.min(1, (index + 1) / (this.partialImages + 1)));
    this.report(true);
  }

  done(slot: number): void {
    this.shares[slot] = 1;
    this.report(false);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
  }

  private report(withPreview: boolean): void {
    const progress = Math.round(5 + (90 * this.shares.reduce((a, b) => a + b, 0)) / this.shares.length);
    const latest = [...this.latest];
    this.queue = this.queue.then(async () => {
      if (this.closed) return;
      // A preview that cannot be drawn (a broken partial) is skipped: the progress still goes out.
      const preview = withPreview ? await previewGrid(latest, this.shape).catch(() => undefined) : undefined;
      if (this.closed) return;
      await this.context.onProgress(preview ? { progress, preview } : { progress }).catch(() => undefined);
    });
  }
}

export function createOpenAIImagesEngine(options: OpenAIImagesOptions): OpenAIImagesEngine {
  return new OpenAIImagesEngine(options);
}
