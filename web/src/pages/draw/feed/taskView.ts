import {
  numberedOfTask,
  BotType,
  DEFAULT_JOB_SPEED,
  buttonFeature,
  commandOfTask,
  ModalKind,
  parseCustomId,
  speedOf,
  TaskAction,
  TaskStatus,
  type JobSpeed,
  type ParsedCustomId,
  type Task,
  type TaskButton,
  type TaskModal,
} from '@draw/shared';
import { isTerminal, parseProgress } from '@draw/machines';
import { isRefunded } from '../credits/creditRules';

/** Pure view rules of a task card: names, prompt parts, button rows, test ids. */

export type EngineKind = 'builtin' | 'midjourney' | 'niji' | 'other';

/** The built-in engine is never presented as Midjourney (decisions: "The built-in engine"). */
export function engineKind(task: Pick<Task, 'engine' | 'botType'>): EngineKind {
  if (task.engine === 'builtin') return 'builtin';
  if (task.engine === 'midjourney-proxy') return task.botType === BotType.NijiJourney ? 'niji' : 'midjourney';
  return 'other';
}

/** A parameter starts with `--` or `—` then a letter, at the start or after whitespace. */
const PARAM_START = /(?:^|\s)(?:--|\u2014)[a-z]/i;

function textPart(prompt: string): string {
  const match = PARAM_START.exec(prompt);
  return (match ? prompt.slice(0, match.index) : prompt).trim();
}

function paramPart(prompt: string): string {
  const match = PARAM_START.exec(prompt);
  return match ? prompt.slice(match.index).trim() : '';
}

/**
 * The prompt as Midjourney prints it: the words (shown bold) and the parameters the prompt was
 * drawn with (`finalPrompt`'s, shown muted).
 */
export function promptParts(task: Pick<Task, 'prompt' | 'finalPrompt'>): { text: string; params: string } {
  const text = textPart(task.prompt) || textPart(task.finalPrompt);
  const params = paramPart(task.finalPrompt) || paramPart(task.prompt);
  return { text, params };
}

/**
 * A prompt's parameters cut where a line may break: each parameter with its first value stays
 * whole (`--fast`, `--ar 3:2`), so a narrow screen never shows `--` on one line and `fast` on the
 * next; a long value (`--no red cars, boats`) may still wrap after its first word.
 */
export function paramChunks(params: string): { whole: string; rest: string }[] {
  return params
    .trim()
    .split(/\s+(?=(?:--|\u2014)[a-z])/i)
    .filter(Boolean)
    .map((group) => {
      const [name = '', first, ...others] = group.split(/\s+/);
      return { whole: first === undefined ? name : `${name} ${first}`, rest: others.join(' ') };
    });
}

/**
 * The English under the prompt: what the engine got when it differs from what was typed, or that
 * the translation failed and the prompt went as typed. Null when there is nothing to add.
 */
export function englishOf(
  task: Pick<Task, 'prompt' | 'promptEn' | 'properties'>,
): { text: string; failed: boolean } | null {
  if (task.properties.translationFailed === true) return { text: '', failed: true };
  const english = textPart(task.promptEn ?? '');
  return english && english !== textPart(task.prompt) ? { text: english, failed: false } : null;
}

/**
 * The job mode the task ran in: the one the server stored at submit; for tasks stored before it
 * did, the last mode its final prompt names (Midjourney's rule, the server's too), else the default.
 */
export function speedOfTask(task: Pick<Task, 'finalPrompt' | 'properties'>): JobSpeed {
  return task.properties.speed ?? speedOf(task.finalPrompt) ?? DEFAULT_JOB_SPEED;
}

export function percentOf(task: Pick<Task, 'progress' | 'status'>): number {
  if (task.status === TaskStatus.Success) return 100;
  return parseProgress(task.progress) ?? 0;
}

export function isRunning(task: Pick<Task, 'status'>): boolean {
  return (
    task.status === TaskStatus.NotStart ||
    task.status === TaskStatus.Submitted ||
    task.status === TaskStatus.InProgress
  );
}

export function isFinished(task: Pick<Task, 'status'>): boolean {
  return isTerminal(task.status);
}

const MODAL_KINDS: readonly string[] = Object.values(ModalKind);

/** A MODAL task's wait, when its properties name a known one (stored data is checked, not trusted). */
export function modalOf(task: Pick<Task, 'properties' | 'prompt'>): TaskModal | null {
  const modal: Partial<TaskModal> | undefined = task.properties.modal;
  if (!modal || typeof modal !== 'object' || !modal.kind || !MODAL_KINDS.includes(modal.kind)) return null;
  return {
    kind: modal.kind,
    defaultPrompt: typeof modal.defaultPrompt === 'string' ? modal.defaultPrompt : task.prompt,
  };
}

