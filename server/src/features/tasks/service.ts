import {
  TERMINAL_TASK_STATUSES,
  BlendDimensions,
  BotType,
  ErrorReason,
  Limits,
  TaskAction,
  TaskStatus,
  parseCustomId,
  type ActionRequest,
  type BlendRequest,
  type DescribeRequest,
  type ImagineReference,
  type ImagineRequest,
  type ModalRequest,
  type ShortenRequest,
  type SubmitAnswer,
  type Task,
} from '@draw/shared';
import { AppError } from '../../errors';
import type { UserDoc } from '../auth/repository';
import type { ChannelsService } from '../channels/service';
import type { MessagesService } from '../messages/service';
import type { UploadsService } from '../uploads/service';
import type { BlobStore } from '../../blobs/port';
import { EngineFeature } from '../../engines/port';
import type { PromptTranslator } from '../translate/service';
import type { Billing } from './billing';
import { buttonPresser } from './buttons';
import { taskRefusal } from './errors';
import { modalCompleter } from './modal';
import { englishFor, randomSeed, seedOf, translationFlag, validatePrompt } from './prompt';
import { planReferences } from './references';
import { taskRefunds } from './refunds';
import { toTask, type TaskDoc, type TasksRepository } from './repository';
import type { TaskRunner } from './runner';
import type { TaskStore } from './store';
import { taskSubmitter, type PromptComposer } from './submit';

// The routes, the app and the tests know these by this file: its parts have one job each.
export { validatePrompt, zoomFromPrompt } from './prompt';
export type { PromptComposer } from './submit';

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

/**
 * The task routes' rules: who may submit what, in which channel. The work is in the parts:
 * `submit.ts` (charge, store, queue), `prompt.ts` (prompt rules, English), `buttons.ts` (the
 * button → job table), `modal.ts` (a MODAL task's input), `mask.ts` (region masks), `refunds.ts`.
 */
