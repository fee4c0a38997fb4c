import {
  ACTIONS,
  buttonAction,
  buttonTaskAction,
  ModalKind,
  needsModal,
  TaskAction,
  type ParsedCustomId,
} from '@draw/shared';
import type { EngineRegistry } from '../../engines/registry';
import type { SignedIn } from '../auth/identity';
import { notOffered, taskRefusal } from './errors';
import type { StoredJob } from './jobs';
import { randomSeed, seedOf, translationFlag, type English } from './prompt';
import type { TaskDoc } from './repository';
import type { TaskStore } from './store';
import type { PromptComposer, TaskSubmitter } from './submit';

export interface ButtonDeps {
  submit: TaskSubmitter;
  store: Pick<TaskStore, 'patch'>;
  prompts: PromptComposer;
  english: (prompt: string) => Promise<English>;
  /** The enabled engines: an action goes to the engine that drew its parent. */
  engines: EngineRegistry;
}

/**
 * The button → job table: a press on a finished task makes the next task, as Midjourney would.
 * Which task each button makes is the shared action table's (the credit meter prices it too).
 */
export function buttonPresser({ submit, store, prompts, english, engines }: ButtonDeps) {
  const { create, upstreamHints } = submit;
  return async function press(
    user: SignedIn,
    channelId: string,
    parent: TaskDoc,
    button: ParsedCustomId,
    customId: string,
  ): Promise<{ taskId: string }> {
    // Always the parent's engine (its buttons are that engine's), whatever the channel's default is now.
    const engine = button.kind === 'bookmark' ? null : engines.enabled(parent.engine);
    const declared = buttonAction(button);
    // A button whose action this engine lacks (a clip where it offers no video) is refused here.
    const feature = declared ? ACTIONS[declared].feature : null;
    if (engine && declared && feature && engine.offers && !engine.offers(feature))
      throw notOffered(engine, ACTIONS[declared].words);
    const action = buttonTaskAction(button) ?? TaskAction.Imagine;
    const parentEn = parent.promptEn || parent.prompt;
    const { finalPrompt, remix } = await prompts.compose(user._id, parent.botType, parentEn, parent.engine);
    const common = {
      user,
      channelId,
      engine: parent.engine,
      botType: parent.botType,
      parentId: parent._id,
      prompt: parent.prompt,
      promptEn: parentEn,
      finalPrompt,
    };
    const seed = randomSeed();
    // The presser's job mode (relax/fast/turbo), as for every other submit: not the parent's.
    const { speed } = await upstreamHints(user._id, parent.botType, parent.engine);
    const on = { parentId: parent._id, customId, ...(speed ? { speed } : {}) };
    const modalFor = (kind: ModalKind, defaultPrompt = parent.prompt) =>
      needsModal(button, remix) ? { kind, defaultPrompt } : null;
    switch (button.kind) {
      case 'upscale':
        return create({
          ...common,
          action,
          job: { kind: 'upscale', ...on, index: button.index, mode: 'default' },
          properties: { index: button.index },
        });
      case 'upscaleVariant':
        return create({
          ...common,
          action,
          job: { kind: 'upscale', ...on, index: 1, mode: button.mode ?? 'default' },
        });
      case 'variation':
        return create({
          ...common,
          action,
          modal: modalFor(ModalKind.Remix),
          job: {
            kind: 'variation',
            ...on,
            prompt: parent.finalPrompt,
            seed,
            index: button.index,
            strength: 'index',
          },
          properties: { index: button.index },
        });
      case 'vary':
        return create({
          ...common,
          action,
          modal: modalFor(ModalKind.Remix),
          job: {
            kind: 'variation',
            ...on,
            prompt: parent.finalPrompt,
            seed,
            index: 1,
            strength: button.strength,
          },
        });
      case 'reroll':
        return create({
          ...common,
          action,
          modal: modalFor(ModalKind.Remix),
          job: { kind: 'reroll', ...on, prompt: parent.finalPrompt, seed },
        });
      case 'zoomOut':
        return create({
          ...common,
          action,
          job: { kind: 'zoom', ...on, prompt: parent.finalPrompt, seed, factor: button.factor },
        });
      case 'customZoom':
        return create({
          ...common,
          action,
          modal: { kind: ModalKind.CustomZoom, defaultPrompt: `${parent.prompt} --zoom 2` },
          job: { kind: 'zoom', ...on, prompt: parent.finalPrompt, seed, factor: 2 },
        });
      case 'pan':
        return create({
          ...common,
          action,
          modal: modalFor(ModalKind.Remix),
          job: { kind: 'pan', ...on, prompt: parent.finalPrompt, seed, direction: button.direction },
        });
      case 'region':
        return create({
          ...common,
          action,
          modal: { kind: ModalKind.Region, defaultPrompt: parent.prompt },
          job: { kind: 'region', ...on, prompt: parent.finalPrompt, seed, maskKey: '' },
        });
      case 'picReader':
      case 'promptAnalyzer': {
        const suggestion = (parent.properties.prompts ?? [])[button.index - 1];
        if (!suggestion) throw taskRefusal('task.badButton');
        const en = await english(suggestion);
        const composed = await prompts.compose(user._id, parent.botType, en.promptEn, parent.engine);
        return create({
          ...common,
          parentId: parent._id,
          prompt: suggestion,
          promptEn: en.promptEn,
          finalPrompt: composed.finalPrompt,
          properties: translationFlag(en),
          action,
          modal: { kind: ModalKind.Prompt, defaultPrompt: suggestion },
          job: {
            kind: 'imagine',
            prompt: composed.finalPrompt,
            seed: seedOf(suggestion),
            botType: parent.botType,
            referenceKeys: [],
          },
        });
      }
      case 'picReaderRetry': {
        if (parent.job.kind !== 'describe') throw taskRefusal('task.badButton');
        return create({
          ...common,
          action,
          prompt: '',
          promptEn: '',
          finalPrompt: '',
          job: {
            kind: 'describe',
            imageKey: parent.job.imageKey,
            ...(await upstreamHints(user._id, parent.botType, parent.engine)),
          },
        });
      }
      case 'editor':
        // Midjourney's editor on this result's picture: the prompt to restyle it by comes first.
        return create({
          ...common,
          action,
          modal: { kind: ModalKind.Prompt, defaultPrompt: parent.prompt },
          job: { kind: 'edit', action: button.action, ...on, prompt: parent.finalPrompt, seed },
        });
      case 'animate':
      case 'extend': {
        const video = { ...on, prompt: parent.prompt, motion: button.motion };
        const job: StoredJob =
          button.kind === 'animate'
            ? { kind: 'animate', ...video }
            : { kind: 'extend', ...video, index: button.index };
        return create({
          ...common,
          action,
          job,
          properties: { motion: button.motion, ...(button.kind === 'extend' ? { extend: true } : {}) },
        });
      }
      case 'bookmark': {
        const bookmarks = new Set(parent.properties.bookmarkedBy ?? []);
        if (bookmarks.has(user._id)) bookmarks.delete(user._id);
        else bookmarks.add(user._id);
        await store.patch(parent._id, { properties: { ...parent.properties, bookmarkedBy: [...bookmarks] } });
        return { taskId: parent._id };
      }
      default: {
        const never: never = button;
        throw taskRefusal('task.badButton', { button: String(never) });
      }
    }
  };
}
