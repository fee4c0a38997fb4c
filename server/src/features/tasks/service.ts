import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { DEFAULT_TASK_DEADLINE_MS } from '@draw/machines';
import {
  TERMINAL_TASK_STATUSES,
  BlendDimensions,
  BotType,
  ErrorReason,
  Limits,
  TaskAction,
  TaskStatus,
  parseCustomId,
  needsModal,
  type ImagineReference,
  type ParsedCustomId,
  type ReferenceWeightsRequest,
  type Task,
} from '@draw/shared';
import { AppError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { UserDoc } from '../auth/repository';
import type { ChannelsService } from '../channels/service';
import type { MessagesService } from '../messages/service';
import type { UploadsService } from '../uploads/service';
import type { BlobStore } from '../../blobs/port';
import { EngineFeature, type EngineSpeed } from '../../engines/port';
import { speedOf } from '../../engines/speed';
import type { Billing } from './billing';
import { ModalKind, type JobSpec } from './jobs';
import { planReferences } from './references';
import { ImageRefusal, ImageRefused, readImageHeader, readMask, type MaskImage } from '../../images/decode';
import { blobKeyOf } from './resolve';
import { toTask, type TaskDoc, type TasksRepository } from './repository';
import type { TaskRunner } from './runner';
import type { TaskStore } from './store';
import type { PromptTranslator } from '../translate/service';

export interface PromptComposer {
  /** The final prompt (settings' parameters and suffix added) and whether remix is on. */
  compose(userId: string, botType: BotType, prompt: string): Promise<{ finalPrompt: string; remix: boolean }>;
}

export interface TasksDeps {
  repo: TasksRepository;
  store: TaskStore;
  runner: TaskRunner;
  channels: ChannelsService;
  messages: MessagesService;
  uploads: UploadsService;
  blobs: BlobStore;
  billing: Billing;
  prompts: PromptComposer;
  /** Turns the CJK text of a prompt into English for the engine (URLs and parameters as typed). */
  translator: PromptTranslator;
  engineName: string;
  /** Our public origin: style and character/omni references reach an upstream as URLs under it. */
  publicUrl: string;
  engineMaxBlend: number;
  /** The seed of a finished upstream task, from the upstream (engines with an upstream only). */
  upstreamSeed?: (upstreamId: string) => Promise<string>;
  /** False for what the engine's upstream cannot serve (absent: everything). */
  offers?: (feature: EngineFeature) => boolean;
  now: () => number;
}

function bad(key: 'task.badPrompt' | 'task.tooManyImages' | 'task.blendCount' | 'task.badButton' | 'task.notFound' | 'task.notModal' | 'task.maskRequired' | 'task.badMask' | 'task.maskSize' | 'task.emptyMask' | 'task.badZoom' | 'task.notFinished' | 'task.finished' | 'task.notYours', params?: Record<string, string | number>) {
  const reason = key === 'task.notFound' ? ErrorReason.NotFound : key === 'task.notYours' ? ErrorReason.Forbidden : ErrorReason.BadRequest;
  return new AppError(reason, key, params);
}

const SEED = /--seed\s+(\d{1,10})/;

function seedOf(prompt: string): number {
  const match = SEED.exec(prompt);
  const value = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(value) && value <= 4294967295 ? value : randomInt(0, 4294967295);
}

export function validatePrompt(raw: string): string {
  const prompt = raw.trim();
  if (prompt.length === 0 || prompt.length > Limits.promptMaxChars || /[^\P{Cc}\n\r\t]/u.test(prompt)) {
    throw bad('task.badPrompt', { max: Limits.promptMaxChars });
  }
  return prompt;
}

export function zoomFromPrompt(prompt: string): number | null {
  const match = /--zoom\s+([0-9]*\.?[0-9]+)/.exec(prompt);
  if (!match) return null;
  const zoom = Number(match[1]);
  return zoom >= Limits.zoomMin && zoom <= Limits.zoomMax ? zoom : NaN;
}

/** A task's English and whether its translation failed (the card then says it went as typed). */
interface English {
  promptEn: string;
  translationFailed: boolean;
}

export function tasksService(deps: TasksDeps) {
  const { repo, store, runner, channels, messages, uploads, billing, prompts, translator, now } = deps;

  /**
   * What the engine gets for a prompt: the person's own English when they edited the preview,
   * else the translator's. A translator that fails never loses the prompt: it goes as typed.
   */
  async function english(prompt: string, edited?: string): Promise<English> {
    if (edited?.trim()) return { promptEn: validatePrompt(edited), translationFailed: false };
    const { promptEn, failed } = await translator.translatePrompt(prompt);
    return { promptEn, translationFailed: failed };
  }
  const translationFlag = (en: English) => (en.translationFailed ? { translationFailed: true } : {});

  interface NewTask {
    user: UserDoc;
    channelId: string;
    botType: BotType;
    action: TaskAction;
    prompt: string;
    /** What the engine gets (absent: the prompt itself, e.g. an action reusing its parent's). */
    promptEn?: string;
    finalPrompt: string;
    job: JobSpec;
    parentId?: string | null;
    modal?: { kind: ModalKind; defaultPrompt: string } | null;
    properties?: Record<string, unknown>;
  }

  /** Stores the task and its message, publishes both, then queues it (or leaves it waiting in MODAL). */
  async function create(input: NewTask): Promise<{ taskId: string }> {
    const id = randomUUID();
    const cost = await billing.charge(input.user._id, id, input.action);
    const submitTime = now();
    const doc: TaskDoc = {
      _id: id,
      channelId: input.channelId,
      userId: input.user._id,
      botType: input.botType,
      action: input.action,
      status: input.modal ? TaskStatus.Modal : TaskStatus.Submitted,
      prompt: input.prompt,
      promptEn: input.promptEn ?? input.prompt,
      finalPrompt: input.finalPrompt,
      description: '',
      submitTime,
      startTime: null,
      finishTime: null,
      progress: '0%',
      previewUrl: null,
      imageUrl: null,
      videoUrl: null,
      failReason: null,
      buttons: [],
      parentId: input.parentId ?? null,
      seed: 'seed' in input.job ? String(input.job.seed) : null,
      engine: deps.engineName,
      properties: { ...(input.properties ?? {}), ...(input.modal ? { modal: input.modal } : {}) },
      job: input.job,
      hookToken: randomBytes(24).toString('base64url'),
      upstreamId: null,
      deadlineAt: submitTime + DEFAULT_TASK_DEADLINE_MS,
      leaseOwner: null,
      leaseUntil: 0,
      cost,
    };
    try {
      const task = await store.create(doc);
      await messages.postTask(input.channelId, input.user._id, task);
    } catch (error) {
      await abandon(id);
      throw error;
    }
    if (!input.modal) runner.enqueue(id);
    return { taskId: id };
  }

  /**
   * A submit that failed after its charge. A row that was written is failed first, so no sweep
   * ever runs it, then the credits go back. A store that refuses even that leaves the row as it
   * is (it runs, as charged) or none (the credit reconciliation refunds the charge).
   */
  async function abandon(id: string): Promise<void> {
    try {
      const failed = await store.update(id, { status: TaskStatus.Failure, failReason: translate('task.notSaved', 'en-US'), finishTime: now() });
      if (!failed) {
        // No row, or a sweep already ran it to its end: only a task that succeeded keeps its charge.
        const row = await repo.findOne({ _id: id });
        if (row?.status === TaskStatus.Success) return;
      }
      runner.cancel(id);
      await billing.refund(id);
    } catch {
      // The original error is what the user must see; the sweeps settle the rest.
    }
  }

  async function ownedImageKeys(user: UserDoc, ids: string[]): Promise<string[]> {
    for (const id of ids) await uploads.readOwned(user._id, id);
    return ids;
  }

  async function taskInChannel(userId: string, taskId: string): Promise<TaskDoc> {
    const doc = await repo.findOne({ _id: taskId });
    if (!doc) throw bad('task.notFound');
    await channels.asMember(doc.channelId, userId);
    return doc;
  }

  /** The user's bot and job mode for jobs without a prompt of their own (an upstream queues by mode). */
  async function upstreamHints(userId: string, botType: BotType): Promise<{ botType: BotType; speed?: EngineSpeed }> {
    const speed = speedOf((await prompts.compose(userId, botType, '')).finalPrompt);
    return speed ? { botType, speed } : { botType };
  }

  /** Turns a button press on a finished task into the next task, as Midjourney would. */
  async function fromButton(user: UserDoc, channelId: string, parent: TaskDoc, button: ParsedCustomId, customId: string) {
    const parentEn = parent.promptEn || parent.prompt;
    const { finalPrompt, remix } = await prompts.compose(user._id, parent.botType, parentEn);
    const common = { user, channelId, botType: parent.botType, parentId: parent._id, prompt: parent.prompt, promptEn: parentEn, finalPrompt };
    const seed = randomInt(0, 4294967295);
    // The presser's job mode (relax/fast/turbo), as for every other submit: not the parent's.
    const { speed } = await upstreamHints(user._id, parent.botType);
    const on = { parentId: parent._id, customId, ...(speed ? { speed } : {}) };
    const modalFor = (kind: ModalKind, defaultPrompt = parent.prompt) =>
      needsModal(button, remix) ? { kind, defaultPrompt } : null;
    switch (button.kind) {
      case 'upscale':
        return create({ ...common, action: TaskAction.Upscale, job: { kind: 'upscale', ...on, index: button.index, mode: 'default' }, properties: { index: button.index } });
      case 'upscaleVariant':
        return create({ ...common, action: TaskAction.Upscale, job: { kind: 'upscale', ...on, index: 1, mode: button.mode ?? 'default' } });
      case 'variation':
        return create({ ...common, action: TaskAction.Variation, modal: modalFor(ModalKind.Remix), job: { kind: 'variation', ...on, prompt: parent.finalPrompt, seed, index: button.index, strength: 'index' }, properties: { index: button.index } });
      case 'vary':
        return create({ ...common, action: TaskAction.Variation, modal: modalFor(ModalKind.Remix), job: { kind: 'variation', ...on, prompt: parent.finalPrompt, seed, index: 1, strength: button.strength } });
      case 'reroll':
        return create({ ...common, action: TaskAction.Reroll, modal: modalFor(ModalKind.Remix), job: { kind: 'reroll', ...on, prompt: parent.finalPrompt, seed } });
      case 'zoomOut':
        return create({ ...common, action: TaskAction.Zoom, job: { kind: 'zoom', ...on, prompt: parent.finalPrompt, seed, factor: button.factor } });
      case 'customZoom':
        return create({ ...common, action: TaskAction.Zoom, modal: { kind: ModalKind.CustomZoom, defaultPrompt: `${parent.prompt} --zoom 2` }, job: { kind: 'zoom', ...on, prompt: parent.finalPrompt, seed, factor: 2 } });
      case 'pan':
        return create({ ...common, action: TaskAction.Pan, modal: modalFor(ModalKind.Remix), job: { kind: 'pan', ...on, prompt: parent.finalPrompt, seed, direction: button.direction } });
      case 'region':
        return create({ ...common, action: TaskAction.Inpaint, modal: { kind: ModalKind.Region, defaultPrompt: parent.prompt }, job: { kind: 'region', ...on, prompt: parent.finalPrompt, seed, maskKey: '' } });
      case 'picReader':
      case 'promptAnalyzer': {
        const suggestions = (parent.properties.prompts as string[] | undefined) ?? [];
        const suggestion = suggestions[button.index - 1];
        if (!suggestion) throw bad('task.badButton');
        const en = await english(suggestion);
        const composed = await prompts.compose(user._id, parent.botType, en.promptEn);
        return create({ ...common, parentId: parent._id, prompt: suggestion, promptEn: en.promptEn, finalPrompt: composed.finalPrompt, properties: translationFlag(en), action: TaskAction.Imagine, modal: { kind: ModalKind.Prompt, defaultPrompt: suggestion }, job: { kind: 'imagine', prompt: composed.finalPrompt, seed: seedOf(suggestion), botType: parent.botType, referenceKeys: [] } });
      }
      case 'picReaderRetry': {
        if (parent.job.kind !== 'describe') throw bad('task.badButton');
        return create({ ...common, action: TaskAction.Describe, prompt: '', promptEn: '', finalPrompt: '', job: { kind: 'describe', imageKey: parent.job.imageKey, ...(await upstreamHints(user._id, parent.botType)) } });
      }
      case 'animate':
      case 'extend': {
        if (deps.offers && !deps.offers(EngineFeature.Video)) {
          throw new AppError(ErrorReason.BadRequest, 'upstream.notOffered', { feature: button.kind === 'animate' ? 'Animate' : 'Extend' });
        }
        const video = { ...on, prompt: parent.prompt, motion: button.motion };
        const job: JobSpec = button.kind === 'animate' ? { kind: 'animate', ...video } : { kind: 'extend', ...video, index: button.index };
        return create({ ...common, action: TaskAction.Video, job, properties: { motion: button.motion, ...(button.kind === 'extend' ? { extend: true } : {}) } });
      }
      case 'bookmark': {
        const bookmarks = new Set((parent.properties.bookmarkedBy as string[] | undefined) ?? []);
        if (bookmarks.has(user._id)) bookmarks.delete(user._id);
        else bookmarks.add(user._id);
        await store.patch(parent._id, { properties: { ...parent.properties, bookmarkedBy: [...bookmarks] } });
        return { taskId: parent._id };
      }
      default: {
        const never: never = button;
        throw bad('task.badButton', { button: String(never) });
      }
    }
  }

  return {
    async imagine(
      user: UserDoc,
      channelId: string,
      body: { prompt: string; promptEn?: string; botType?: BotType; imageIds?: string[]; references?: ImagineReference[]; weights?: ReferenceWeightsRequest },
    ) {
      await channels.assertCanPost(user, channelId);
      const prompt = validatePrompt(body.prompt);
      // Plain imageIds are image prompts; references say what each image is for.
      const references: ImagineReference[] = [...(body.imageIds ?? []).map((imageId) => ({ imageId, kind: 'image' as const })), ...(body.references ?? [])];
      if (references.length > Limits.imagineMaxImages) throw bad('task.tooManyImages', { max: Limits.imagineMaxImages });
      const botType = body.botType ?? BotType.MidJourney;
      await ownedImageKeys(user, references.map((r) => r.imageId));
      const en = await english(prompt, body.promptEn);
      const composed = (await prompts.compose(user._id, botType, en.promptEn)).finalPrompt;
      const plan = planReferences({
        references, weights: body.weights ?? {}, finalPrompt: composed, publicUrl: deps.publicUrl, upstream: deps.engineName !== 'builtin', keyOf: (id) => id,
      });
      const finalPrompt = plan.params ? `${composed} ${plan.params}` : composed;
      return create({
        user, channelId, botType, action: TaskAction.Imagine, prompt, promptEn: en.promptEn, finalPrompt,
        job: { kind: 'imagine', prompt: finalPrompt, seed: seedOf(finalPrompt), botType, referenceKeys: plan.imageKeys, ...(plan.styleKeys.length > 0 ? { styleKeys: plan.styleKeys } : {}) },
        properties: {
          referenceUrls: references.map((r) => `/files/${r.imageId}`),
          ...(body.references?.length ? { referenceKinds: references.map((r) => r.kind) } : {}),
          ...translationFlag(en),
        },
      });
    },

    async describe(user: UserDoc, channelId: string, body: { imageId: string; botType?: BotType }) {
      await channels.assertCanPost(user, channelId);
      const [imageKey] = await ownedImageKeys(user, [body.imageId]);
      const botType = body.botType ?? BotType.MidJourney;
      return create({
        user, channelId, botType, action: TaskAction.Describe, prompt: '', finalPrompt: '',
        job: { kind: 'describe', imageKey: imageKey!, ...(await upstreamHints(user._id, botType)) }, properties: { referenceUrls: [`/files/${imageKey}`] },
      });
    },

    async blend(user: UserDoc, channelId: string, body: { imageIds: string[]; dimensions?: BlendDimensions; botType?: BotType }) {
      await channels.assertCanPost(user, channelId);
      const max = Math.min(Limits.blendMaxImages, deps.engineMaxBlend);
      if (body.imageIds.length < Limits.blendMinImages || body.imageIds.length > max) {
        throw bad('task.blendCount', { min: Limits.blendMinImages, max });
      }
      const imageKeys = await ownedImageKeys(user, body.imageIds);
      const dimensions = body.dimensions ?? BlendDimensions.Square;
      const botType = body.botType ?? BotType.MidJourney;
      return create({
        user, channelId, botType, action: TaskAction.Blend, prompt: '', finalPrompt: '',
        job: { kind: 'blend', imageKeys, dimensions, seed: randomInt(0, 4294967295), ...(await upstreamHints(user._id, botType)) },
        properties: { referenceUrls: imageKeys.map((k) => `/files/${k}`), dimensions },
      });
    },

    async shorten(user: UserDoc, channelId: string, body: { prompt: string; promptEn?: string; botType?: BotType }) {
      await channels.assertCanPost(user, channelId);
      if (deps.offers && !deps.offers(EngineFeature.Shorten)) throw new AppError(ErrorReason.BadRequest, 'upstream.notOffered', { feature: '/shorten' });
      const prompt = validatePrompt(body.prompt);
      const botType = body.botType ?? BotType.MidJourney;
      const en = await english(prompt, body.promptEn);
      return create({
        user, channelId, botType, action: TaskAction.Shorten, prompt, promptEn: en.promptEn, finalPrompt: en.promptEn,
        job: { kind: 'shorten', prompt: en.promptEn, ...(await upstreamHints(user._id, botType)) }, properties: translationFlag(en),
      });
    },

    async action(user: UserDoc, channelId: string, body: { taskId: string; customId: string }) {
      await channels.assertCanPost(user, channelId);
      const parent = await repo.findOne({ _id: body.taskId });
      if (!parent || parent.channelId !== channelId) throw bad('task.notFound');
      if (parent.status !== TaskStatus.Success) throw bad('task.notFinished');
      const button = parseCustomId(body.customId);
      if (!button || !parent.buttons.some((b) => b.customId === body.customId)) throw bad('task.badButton');
      return fromButton(user, channelId, parent, button, body.customId);
    },

    async modal(user: UserDoc, channelId: string, body: { taskId: string; prompt?: string; promptEn?: string; maskBase64?: string }) {
      await channels.assertCanPost(user, channelId);
      const doc = await repo.findOne({ _id: body.taskId });
      if (!doc || doc.channelId !== channelId) throw bad('task.notFound');
      if (doc.userId !== user._id) throw bad('task.notYours');
      if (doc.status !== TaskStatus.Modal) throw bad('task.notModal');
      const modal = doc.properties.modal as { kind: ModalKind; defaultPrompt: string };
      const prompt = body.prompt?.trim() ? validatePrompt(body.prompt) : modal.defaultPrompt;
      // The default prompt unchanged keeps the English it came with (a custom zoom's adds its --zoom).
      const kept = prompt === modal.defaultPrompt && !body.promptEn?.trim() && doc.promptEn && modal.kind !== ModalKind.CustomZoom;
      const en: English = kept ? { promptEn: doc.promptEn, translationFailed: doc.properties.translationFailed === true } : await english(prompt, body.promptEn);
      const { finalPrompt } = await prompts.compose(user._id, doc.botType, en.promptEn);
      let job: JobSpec = doc.job;
      switch (job.kind) {
        case 'region': {
          if (!body.maskBase64) throw bad('task.maskRequired');
          job = { ...job, prompt: finalPrompt, maskKey: await storeMask(deps.blobs, body.maskBase64, await parentImageSize(repo, deps.blobs, job.parentId)) };
          break;
        }
        case 'zoom': {
          const factor = zoomFromPrompt(prompt);
          if (factor === null || Number.isNaN(factor)) throw bad('task.badZoom', { min: Limits.zoomMin, max: Limits.zoomMax });
          job = { ...job, prompt: finalPrompt, factor };
          break;
        }
        case 'imagine':
          job = { ...job, prompt: finalPrompt, seed: seedOf(finalPrompt) };
          break;
        case 'variation':
        case 'reroll':
        case 'pan':
          // A new remix prompt must reach the engine: an engine that would drop it fails the task instead.
          // A remix modal means the person's Remix is on: the upstream is asked for its own modal too.
          job = {
            ...job,
            prompt: finalPrompt,
            ...(modal.kind === ModalKind.Remix ? { enableRemix: true } : {}),
            ...(modal.kind === ModalKind.Remix && prompt !== modal.defaultPrompt ? { remix: true } : {}),
          };
          break;
        default:
          break;
      }
      // The deadline is for drawing: time spent waiting here for the user's input does not count.
      const { translationFailed: _was, ...properties } = doc.properties;
      const updated = await store.update(
        doc._id,
        { status: TaskStatus.Submitted, prompt, promptEn: en.promptEn, finalPrompt, properties: { ...properties, ...translationFlag(en) } },
        { job, deadlineAt: now() + DEFAULT_TASK_DEADLINE_MS },
      );
      if (!updated) throw bad('task.notModal');
      runner.enqueue(doc._id);
      return { taskId: doc._id };
    },

    async fetch(userId: string, taskId: string): Promise<Task> {
      return toTask(await taskInChannel(userId, taskId));
    },

    async cancel(user: UserDoc, taskId: string): Promise<Task> {
      const doc = await taskInChannel(user._id, taskId);
      const channel = await channels.asMember(doc.channelId, user._id);
      if (doc.userId !== user._id && channel.creatorId !== user._id) throw bad('task.notYours');
      const cancelled = await store.update(taskId, { status: TaskStatus.Cancel, finishTime: now() });
      if (!cancelled) throw bad('task.finished');
      runner.cancel(taskId, doc.upstreamId);
      // The cancel stands either way: a refund the ledger cannot take now, the reconciliation makes.
      await billing.refund(taskId).catch(() => undefined);
      return cancelled;
    },

    async imageSeed(userId: string, taskId: string): Promise<{ seed: string }> {
      const doc = await taskInChannel(userId, taskId);
      if (doc.status !== TaskStatus.Success) throw bad('task.notFinished');
      // An upstream task's seed lives at the upstream (read once, then kept).
      if (!doc.seed && doc.upstreamId && deps.upstreamSeed) {
        const seed = await deps.upstreamSeed(doc.upstreamId);
        await store.patch(doc._id, { seed });
        return { seed };
      }
      if (doc.seed === null) throw bad('task.notFinished');
      return { seed: doc.seed };
    },

    async byIds(userId: string, channelId: string, ids: string[]): Promise<Task[]> {
      await channels.asMember(channelId, userId);
      return this.byIdsInChannel(channelId, ids);
    },

    async byIdsInChannel(channelId: string, ids: string[]): Promise<Task[]> {
      return (await repo.find({ _id: { $in: ids }, channelId })).map(toTask);
    },

    /**
     * Stored tasks in each unfinished status. Finished ones are left out on purpose: their count
     * grows with the history, and counting it at every scrape held the event loop (163 ms at a
     * million events); `engine_task_duration_seconds` counts finishes instead.
     */
    async unfinishedCountsByStatus(): Promise<Record<string, number>> {
      const statuses = Object.values(TaskStatus).filter((status) => !TERMINAL_TASK_STATUSES.includes(status));
      const counts = await Promise.all(statuses.map((status) => repo.count({ status })));
      return Object.fromEntries(statuses.map((status, i) => [status, counts[i]!]));
    },

    async countsFor(userId: string): Promise<{ running: number; queued: number }> {
      const [running, queued] = await Promise.all([
        repo.count({ userId, status: TaskStatus.InProgress }),
        repo.count({ userId, status: { $in: [TaskStatus.Submitted, TaskStatus.NotStart] } }),
      ]);
      return { running, queued };
    },
  };
}
export type TasksService = ReturnType<typeof tasksService>;

/** Brighter than mid-grey counts as painted (brush edges are soft). */
const MASK_WHITE_MIN = 128;
/** A mask is a two-tone PNG of its image's size: a few MB at most even for a 4096×4096 upscale. */
const MASK_MAX_BYTES = 4 * Limits.imageMaxBytes;

/** The size of the image a region task repaints: recorded when its parent finished, else its header. */
async function parentImageSize(repo: TasksRepository, blobs: BlobStore, parentId: string): Promise<{ width: number; height: number }> {
  const parent = await repo.findOne({ _id: parentId });
  const { width, height } = (parent?.properties ?? {}) as { width?: unknown; height?: unknown };
  if (typeof width === 'number' && typeof height === 'number' && width > 0 && height > 0) return { width, height };
  const key = blobKeyOf(parent?.imageUrl ?? null);
  const data = key ? await blobs.read(key) : null;
  if (!data) throw bad('task.notFound');
  return readImageHeader(data).catch(() => {
    throw bad('task.notFound');
  });
}

/**
 * A vary-region mask arrives as a data URL; it is kept as a greyscale PNG blob for the engine.
 * Its header is checked (size, pixels) before any decoding, and it must match its image exactly.
 */
async function storeMask(blobs: BlobStore, maskBase64: string, size: { width: number; height: number }): Promise<string> {
  const match = /^data:image\/(png|jpeg|jpg|webp);base64,([A-Za-z0-9+/=]+)$/.exec(maskBase64.trim());
  if (!match) throw bad('task.badMask');
  const data = Buffer.from(match[2]!, 'base64');
  let mask: MaskImage;
  try {
    mask = await readMask(data, size, MASK_WHITE_MIN, { maxBytes: MASK_MAX_BYTES });
  } catch (error) {
    const wrongSize: string[] = [ImageRefusal.WrongSize, ImageRefusal.TooManyPixels];
    if (error instanceof ImageRefused && wrongSize.includes(error.refusal)) throw bad('task.maskSize', size);
    throw bad('task.badMask');
  }
  if (!mask.selects) throw bad('task.emptyMask');
  const key = `${randomUUID()}.png`;
  await blobs.put(key, mask.png);
  return key;
}
