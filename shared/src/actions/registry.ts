/**
 * Every action a person can ask of an engine, declared once: the task it makes (stored on the task,
 * and the key of its price), its default price, where the archive files its picture, the engine
 * feature it needs (what `offers()` answers), its slash command and the buttons it puts on results.
 * The web's composer, command menu, credit meter and cards, the route table, the server's pricing,
 * submits, presser, job resolution and engines read this table: a new action is an entry here, its
 * drawing on each engine, and its words. Plain data (no schema library): the browser bundles it.
 */
type ValueOf<T> = T[keyof T];

/** The task an action makes, as stored on it (`Task.action`) and priced. */
export const TaskAction = {
  Imagine: 'IMAGINE',
  Upscale: 'UPSCALE',
  Variation: 'VARIATION',
  Reroll: 'REROLL',
  Describe: 'DESCRIBE',
  Blend: 'BLEND',
  Zoom: 'ZOOM',
  Pan: 'PAN',
  Shorten: 'SHORTEN',
  Inpaint: 'INPAINT',
  /** A short clip from an upscaled image (Animate), or a clip made longer (Extend). */
  Video: 'VIDEO',
  /** A new picture keeping the structure of an image, restyled by a prompt (Midjourney's editor). */
  Retexture: 'RETEXTURE',
} as const;
export type TaskAction = ValueOf<typeof TaskAction>;

/**
 * What an engine may or may not serve beyond imagine (a midjourney-proxy line lacks some): the
 * server refuses the rest, and the web hides what the current engine lacks.
 */
export const EngineFeature = {
  Shorten: 'shorten',
  /** /describe: an engine that only draws (the OpenAI Images API) cannot read a picture. */
  Describe: 'describe',
  Cancel: 'cancel',
  Seed: 'seed',
  Video: 'video',
  /** /blend (an engine without a way to mix images lacks it). */
  Blend: 'blend',
  Retexture: 'retexture',
} as const;
export type EngineFeature = ValueOf<typeof EngineFeature>;
export const ENGINE_FEATURES: readonly EngineFeature[] = Object.values(EngineFeature);

/** What kind of image, for the archive's filter: the buttons people know, grouped. */
export const ArchiveKind = {
  Grid: 'grid',
  Upscale: 'upscale',
  Variation: 'variation',
  ZoomPan: 'zoom',
  Region: 'region',
  Blend: 'blend',
  /** Animate and Extend: short clips, the dearest items. */
  Clip: 'clip',
  Retexture: 'retexture',
} as const;
export type ArchiveKind = ValueOf<typeof ArchiveKind>;

/** What a slash command takes after its name, which decides how the composer sends it. */
export const CommandInput = {
  /** A prompt typed after the name (`/imagine a fox`). */
  Prompt: 'prompt',
  /** One image, picked or attached (`/describe`). */
  Image: 'image',
  /** Several images, in a dialog (`/blend`). */
  Images: 'images',
  /**
   * One attached image and a prompt typed after the name: Midjourney's editor actions. Their
   * route (`POST /api/mj/submit/<name>/:channelId`), body, job and upstream request are generic.
   */
  ImageAndPrompt: 'imageAndPrompt',
} as const;
export type CommandInput = ValueOf<typeof CommandInput>;

/** Which set of buttons a finished result shows. */
export type ResultKind = 'grid' | 'upscale' | 'describe' | 'shorten' | 'video';

