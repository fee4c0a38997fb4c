import { ErrorReason, type BotType, TaskFailureCode } from '@draw/shared';
import {
  EngineFailure,
  type EngineImage,
  type EngineJob,
  type EngineSpeed,
  type EngineVideo,
  type ParentImage,
} from '../../engines/port';
import { readClipHeader } from '../../images/clip';
import type { BlobStore } from '../../blobs/port';
import { AppError } from '../../errors';
import { readImageHeader } from '../../images/decode';
import type { JobSpec } from './jobs';
import type { TasksRepository } from './repository';

export const blobKeyOf = (url: string | null): string | null =>
  url?.startsWith('/files/') ? url.slice('/files/'.length) : null;

/** Loads the bytes a stored job refers to, turning it into the engine's job. */
export function jobResolver(blobs: BlobStore, tasks: TasksRepository) {
  async function image(key: string): Promise<EngineImage> {
    const data = await blobs.read(key);
    if (!data) throw new EngineFailure(TaskFailureCode.InputMissing);
    // Checked when it was stored; read again within the limits, since the store is only a folder.
    const header = await readImageHeader(data).catch((error: unknown) => {
      throw new EngineFailure(TaskFailureCode.UnreadableInput, {
        detail: error instanceof Error ? error.message : 'unknown',
      });
    });
    return { data, mime: header.mime, width: header.width, height: header.height };
  }

  async function clip(key: string): Promise<EngineVideo> {
    const data = await blobs.read(key);
    if (!data) throw new EngineFailure(TaskFailureCode.InputMissing);
    const header = await readClipHeader(data).catch((error: unknown) => {
      throw new EngineFailure(TaskFailureCode.UnreadableInput, {
        detail: error instanceof Error ? error.message : 'unknown',
      });
    });
    return {
      data,
      mime: header.mime,
      ...(header.width && header.height ? { width: header.width, height: header.height } : {}),
    };
  }

  async function parent(id: string, customId: string | undefined): Promise<ParentImage> {
    const doc = await tasks.byId(id);
    const key = blobKeyOf(doc?.imageUrl ?? null);
    if (!doc || !key) throw new EngineFailure(TaskFailureCode.InputMissing);
    const videoKey = blobKeyOf(doc.videoUrl ?? null);
    return {
      ...(videoKey ? { video: await clip(videoKey) } : {}),
      taskId: id,
      action: doc.action,
      prompt: doc.finalPrompt || doc.prompt,
      seed: Number(doc.seed ?? 0),
      image: await image(key),
      upstreamId: doc.upstreamId ?? null,
      ...(customId ? { customId } : {}),
    };
  }

  return async function resolve(job: JobSpec): Promise<EngineJob> {
    switch (job.kind) {
      case 'imagine':
        return {
          ...job,
          references: await Promise.all(job.referenceKeys.map(image)),
          styles: await Promise.all((job.styleKeys ?? []).map(image)),
        };
      case 'upscale':
        return {
          kind: 'upscale',
          parent: await parent(job.parentId, job.customId),
          index: job.index,
          mode: job.mode,
          ...upstreamHints(job),
        };
      case 'variation':
        return {
          kind: 'variation',
          parent: await parent(job.parentId, job.customId),
          prompt: job.prompt,
          seed: job.seed,
          index: job.index,
          strength: job.strength,
          ...upstreamHints(job),
          ...remixOf(job),
        };
      case 'reroll':
        return {
          kind: 'reroll',
          parent: await parent(job.parentId, job.customId),
          prompt: job.prompt,
          seed: job.seed,
          ...upstreamHints(job),
          ...remixOf(job),
        };
      case 'zoom':
        return {
          kind: 'zoom',
          parent: await parent(job.parentId, job.customId),
          prompt: job.prompt,
          seed: job.seed,
          factor: job.factor,
          ...upstreamHints(job),
        };
      case 'pan':
        return {
          kind: 'pan',
          parent: await parent(job.parentId, job.customId),
          prompt: job.prompt,
          seed: job.seed,
          direction: job.direction,
          ...upstreamHints(job),
          ...remixOf(job),
        };
      case 'region':
        return {
          kind: 'region',
          parent: await parent(job.parentId, job.customId),
          prompt: job.prompt,
          seed: job.seed,
          mask: await image(job.maskKey),
          ...upstreamHints(job),
        };
      case 'blend':
        return {
          kind: 'blend',
          images: await Promise.all(job.imageKeys.map(image)),
          dimensions: job.dimensions,
          seed: job.seed,
          ...upstreamHints(job),
        };
      case 'describe':
        return { kind: 'describe', image: await image(job.imageKey), ...upstreamHints(job) };
      case 'shorten':
        return { kind: 'shorten', prompt: job.prompt, ...upstreamHints(job) };
      case 'animate':
        return {
          kind: 'animate',
          parent: await parent(job.parentId, job.customId),
          prompt: job.prompt,
          motion: job.motion,
          ...upstreamHints(job),
        };
      case 'extend':
        return {
          kind: 'extend',
          parent: await parent(job.parentId, job.customId),
          prompt: job.prompt,
          motion: job.motion,
          index: job.index,
          ...upstreamHints(job),
        };
      case 'edit': {
        const from = job.parentId ? await parent(job.parentId, job.customId) : null;
        if (!from && !job.imageKey) throw new EngineFailure(TaskFailureCode.InputMissing);
        return {
          kind: 'edit',
          action: job.action,
          prompt: job.prompt,
          seed: job.seed,
          image: from ? from.image : await image(job.imageKey!),
          ...(from ? { parent: from } : {}),
          ...upstreamHints(job),
        };
      }
      default: {
        const never: never = job;
        throw new AppError(ErrorReason.Internal, 'error.internal', { job: JSON.stringify(never) });
      }
    }
  };
}
export type JobResolver = ReturnType<typeof jobResolver>;

/** Bot and speed, when the stored job has them (jobs stored before they existed do not). */
function upstreamHints(job: { botType?: BotType; speed?: EngineSpeed }): {
  botType?: BotType;
  speed?: EngineSpeed;
} {
  return { ...(job.botType ? { botType: job.botType } : {}), ...(job.speed ? { speed: job.speed } : {}) };
}

const remixOf = (job: {
  remix?: boolean;
  enableRemix?: boolean;
}): { remix?: boolean; enableRemix?: boolean } => ({
  ...(job.remix ? { remix: true } : {}),
  ...(job.enableRemix ? { enableRemix: true } : {}),
});
