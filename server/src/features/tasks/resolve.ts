import { ErrorReason, TaskFailureCode } from '@draw/shared';
import {
  EngineFailure,
  type EngineImage,
  type EngineJob,
  type EngineJobInputs,
  type EngineVideo,
  type JobKind,
  type ParentImage,
} from '../../engines/port';
import { readClipHeader } from '../../images/clip';
import type { BlobStore } from '../../blobs/port';
import { AppError } from '../../errors';
import { readImageHeader } from '../../images/decode';
import type { StoredJob, StoredJobInputs } from './jobs';
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

  const images = (keys: string[]) => Promise.all(keys.map(image));
  const parentOf = async (job: { parentId: string; customId?: string }) => ({
    parent: await parent(job.parentId, job.customId),
  });

  /** What each kind reads, loaded: the stored inputs of `StoredJobInputs` become those of `EngineJobInputs`. */
  const loaders: { [K in JobKind]: (job: StoredJobOf<K>) => Promise<EngineJobInputs[K]> } = {
    imagine: async (job) => ({
      references: await images(job.referenceKeys),
      styles: await images(job.styleKeys ?? []),
    }),
    upscale: parentOf,
    variation: parentOf,
    reroll: parentOf,
    zoom: parentOf,
    pan: parentOf,
    region: async (job) => ({ ...(await parentOf(job)), mask: await image(job.maskKey) }),
    blend: async (job) => ({ images: await images(job.imageKeys) }),
    describe: async (job) => ({ image: await image(job.imageKey) }),
    shorten: async () => ({}),
    animate: parentOf,
    extend: parentOf,
    edit: async (job) => {
      const from = job.parentId ? await parent(job.parentId, job.customId) : null;
      if (from) return { image: from.image, parent: from };
      if (!job.imageKey) throw new EngineFailure(TaskFailureCode.InputMissing);
      return { image: await image(job.imageKey) };
    },
  };

  return async function resolve(job: StoredJob): Promise<EngineJob> {
    const load = loaders[job.kind] as ((job: StoredJob) => Promise<EngineJobInputs[JobKind]>) | undefined;
    // A stored job of a kind this server does not know (written by another version): not ours to guess.
    if (!load) throw new AppError(ErrorReason.Internal, 'error.internal', { job: JSON.stringify(job) });
    return { ...parametersOf(job), ...(await load(job)) } as EngineJob;
  };
}
export type JobResolver = ReturnType<typeof jobResolver>;

type StoredJobOf<K extends JobKind> = Extract<StoredJob, { kind: K }>;

/** Every field that names a stored input: none of them goes to the engine. */
const STORED_INPUTS = {
  referenceKeys: true,
  styleKeys: true,
  parentId: true,
  customId: true,
  maskKey: true,
  imageKeys: true,
  imageKey: true,
} satisfies Record<{ [K in JobKind]: keyof StoredJobInputs[K] }[JobKind], true>;

/** Hints and flags an engine reads only when set (jobs stored before they existed have none). */
const ONLY_WHEN_SET: readonly string[] = ['botType', 'speed', 'remix', 'enableRemix'];

/** The job's parameters (its kind, prompt, seed …), without its stored inputs. */
function parametersOf(job: StoredJob): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(job).filter(
      ([field, value]) => !Object.hasOwn(STORED_INPUTS, field) && (value || !ONLY_WHEN_SET.includes(field)),
    ),
  );
}