/** Suggested prompts of a describe (4) or shorten (up to 5) result. */
export function suggestionsOf(task: Pick<Task, 'properties'>): string[] {
  const prompts = task.properties.prompts;
  return Array.isArray(prompts) ? prompts.filter((p): p is string => typeof p === 'string') : [];
}

export function referenceUrlsOf(task: Pick<Task, 'properties'>): string[] {
  const urls = task.properties.referenceUrls;
  return Array.isArray(urls) ? urls.filter((u): u is string => typeof u === 'string') : [];
}

export function bookmarkedBy(task: Pick<Task, 'properties'>, userId: string): boolean {
  const ids = task.properties.bookmarkedBy;
  return Array.isArray(ids) && ids.includes(userId);
}

/** The image's size when the engine reported it (finished tasks). */
export function imageSizeOf(task: Pick<Task, 'properties'>): { width: number; height: number } | null {
  const { width, height } = task.properties;
  return typeof width === 'number' && typeof height === 'number' && width > 0 && height > 0
    ? { width, height }
    : null;
}

const ASPECT = /(?:^|\s)(?:--|\u2014)(?:ar|aspect)\s+(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)/i;

/**
 * The shape the result will have, known before it arrives: its size once the engine reported it,
 * else the prompt's `--ar W:H`, else square. The placeholder takes this shape, so nothing jumps
 * when the image lands.
 */
export function expectedShape(task: Pick<Task, 'properties' | 'finalPrompt' | 'promptEn' | 'prompt'>): {
  width: number;
  height: number;
} {
  const known = imageSizeOf(task);
  if (known) return known;
  for (const text of [task.finalPrompt, task.promptEn, task.prompt]) {
    const match = ASPECT.exec(text ?? '');
    const width = Number(match?.[1]);
    const height = Number(match?.[2]);
    if (width > 0 && height > 0) return { width, height };
  }
  return { width: 1, height: 1 };
}

/** Whether the result is one image (upscale, or a clip's frame) rather than a 2×2 grid. */
export function isSingleImage(task: Pick<Task, 'action'>): boolean {
  return task.action === TaskAction.Upscale || task.action === TaskAction.Video;
}

/**
 * How a clip plays: an MP4 in a `<video>` (poster, controls, muted loop), an animated WebP in an
 * `<img>` (browsers loop it by themselves). Null for a task without a clip.
 */
export function clipOf(
  task: Pick<Task, 'videoUrl' | 'imageUrl'>,
): { src: string; element: 'video' | 'img'; poster: string | null } | null {
  if (!task.videoUrl) return null;
  return {
    src: task.videoUrl,
    element: /\.mp4$/i.test(task.videoUrl) ? 'video' : 'img',
    poster: task.imageUrl,
  };
}

/**
 * The buttons the current engine can serve: those whose action needs a feature (Animate and Extend
 * need video) only where it offers it.
 */
export function servableButtons(buttons: readonly TaskButton[], features: readonly string[]): TaskButton[] {
  return buttons.filter((b) => {
    const feature = buttonFeature(parseCustomId(b.customId));
    return feature === null || features.includes(feature);
  });
}

// ---- Buttons ----------------------------------------------------------------------------------

export interface ViewButton {
  button: TaskButton;
  parsed: ParsedCustomId | null;
  /** Stable, readable name for test ids and keys: the label, or what an emoji button does. */
  name: string;
}

/** `Vary (Region)` → `Vary-Region`; emoji-only buttons get a name from what they do. */
export function sanitizeLabel(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function nameOf(button: TaskButton, parsed: ParsedCustomId | null): string {
  const fromLabel = sanitizeLabel(button.label);
  if (fromLabel) return fromLabel;
  switch (parsed?.kind) {
    case 'reroll':
      return 'reroll';
    case 'picReaderRetry':
      return 'retry';
    case 'pan':
      return `pan-${parsed.direction}`;
    case 'bookmark':
      return 'bookmark';
    default:
      return sanitizeLabel(button.customId) || 'button';
  }
}

/** Row of each kind of button, in Midjourney's layout. */
const ROW: Record<ParsedCustomId['kind'], number> = {
  upscale: 0,
  reroll: 0,
  variation: 1,
  vary: 2,
  region: 2,
  upscaleVariant: 3,
  zoomOut: 4,
  customZoom: 4,
  pan: 5,
  bookmark: 5,
  animate: 6,
  extend: 6,
  editor: 6,
  picReader: 7,
  picReaderRetry: 7,
  promptAnalyzer: 8,
};
const UNKNOWN_ROW = 9;

/**
 * `task.buttons` laid out as the Midjourney bot does: U1–U4 🔄 / V1–V4 on a grid; Vary, Upscale,
 * Zoom, pans ❤️ rows on an upscale; numbered rows on describe and shorten results.
 */
export function buttonRows(buttons: readonly TaskButton[]): ViewButton[][] {
  const rows = new Map<number, ViewButton[]>();
  for (const button of buttons) {
    const parsed = parseCustomId(button.customId);
    const row = parsed ? ROW[parsed.kind] : UNKNOWN_ROW;
    const list = rows.get(row) ?? [];
    list.push({ button, parsed, name: nameOf(button, parsed) });
    rows.set(row, list);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, list]) => list);
}