export function tasksService(deps: TasksDeps) {
  const { repo, store, runner, channels, billing, prompts, now } = deps;
  const english = englishFor(deps.translator);
  const refunds = taskRefunds({ repo, store, runner, billing, now });
  const submit = taskSubmitter({ ...deps, refunds });
  const { create, upstreamHints, ownedImageKeys } = submit;
  const press = buttonPresser({ submit, store, prompts, english, ...(deps.offers ? { offers: deps.offers } : {}) });
  const completeModal = modalCompleter({ repo, store, runner, blobs: deps.blobs, prompts, english, now });

  async function taskInChannel(userId: string, taskId: string): Promise<TaskDoc> {
    const doc = await repo.findOne({ _id: taskId });
    if (!doc) throw taskRefusal('task.notFound');
    await channels.asMember(doc.channelId, userId);
    return doc;
  }

  /** A task of this channel, or "not found" (one from another channel is not told apart). */
  async function taskOfChannel(channelId: string, taskId: string): Promise<TaskDoc> {
    const doc = await repo.findOne({ _id: taskId });
    if (!doc || doc.channelId !== channelId) throw taskRefusal('task.notFound');
    return doc;
  }

  return {
    async imagine(user: UserDoc, channelId: string, body: ImagineRequest): Promise<SubmitAnswer> {
      await channels.assertCanPost(user, channelId);
      const prompt = validatePrompt(body.prompt);
      // Plain imageIds are image prompts; references say what each image is for.
      const references: ImagineReference[] = [...(body.imageIds ?? []).map((imageId) => ({ imageId, kind: 'image' as const })), ...(body.references ?? [])];
      if (references.length > Limits.imagineMaxImages) throw taskRefusal('task.tooManyImages', { max: Limits.imagineMaxImages });
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

    async describe(user: UserDoc, channelId: string, body: DescribeRequest): Promise<SubmitAnswer> {
      await channels.assertCanPost(user, channelId);
      const [imageKey] = await ownedImageKeys(user, [body.imageId]);
      const botType = body.botType ?? BotType.MidJourney;
      return create({
        user, channelId, botType, action: TaskAction.Describe, prompt: '', finalPrompt: '',
        job: { kind: 'describe', imageKey: imageKey!, ...(await upstreamHints(user._id, botType)) }, properties: { referenceUrls: [`/files/${imageKey}`] },
      });
    },

    async blend(user: UserDoc, channelId: string, body: BlendRequest): Promise<SubmitAnswer> {
      await channels.assertCanPost(user, channelId);
      const max = Math.min(Limits.blendMaxImages, deps.engineMaxBlend);
      if (body.imageIds.length < Limits.blendMinImages || body.imageIds.length > max) {
        throw taskRefusal('task.blendCount', { min: Limits.blendMinImages, max });
      }
      const imageKeys = await ownedImageKeys(user, body.imageIds);
      const dimensions = body.dimensions ?? BlendDimensions.Square;
      const botType = body.botType ?? BotType.MidJourney;
      return create({
        user, channelId, botType, action: TaskAction.Blend, prompt: '', finalPrompt: '',
        job: { kind: 'blend', imageKeys, dimensions, seed: randomSeed(), ...(await upstreamHints(user._id, botType)) },
        properties: { referenceUrls: imageKeys.map((k) => `/files/${k}`), dimensions },
      });
    },

    async shorten(user: UserDoc, channelId: string, body: ShortenRequest): Promise<SubmitAnswer> {
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

    async action(user: UserDoc, channelId: string, body: ActionRequest): Promise<SubmitAnswer> {
      await channels.assertCanPost(user, channelId);
      const parent = await taskOfChannel(channelId, body.taskId);
      if (parent.status !== TaskStatus.Success) throw taskRefusal('task.notFinished');
      const button = parseCustomId(body.customId);
      if (!button || !parent.buttons.some((b) => b.customId === body.customId)) throw taskRefusal('task.badButton');
      return press(user, channelId, parent, button, body.customId);
    },

    async modal(user: UserDoc, channelId: string, body: ModalRequest): Promise<SubmitAnswer> {
      await channels.assertCanPost(user, channelId);
      return completeModal(user, await taskOfChannel(channelId, body.taskId), body);
    },

    async fetch(userId: string, taskId: string): Promise<Task> {
      return toTask(await taskInChannel(userId, taskId));
    },

    async cancel(user: UserDoc, taskId: string): Promise<Task> {
      const doc = await taskInChannel(user._id, taskId);
      const channel = await channels.asMember(doc.channelId, user._id);
      if (doc.userId !== user._id && channel.creatorId !== user._id) throw taskRefusal('task.notYours');
      const cancelled = await store.update(taskId, { status: TaskStatus.Cancel, finishTime: now() });
      if (!cancelled) throw taskRefusal('task.finished');
      runner.cancel(taskId, doc.upstreamId);
      await refunds.cancelled(taskId);
      return cancelled;
    },

    async imageSeed(userId: string, taskId: string): Promise<{ seed: string }> {
      const doc = await taskInChannel(userId, taskId);
      if (doc.status !== TaskStatus.Success) throw taskRefusal('task.notFinished');
      // An upstream task's seed lives at the upstream (read once, then kept).
      if (!doc.seed && doc.upstreamId && deps.upstreamSeed) {
        const seed = await deps.upstreamSeed(doc.upstreamId);
        await store.patch(doc._id, { seed });
        return { seed };
      }
      if (doc.seed === null) throw taskRefusal('task.notFinished');
      return { seed: doc.seed };
    },

    async byIds(userId: string, channelId: string, ids: string[]): Promise<Task[]> {
      await channels.asMember(channelId, userId);
      return this.byIdsInChannel(channelId, ids);
    },

    async byIdsInChannel(channelId: string, ids: string[]): Promise<Task[]> {
      return (await repo.inChannel(channelId, ids)).map(toTask);
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

    countsFor: (userId: string): Promise<{ running: number; queued: number }> => repo.countsFor(userId),
  };
}
export type TasksService = ReturnType<typeof tasksService>;
