import {
  actionOf,
  BlendDimensions,
  BotType,
  Limits,
  TaskAction,
  type ActionName,
  type EditorActionName,
  type BlendRequest,
  type DescribeRequest,
  type ImagineReference,
  type ImagineRequest,
  type ShortenRequest,
  type SubmitAnswer,
} from '@draw/shared';
import type { EditorRequest } from '@draw/shared/routes';
import type { ImageEngine } from '../../engines/port';
import type { EngineRegistry } from '../../engines/registry';
import type { SignedIn } from '../auth/identity';
import type { ChannelsService } from '../channels/service';
import { assertParameters, notOffered, taskRefusal } from './errors';
import { randomSeed, seedOf, translationFlag, validatePrompt, type English } from './prompt';
import { planReferences } from './references';
import type { PromptComposer, TaskSubmitter } from './submit';

export interface CommandDeps {
  channels: Pick<ChannelsService, 'assertCanPost'>;
  submit: TaskSubmitter;
  prompts: PromptComposer;
  english: (prompt: string, edited?: string) => Promise<English>;
  /** The enabled engines: a submit names one, or takes its channel's default, or the site's. */
  engines: EngineRegistry;
  /** Our public origin: style and character/omni references reach an upstream as URLs under it. */
  publicUrl: string;
}

/** How many images a blend takes on this engine: the built-in engine mixes more than an upstream. */
const maxBlendOn = (engine: ImageEngine) =>
  engine.name === 'builtin' ? Limits.blendMaxImages : Limits.upstreamBlendMaxImages;

/**
 * The slash commands (/imagine, /describe, /blend, /shorten), called by their routes: whether the
 * person may post in the channel (a member, not muted), what each command asks of its body and
 * which task it makes.
 */
