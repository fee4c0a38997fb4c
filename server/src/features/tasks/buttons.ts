import {
  ACTIONS,
  buttonAction,
  buttonTaskAction,
  type ModalKind,
  needsModal,
  TaskAction,
  type ParsedCustomId,
} from '@draw/shared';
import type { EngineRegistry } from '../../engines/registry';
import type { SignedIn } from '../auth/identity';
import { notOffered } from './errors';
import { pressOf } from './presses';
import { randomSeed, type English } from './prompt';
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
 * A press on a finished task makes the next task, as Midjourney would: refused here when the
 * parent's engine lacks the button's action, then made by the button's entry in `PRESSES`
 * (presses.ts). Which task each button makes is the shared action table's (the credit meter
 * prices it too).
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
    return pressOf(button, {
      user,
      parent,
      common,
      action,
      on,
      seed,
      modalFor,
      create,
      upstreamHints,
      english,
      prompts,
      store,
    });
  };
}