/** i18n key (under `feed.button`) and params of a button's accessible name. */
export function buttonAria(
  view: ViewButton,
  bookmarked: boolean,
): { key: string; params?: Record<string, string | number> } {
  const { parsed, button } = view;
  switch (parsed?.kind) {
    case 'upscale':
      return { key: 'upscale', params: { index: parsed.index } };
    case 'variation':
      return { key: 'variation', params: { index: parsed.index } };
    case 'reroll':
      return { key: 'reroll' };
    case 'vary':
      return { key: parsed.strength === 'subtle' ? 'varySubtle' : 'varyStrong' };
    case 'region':
      return { key: 'varyRegion' };
    case 'upscaleVariant':
      if (parsed.mode === null)
        return { key: 'upscaleBy', params: { factor: /_([0-9]+x)$/.exec(parsed.version)?.[1] ?? '2x' } };
      return { key: parsed.mode === 'subtle' ? 'upscaleSubtle' : 'upscaleCreative' };
    case 'zoomOut':
      return { key: 'zoomOut', params: { factor: parsed.factor } };
    case 'customZoom':
      return { key: 'customZoom' };
    case 'pan':
      return { key: `pan.${parsed.direction}` };
    case 'bookmark':
      return { key: bookmarked ? 'unbookmark' : 'bookmark' };
    case 'picReader':
      return { key: 'imaginePrompt', params: { index: parsed.index } };
    case 'picReaderRetry':
      return { key: 'describeAgain' };
    case 'promptAnalyzer':
      return { key: 'imaginePrompt', params: { index: parsed.index } };
    case 'animate':
      return { key: parsed.motion === 'low' ? 'animateLow' : 'animateHigh' };
    case 'editor':
      return { key: `editor.${parsed.action}` };
    case 'extend':
      return { key: parsed.motion === 'low' ? 'extendLow' : 'extendHigh' };
    default:
      return { key: 'generic', params: { label: button.label || button.emoji || button.customId } };
  }
}

/** `upscale:2` for U2, `variation:3` for V3; null for every other button. */
export function gridButtonKey(parsed: ParsedCustomId | null): string | null {
  return parsed?.kind === 'upscale' || parsed?.kind === 'variation' ? `${parsed.kind}:${parsed.index}` : null;
}

/**
 * The U/V buttons already used on each grid, read from the tasks they made (an upscale or
 * variation names its grid and image index): pressed stays pressed after a reload, for everyone.
 */
export function usedGridButtons(
  tasks: Iterable<Pick<Task, 'parentId' | 'action' | 'properties' | 'status'>>,
): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  for (const task of tasks) {
    const index = task.properties.index;
    if (!task.parentId || typeof index !== 'number') continue;
    // A press the server gave back (an editor closed unsubmitted, a failure) leaves the button free.
    if (isRefunded(task)) continue;
    // The registry's numbered actions (U1–U4, V1–V4): `upscale:2`, `variation:4`.
    const kind = numberedOfTask(task.action);
    if (!kind) continue;
    const keys = used.get(task.parentId) ?? new Set<string>();
    keys.add(`${kind}:${index}`);
    used.set(task.parentId, keys);
  }
  return used;
}

/**
 * What a screen reader says for a button: the words it shows first (so a voice-control user can
 * say "click U1"), then what it does, unless the description already starts with them.
 */
export function spokenName(visible: string, description: string): string {
  const shown = visible.trim();
  if (!shown || description.toLowerCase().startsWith(shown.toLowerCase())) return description;
  return `${shown} · ${description}`;
}

/** The slash command a task came from, when it was not a button on another task. */
export function commandOf(task: Pick<Task, 'action' | 'parentId'>): string | null {
  if (task.parentId) return null;
  const command = commandOfTask(task.action);
  return command ? `/${command}` : null;
}