export function slashCommands({ channels, submit, prompts, english, engines, publicUrl }: CommandDeps) {
  const { create, upstreamHints, ownedImageKeys } = submit;

  /**
   * The person may post here, and the engine that draws: the one the body names, else the
   * channel's default (while it is enabled), else the site's. One not enabled, or without this
   * command, is refused before anything is stored or charged.
   */
  async function postingOn(
    user: SignedIn,
    channelId: string,
    chosen: string | undefined,
    command: ActionName,
  ): Promise<ImageEngine> {
    const channel = await channels.assertCanPost(user, channelId);
    const engine = chosen ? engines.enabled(chosen) : (engines.find(channel.engine) ?? engines.default);
    const { feature, words } = actionOf(command);
    if (feature && engine.offers && !engine.offers(feature)) throw notOffered(engine, words);
    return engine;
  }

  return {
    async imagine(user: SignedIn, channelId: string, body: ImagineRequest): Promise<SubmitAnswer> {
      const engine = await postingOn(user, channelId, body.engine, 'imagine');
      const prompt = validatePrompt(body.prompt);
      // Plain imageIds are image prompts; references say what each image is for.
      const references: ImagineReference[] = [
        ...(body.imageIds ?? []).map((imageId) => ({ imageId, kind: 'image' as const })),
        ...(body.references ?? []),
      ];
      if (references.length > Limits.imagineMaxImages)
        throw taskRefusal('task.tooManyImages', { max: Limits.imagineMaxImages });
      const botType = body.botType ?? BotType.MidJourney;
      await ownedImageKeys(
        user,
        references.map((r) => r.imageId),
      );
      const en = await english(prompt, body.promptEn);
      const composed = (await prompts.compose(user._id, botType, en.promptEn, engine.name)).finalPrompt;
      assertParameters(composed);
      const plan = planReferences({
        references,
        weights: body.weights ?? {},
        finalPrompt: composed,
        publicUrl,
        upstream: engine.name !== 'builtin',
        keyOf: (id) => id,
      });
      const finalPrompt = plan.params ? `${composed} ${plan.params}` : composed;
      return create({
        user,
        channelId,
        engine: engine.name,
        botType,
        action: TaskAction.Imagine,
        prompt,
        promptEn: en.promptEn,
        finalPrompt,
        job: {
          kind: 'imagine',
          prompt: finalPrompt,
          seed: seedOf(finalPrompt),
          botType,
          referenceKeys: plan.imageKeys,
          ...(plan.styleKeys.length > 0 ? { styleKeys: plan.styleKeys } : {}),
        },
        properties: {
          referenceUrls: references.map((r) => `/files/${r.imageId}`),
          ...(body.references?.length ? { referenceKinds: references.map((r) => r.kind) } : {}),
          ...translationFlag(en),
        },
      });
    },

    async describe(user: SignedIn, channelId: string, body: DescribeRequest): Promise<SubmitAnswer> {
      const engine = await postingOn(user, channelId, body.engine, 'describe');
      const [imageKey] = await ownedImageKeys(user, [body.imageId]);
      const botType = body.botType ?? BotType.MidJourney;
      return create({
        user,
        channelId,
        engine: engine.name,
        botType,
        action: TaskAction.Describe,
        prompt: '',
        finalPrompt: '',
        job: {
          kind: 'describe',
          imageKey: imageKey!,
          ...(await upstreamHints(user._id, botType, engine.name)),
        },
        properties: { referenceUrls: [`/files/${imageKey}`] },
      });
    },

    async blend(user: SignedIn, channelId: string, body: BlendRequest): Promise<SubmitAnswer> {
      const engine = await postingOn(user, channelId, body.engine, 'blend');
      const max = Math.min(Limits.blendMaxImages, maxBlendOn(engine));
      if (body.imageIds.length < Limits.blendMinImages || body.imageIds.length > max) {
        throw taskRefusal('task.blendCount', { min: Limits.blendMinImages, max });
      }
      const imageKeys = await ownedImageKeys(user, body.imageIds);
      const dimensions = body.dimensions ?? BlendDimensions.Square;
      const botType = body.botType ?? BotType.MidJourney;
      return create({
        user,
        channelId,
        engine: engine.name,
        botType,
        action: TaskAction.Blend,
        prompt: '',
        finalPrompt: '',
        job: {
          kind: 'blend',
          imageKeys,
          dimensions,
          seed: randomSeed(),
          ...(await upstreamHints(user._id, botType, engine.name)),
        },
        properties: { referenceUrls: imageKeys.map((k) => `/files/${k}`), dimensions },
      });
    },

    async shorten(user: SignedIn, channelId: string, body: ShortenRequest): Promise<SubmitAnswer> {
      const engine = await postingOn(user, channelId, body.engine, 'shorten');
      const prompt = validatePrompt(body.prompt);
      const botType = body.botType ?? BotType.MidJourney;
      const en = await english(prompt, body.promptEn);
      return create({
        user,
        channelId,
        engine: engine.name,
        botType,
        action: TaskAction.Shorten,
        prompt,
        promptEn: en.promptEn,
        finalPrompt: en.promptEn,
        job: {
          kind: 'shorten',
          prompt: en.promptEn,
          ...(await upstreamHints(user._id, botType, engine.name)),
        },
        properties: translationFlag(en),
      });
    },

    /** Midjourney's editor (`/retexture` …): the person's upload restyled by their prompt. */
    async edit(
      user: SignedIn,
      channelId: string,
      action: EditorActionName,
      body: EditorRequest,
    ): Promise<SubmitAnswer> {
      const engine = await postingOn(user, channelId, body.engine, action);
      const prompt = validatePrompt(body.prompt);
      const botType = body.botType ?? BotType.MidJourney;
      const [imageKey] = await ownedImageKeys(user, [body.imageId]);
      const en = await english(prompt, body.promptEn);
      const { finalPrompt } = await prompts.compose(user._id, botType, en.promptEn, engine.name);
      assertParameters(finalPrompt);
      return create({
        user,
        channelId,
        engine: engine.name,
        botType,
        action: actionOf(action).task,
        prompt,
        promptEn: en.promptEn,
        finalPrompt,
        job: {
          kind: 'edit',
          action,
          prompt: finalPrompt,
          seed: seedOf(finalPrompt),
          imageKey: imageKey!,
          ...(await upstreamHints(user._id, botType, engine.name)),
        },
        properties: { referenceUrls: [`/files/${imageKey}`], ...translationFlag(en) },
      });
    },
  };
}