export interface ActionDeclaration {
  /** The task it makes: stored on it, and the key of its price. */
  readonly task: TaskAction;
  /** Credits, unless ENGINE_PRICES prices its task apart on an engine. Actions of one task agree. */
  readonly price: number;
  /** Where the archive files its picture or clip; null for a text answer. */
  readonly archive: ArchiveKind | null;
  /** The feature an engine must offer for it; null: every engine serves it. */
  readonly feature: EngineFeature | null;
  /**
   * The words of "this engine cannot do …" (`upstream.notOffered`/`engine.notOffered`):
   * Midjourney's own name for it, the same in every language.
   */
  readonly words: string;
  /**
   * Its slash command (`/<name>`, described by `composer.commands.<name>`): what it takes. Absent:
   * a button only (its route is the table's `action`, and `modal` for an editor's input).
   */
  readonly command?: { readonly takes: CommandInput };
  /**
   * A button of ours on finished results of that kind (customId `MJ::Editor::<name>::<hash>`,
   * spoken as `feed.button.editor.<name>`): pressed, it asks for a prompt, then draws from the
   * result's picture. Only for actions that take an image and a prompt.
   */
  readonly button?: { readonly on: ResultKind; readonly label: string; readonly emoji: string };
  /**
   * A card names a result of it before its author ("Variations by @user", `feed.byline.<name>`);
   * absent: the author alone.
   */
  readonly byline?: true;
  /**
   * Its results have no prompt of their own (a blend of images, a describe): a card titles them
   * `feed.untitled.<name>` instead.
   */
  readonly untitled?: true;
  /**
   * Pressed as one of a grid's four numbered buttons (U1–U4, V1–V4): a card marks the number
   * used (`<name>:<index>`) once a task came of it.
   */
  readonly numbered?: true;
  /** The C# midjourney-proxy's route for it (`/mj/submit/<upstream>`), for an image and a prompt. */
  readonly upstream?: 'retexture' | 'edits';
}

/**
 * The table. The order is the command menu's (`settings` and `info`, which make no task, follow),
 * and a new action goes at the end.
 */
export const ACTIONS = {
  imagine: {
    task: TaskAction.Imagine,
    price: 2,
    archive: ArchiveKind.Grid,
    feature: null,
    words: '/imagine',
    command: { takes: CommandInput.Prompt },
  },
  describe: {
    task: TaskAction.Describe,
    price: 1,
    archive: null,
    feature: EngineFeature.Describe,
    words: '/describe',
    command: { takes: CommandInput.Image },
    untitled: true,
  },
  blend: {
    task: TaskAction.Blend,
    price: 2,
    archive: ArchiveKind.Blend,
    feature: EngineFeature.Blend,
    words: '/blend',
    command: { takes: CommandInput.Images },
    untitled: true,
  },
  shorten: {
    task: TaskAction.Shorten,
    price: 1,
    archive: null,
    feature: EngineFeature.Shorten,
    words: '/shorten',
    command: { takes: CommandInput.Prompt },
  },
  upscale: {
    task: TaskAction.Upscale,
    price: 1,
    archive: ArchiveKind.Upscale,
    feature: null,
    words: 'Upscale',
    byline: true,
    numbered: true,
  },
  variation: {
    task: TaskAction.Variation,
    price: 2,
    archive: ArchiveKind.Variation,
    feature: null,
    words: 'Vary',
    byline: true,
    numbered: true,
  },
  reroll: { task: TaskAction.Reroll, price: 2, archive: ArchiveKind.Grid, feature: null, words: 'Reroll' },
  zoom: {
    task: TaskAction.Zoom,
    price: 2,
    archive: ArchiveKind.ZoomPan,
    feature: null,
    words: 'Zoom Out',
    byline: true,
  },
  pan: {
    task: TaskAction.Pan,
    price: 2,
    archive: ArchiveKind.ZoomPan,
    feature: null,
    words: 'Pan',
    byline: true,
  },
  region: {
    task: TaskAction.Inpaint,
    price: 2,
    archive: ArchiveKind.Region,
    feature: null,
    words: 'Vary (Region)',
    byline: true,
  },
  animate: {
    task: TaskAction.Video,
    price: 4,
    archive: ArchiveKind.Clip,
    feature: EngineFeature.Video,
    words: 'Animate',
  },
  extend: {
    task: TaskAction.Video,
    price: 4,
    archive: ArchiveKind.Clip,
    feature: EngineFeature.Video,
    words: 'Extend',
  },
  retexture: {
    task: TaskAction.Retexture,
    price: 2,
    archive: ArchiveKind.Retexture,
    feature: EngineFeature.Retexture,
    words: 'Retexture',
    command: { takes: CommandInput.ImageAndPrompt },
    button: { on: 'upscale', label: 'Retexture', emoji: '🎨' },
    upstream: 'retexture',
    byline: true,
  },
} as const satisfies Record<string, ActionDeclaration>;

export type ActionName = keyof typeof ACTIONS;
export const ACTION_NAMES = Object.keys(ACTIONS) as ActionName[];

