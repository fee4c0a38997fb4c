import { ModalKind, type ParsedCustomId, type TaskAction } from '@draw/shared';
import type { SignedIn } from '../auth/identity';
import { taskRefusal } from './errors';
import type { StoredJob } from './jobs';
import { seedOf, translationFlag, type English } from './prompt';
import type { TaskDoc } from './repository';
import type { TaskStore } from './store';
import type { NewTask, PromptComposer, TaskSubmitter } from './submit';

/** What every press on a finished task starts from (worked out once in `buttons.ts`). */
export interface Press {
  user: SignedIn;
  parent: TaskDoc;
  /** The new task's fields every button shares (channel, engine, the parent's prompt …). */
  common: Omit<NewTask, 'action' | 'job'>;
  action: TaskAction;
  /** The parent, the button pressed on it and the presser's job mode: every action job's start. */
  on: { parentId: string; customId: string; speed?: Extract<StoredJob, { kind: 'upscale' }>['speed'] };
  seed: number;
  /** The editor a remix-able button opens first, when the presser's Remix asks for it. */
  modalFor: (kind: ModalKind, defaultPrompt?: string) => NewTask['modal'];
  create: TaskSubmitter['create'];
  upstreamHints: TaskSubmitter['upstreamHints'];
  english: (prompt: string) => Promise<English>;
  prompts: PromptComposer;
  store: Pick<TaskStore, 'patch'>;
}

type Made = Promise<{ taskId: string }>;
type ButtonOf<K extends ParsedCustomId['kind']> = Extract<ParsedCustomId, { kind: K }>;

/** A describe's (or shorten's) numbered suggestion, imagined: its prompt editor opens first. */
async function imagineSuggestion(button: ButtonOf<'picReader' | 'promptAnalyzer'>, p: Press): Made {
  const { parent, user, common, action } = p;
  const suggestion = (parent.properties.prompts ?? [])[button.index - 1];
  if (!suggestion) throw taskRefusal('task.badButton');
  const en = await p.english(suggestion);
  const composed = await p.prompts.compose(user._id, parent.botType, en.promptEn, parent.engine);
  return p.create({
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

/** Animate an upscale, or extend a clip (which of the parent's batch goes on). */
function clip(button: ButtonOf<'animate' | 'extend'>, { parent, common, action, on, create }: Press): Made {
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

/** V1–V4 (one picture of the grid, `index`) or Vary Subtle/Strong (the upscale): Remix may ask first. */
function variationOf(
  { parent, common, action, on, seed, modalFor, create }: Press,
  index: Extract<StoredJob, { kind: 'variation' }>['index'],
  strength: Extract<StoredJob, { kind: 'variation' }>['strength'],
  properties?: NewTask['properties'],
): Made {
  return create({
    ...common,
    action,
    modal: modalFor(ModalKind.Remix),
    job: { kind: 'variation', ...on, prompt: parent.finalPrompt, seed, index, strength },
    ...(properties ? { properties } : {}),
  });
}

/**
 * What each button makes of a press, as Midjourney would: one entry per kind of button (a kind
 * `ParsedCustomId` gains is a compile error here until it is handled).
 */
export const PRESSES: { [K in ParsedCustomId['kind']]: (button: ButtonOf<K>, press: Press) => Made } = {
  upscale: (button, { common, action, on, create }) =>
    create({
      ...common,
      action,
      job: { kind: 'upscale', ...on, index: button.index, mode: 'default' },
      properties: { index: button.index },
    }),
  upscaleVariant: (button, { common, action, on, create }) =>
    create({
      ...common,
      action,
      job: { kind: 'upscale', ...on, index: 1, mode: button.mode ?? 'default' },
    }),
  variation: (button, press) => variationOf(press, button.index, 'index', { index: button.index }),
  vary: (button, press) => variationOf(press, 1, button.strength),
  reroll: (_button, { parent, common, action, on, seed, modalFor, create }) =>
    create({
      ...common,
      action,
      modal: modalFor(ModalKind.Remix),
      job: { kind: 'reroll', ...on, prompt: parent.finalPrompt, seed },
    }),
  zoomOut: (button, { parent, common, action, on, seed, create }) =>
    create({
      ...common,
      action,
      job: { kind: 'zoom', ...on, prompt: parent.finalPrompt, seed, factor: button.factor },
    }),
  customZoom: (_button, { parent, common, action, on, seed, create }) =>
    create({
      ...common,
      action,
      modal: { kind: ModalKind.CustomZoom, defaultPrompt: `${parent.prompt} --zoom 2` },
      job: { kind: 'zoom', ...on, prompt: parent.finalPrompt, seed, factor: 2 },
    }),
  pan: (button, { parent, common, action, on, seed, modalFor, create }) =>
    create({
      ...common,
      action,
      modal: modalFor(ModalKind.Remix),
      job: { kind: 'pan', ...on, prompt: parent.finalPrompt, seed, direction: button.direction },
    }),
  region: (_button, { parent, common, action, on, seed, create }) =>
    create({
      ...common,
      action,
      modal: { kind: ModalKind.Region, defaultPrompt: parent.prompt },
      job: { kind: 'region', ...on, prompt: parent.finalPrompt, seed, maskKey: '' },
    }),
  picReader: imagineSuggestion,
  promptAnalyzer: imagineSuggestion,
  picReaderRetry: async (_button, { parent, user, common, action, create, upstreamHints }) => {
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
  },
  // Midjourney's editor on this result's picture: the prompt to restyle it by comes first.
  editor: (button, { parent, common, action, on, seed, create }) =>
    create({
      ...common,
      action,
      modal: { kind: ModalKind.Prompt, defaultPrompt: parent.prompt },
      job: { kind: 'edit', action: button.action, ...on, prompt: parent.finalPrompt, seed },
    }),
  animate: clip,
  extend: clip,
  bookmark: async (_button, { parent, user, store }) => {
    const bookmarks = new Set(parent.properties.bookmarkedBy ?? []);
    if (bookmarks.has(user._id)) bookmarks.delete(user._id);
    else bookmarks.add(user._id);
    await store.patch(parent._id, { properties: { ...parent.properties, bookmarkedBy: [...bookmarks] } });
    return { taskId: parent._id };
  },
};

/** Runs the entry of the button's kind. */
export function pressOf(button: ParsedCustomId, press: Press): Made {
  const handler = PRESSES[button.kind] as ((button: ParsedCustomId, press: Press) => Made) | undefined;
  if (!handler) throw taskRefusal('task.badButton', { button: String(button) });
  return handler(button, press);
}