/** An action's declaration, read as the common shape. */
export const actionOf = (name: ActionName): ActionDeclaration => ACTIONS[name];

type Declared = typeof ACTIONS;
/** Actions with a slash command. */
export type CommandActionName = {
  [K in ActionName]: Declared[K] extends { command: object } ? K : never;
}[ActionName];
/** Actions that take one image and a prompt (Midjourney's editor): generic route, job and request. */
export type EditorActionName = {
  [K in ActionName]: Declared[K] extends { command: { takes: 'imageAndPrompt' } } ? K : never;
}[ActionName];
/** Actions whose results a card names before the author. */
export type BylineActionName = {
  [K in ActionName]: Declared[K] extends { byline: true } ? K : never;
}[ActionName];
/** Actions whose results have no prompt of their own: a card gives them a title. */
export type UntitledActionName = {
  [K in ActionName]: Declared[K] extends { untitled: true } ? K : never;
}[ActionName];
/** Actions pressed as a grid's numbered buttons (U1–U4, V1–V4). */
export type NumberedActionName = {
  [K in ActionName]: Declared[K] extends { numbered: true } ? K : never;
}[ActionName];
/** Actions with a button of ours on results. */
export type ButtonActionName = {
  [K in ActionName]: Declared[K] extends { button: object } ? K : never;
}[ActionName];

export const COMMAND_ACTIONS = ACTION_NAMES.filter(
  (name): name is CommandActionName => actionOf(name).command !== undefined,
);
export const EDITOR_ACTIONS = ACTION_NAMES.filter(
  (name): name is EditorActionName => actionOf(name).command?.takes === CommandInput.ImageAndPrompt,
);
export const BUTTON_ACTIONS = ACTION_NAMES.filter(
  (name): name is ButtonActionName => actionOf(name).button !== undefined,
);

export const isEditorAction = (name: string): name is EditorActionName =>
  (EDITOR_ACTIONS as readonly string[]).includes(name);
export const isButtonAction = (name: string): name is ButtonActionName =>
  (BUTTON_ACTIONS as readonly string[]).includes(name);

/** Each task's default price, from its actions (the first declared of a task sets it). */
export const TASK_PRICES: Readonly<Record<TaskAction, number>> = Object.fromEntries(
  Object.values(TaskAction).map((task) => [
    task,
    ACTION_NAMES.map(actionOf).find((a) => a.task === task)!.price,
  ]),
) as Record<TaskAction, number>;

/** The tasks each archive kind holds, in the order their actions are declared. */
export const ARCHIVE_KIND_ACTIONS: Readonly<Record<ArchiveKind, readonly TaskAction[]>> = (() => {
  const kinds = Object.fromEntries(Object.values(ArchiveKind).map((kind) => [kind, [] as TaskAction[]]));
  for (const { archive, task } of ACTION_NAMES.map(actionOf)) {
    const tasks = archive ? kinds[archive] : undefined;
    if (tasks && !tasks.includes(task)) tasks.push(task);
  }
  return kinds as Record<ArchiveKind, TaskAction[]>;
})();

/** The slash command a task made without a parent came from (`/imagine`), if any. */
export function commandOfTask(task: TaskAction): CommandActionName | null {
  return COMMAND_ACTIONS.find((name) => ACTIONS[name].task === task) ?? null;
}

/** What a card names a task's result by before its author, if anything: its action's byline. */
export function bylineOfTask(task: TaskAction): BylineActionName | null {
  const name = ACTION_NAMES.find((action) => ACTIONS[action].task === task);
  return name && actionOf(name).byline ? (name as BylineActionName) : null;
}

/** The title a card gives a task's result that has no prompt of its own (`feed.untitled.<name>`), if any. */
export function untitledOfTask(task: TaskAction): UntitledActionName | null {
  const name = ACTION_NAMES.find((action) => ACTIONS[action].task === task);
  return name && actionOf(name).untitled ? (name as UntitledActionName) : null;
}

/** The numbered grid button (U/V) a task was pressed from, named by its action, if any. */
export function numberedOfTask(task: TaskAction): NumberedActionName | null {
  const name = ACTION_NAMES.find((action) => ACTIONS[action].task === task);
  return name && actionOf(name).numbered ? (name as NumberedActionName) : null;
}
