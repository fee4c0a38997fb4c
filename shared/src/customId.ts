import {
  ACTIONS,
  actionOf,
  BUTTON_ACTIONS,
  isButtonAction,
  type ActionName,
  type ButtonActionName,
  type EngineFeature,
  type ResultKind,
  type TaskAction,
} from './actions/registry';
import type { VideoMotion } from './constants';
import type { TaskButton } from './entities';

export type { ResultKind } from './actions/registry';

/**
 * The upstream's button `customId` formats (see contracts/midjourney-proxy.md). Both engines emit
 * them and the action route accepts them, so they are parsed strictly: a customId is user input.
 */

export const PAN_DIRECTIONS = ['left', 'right', 'up', 'down'] as const;
export type PanDirection = (typeof PAN_DIRECTIONS)[number];

export type GridIndex = 1 | 2 | 3 | 4;

export type ParsedCustomId =
  | { kind: 'upscale'; index: GridIndex; hash: string }
  | { kind: 'variation'; index: GridIndex; hash: string }
  | { kind: 'reroll'; hash: string }
  | { kind: 'vary'; strength: 'subtle' | 'strong'; hash: string }
  /** Upscale (Subtle/Creative); V5's Upscale (2x/4x) carry no mode (`upsample_v5_2x`). */
  | { kind: 'upscaleVariant'; mode: 'subtle' | 'creative' | null; version: string; hash: string }
  | { kind: 'zoomOut'; factor: 2 | 1.5; hash: string }
  /** `short`: the form without Discord's `::1::` that tasks drawn before it still carry. */
  | { kind: 'customZoom'; hash: string; short?: true }
  | { kind: 'pan'; direction: PanDirection; hash: string }
  | { kind: 'region'; hash: string }
  | { kind: 'picReader'; index: GridIndex }
  | { kind: 'picReaderRetry' }
  | { kind: 'promptAnalyzer'; index: number }
  | { kind: 'bookmark'; hash: string }
  /** Animate (Low/High motion) on an upscale: a clip from the image. */
  | { kind: 'animate'; motion: VideoMotion; hash: string }
  /** Extend (Low/High motion) on a finished clip; `index` is the clip of the batch (1–4). */
  | { kind: 'extend'; motion: VideoMotion; index: GridIndex; hash: string }
  /** A button of ours an action declares (`ACTIONS[…].button`): `MJ::Editor::<action>::<hash>`. */
  | { kind: 'editor'; action: ButtonActionName; hash: string };

export type CustomIdKind = ParsedCustomId['kind'];

/**
 * The action a press of each button makes (a bookmark makes none): the server's presser creates
 * its task, the web's credit meter prices the button by it and hides it where the engine lacks its
 * feature, all from the action table (`actions/registry.ts`).
 */
export const BUTTON_ACTION = {
  upscale: 'upscale',
  upscaleVariant: 'upscale',
  variation: 'variation',
  vary: 'variation',
  reroll: 'reroll',
  zoomOut: 'zoom',
  customZoom: 'zoom',
  pan: 'pan',
  region: 'region',
  picReader: 'imagine',
  promptAnalyzer: 'imagine',
  picReaderRetry: 'describe',
  animate: 'animate',
  extend: 'extend',
  bookmark: null,
  editor: null,
} as const satisfies Record<CustomIdKind, ActionName | null>;

/** The action a press of this button makes; null for a bookmark or what is not a button. */
export const buttonAction = (parsed: ParsedCustomId | null): ActionName | null =>
  parsed ? (parsed.kind === 'editor' ? parsed.action : BUTTON_ACTION[parsed.kind]) : null;

/** The task a press of this button makes; null for a bookmark or what is not a button. */
export function buttonTaskAction(parsed: ParsedCustomId | null): TaskAction | null {
  const action = buttonAction(parsed);
  return action ? ACTIONS[action].task : null;
}

/** The engine feature a press of this button needs; null when every engine serves it. */
export function buttonFeature(parsed: ParsedCustomId | null): EngineFeature | null {
  const action = buttonAction(parsed);
  return action ? ACTIONS[action].feature : null;
}

/** Upstream hashes are UUIDs; anything that could smuggle a `::` or whitespace is refused. */
const HASH = /^[A-Za-z0-9_-]{1,128}$/;
const GRID_INDEX = /^[1-4]$/;
/** Shorten offers a handful of prompts; the bound only keeps absurd numbers out. */
const ANALYZER_INDEX = /^[1-9][0-9]?$/;
/** e.g. v5_2x, v5_4x, v5.2_2x, v6_2x, v6r1_2x, v7_2x; the mode is absent on V5's 2x/4x. */
const UPSCALE_VARIANT = /^upsample_(v[0-9]+(?:\.[0-9]+)?(?:r[0-9]+)?_[0-9]+x)(?:_(subtle|creative))?$/;
const PAN = /^pan_(left|right|up|down)$/;
const ANIMATE = /^animate_(low|high)$/;
/** The C# line's Extend ids carry no `::SOLO`. */
const EXTEND = /^animate_(low|high)_extend$/;
const MAX_LENGTH = 256;

const isHash = (s: string | undefined): s is string => s !== undefined && HASH.test(s);
const gridIndex = (s: string | undefined): GridIndex | null =>
  s !== undefined && GRID_INDEX.test(s) ? (Number(s) as GridIndex) : null;

export function parseCustomId(input: unknown): ParsedCustomId | null {
  if (typeof input !== 'string' || input.length > MAX_LENGTH) return null;
  const parts = input.split('::');
  if (parts[0] !== 'MJ') return null;
  const [, family, a, b, c, d, ...rest] = parts;
  if (rest.length > 0) return null;
  switch (family) {
    case 'JOB':
      return parseJob(a, b, c, d);
    case 'Outpaint': {
      if (b !== '1' || d !== 'SOLO' || !isHash(c)) return null;
      if (a === '50') return { kind: 'zoomOut', factor: 2, hash: c };
      if (a === '75') return { kind: 'zoomOut', factor: 1.5, hash: c };
      return null;
    }
    case 'CustomZoom':
      // `MJ::CustomZoom::1::<hash>` as Discord and the C# line send it; `MJ::CustomZoom::<hash>` from older tasks.
      if (a === '1' && isHash(b) && c === undefined) return { kind: 'customZoom', hash: b };
      return b === undefined && isHash(a) ? { kind: 'customZoom', hash: a, short: true } : null;
    case 'Inpaint':
      return a === '1' && isHash(b) && c === 'SOLO' && d === undefined ? { kind: 'region', hash: b } : null;
    case 'Job': {
      if (c !== undefined) return null;
      if (a === 'PicReader') {
        const index = gridIndex(b);
        return index === null ? null : { kind: 'picReader', index };
      }
      if (a === 'PromptAnalyzer' && b !== undefined && ANALYZER_INDEX.test(b)) {
        return { kind: 'promptAnalyzer', index: Number(b) };
      }
      return null;
    }
    case 'Picread':
      return a === 'Retry' && b === undefined ? { kind: 'picReaderRetry' } : null;
    case 'BOOKMARK':
      return b === undefined && isHash(a) ? { kind: 'bookmark', hash: a } : null;
    case 'Editor':
      return a !== undefined && isButtonAction(a) && isHash(b) && c === undefined
        ? { kind: 'editor', action: a, hash: b }
        : null;
    default:
      return null;
  }
}

function parseJob(
  action: string | undefined,
  index: string | undefined,
  hash: string | undefined,
  solo: string | undefined,
): ParsedCustomId | null {
  if (action === undefined || !isHash(hash)) return null;
  if (action === 'upsample' || action === 'variation') {
    const i = gridIndex(index);
    if (i === null || solo !== undefined) return null;
    return { kind: action === 'upsample' ? 'upscale' : 'variation', index: i, hash };
  }
  const extend = EXTEND.exec(action);
  if (extend?.[1] !== undefined) {
    const i = gridIndex(index);
    return i === null || solo !== undefined
      ? null
      : { kind: 'extend', motion: extend[1] as VideoMotion, index: i, hash };
  }
  if (solo !== 'SOLO') return null;
  if (action === 'reroll') return index === '0' ? { kind: 'reroll', hash } : null;
  if (index !== '1') return null;
  if (action === 'low_variation') return { kind: 'vary', strength: 'subtle', hash };
  if (action === 'high_variation') return { kind: 'vary', strength: 'strong', hash };
  const animate = ANIMATE.exec(action);
  if (animate?.[1] !== undefined) return { kind: 'animate', motion: animate[1] as VideoMotion, hash };
  const pan = PAN.exec(action);
  if (pan?.[1] !== undefined) return { kind: 'pan', direction: pan[1] as PanDirection, hash };
  const variant = UPSCALE_VARIANT.exec(action);
  if (variant?.[1] !== undefined) {
    return {
      kind: 'upscaleVariant',
      mode: (variant[2] as 'subtle' | 'creative' | undefined) ?? null,
      version: variant[1],
      hash,
    };
  }
  return null;
}

export function buildCustomId(p: ParsedCustomId): string {
  switch (p.kind) {
    case 'upscale':
      return `MJ::JOB::upsample::${p.index}::${p.hash}`;
    case 'variation':
      return `MJ::JOB::variation::${p.index}::${p.hash}`;
    case 'reroll':
      return `MJ::JOB::reroll::0::${p.hash}::SOLO`;
    case 'vary':
      return `MJ::JOB::${p.strength === 'subtle' ? 'low' : 'high'}_variation::1::${p.hash}::SOLO`;
    case 'upscaleVariant':
      return `MJ::JOB::upsample_${p.version}${p.mode ? `_${p.mode}` : ''}::1::${p.hash}::SOLO`;
    case 'zoomOut':
      return `MJ::Outpaint::${p.factor === 2 ? 50 : 75}::1::${p.hash}::SOLO`;
    case 'customZoom':
      return p.short ? `MJ::CustomZoom::${p.hash}` : `MJ::CustomZoom::1::${p.hash}`;
    case 'pan':
      return `MJ::JOB::pan_${p.direction}::1::${p.hash}::SOLO`;
    case 'region':
      return `MJ::Inpaint::1::${p.hash}::SOLO`;
    case 'picReader':
      return `MJ::Job::PicReader::${p.index}`;
    case 'picReaderRetry':
      return 'MJ::Picread::Retry';
    case 'promptAnalyzer':
      return `MJ::Job::PromptAnalyzer::${p.index}`;
    case 'bookmark':
      return `MJ::BOOKMARK::${p.hash}`;
    case 'animate':
      return `MJ::JOB::animate_${p.motion}::1::${p.hash}::SOLO`;
    case 'extend':
      return `MJ::JOB::animate_${p.motion}_extend::${p.index}::${p.hash}`;
    case 'editor':
      return `MJ::Editor::${p.action}::${p.hash}`;
    default: {
      const never: never = p;
      throw new Error(`unknown customId kind ${String(never)}`);
    }
  }
}

const ALWAYS_MODAL: ReadonlySet<CustomIdKind> = new Set([
  'editor',
  'customZoom',
  'region',
  'picReader',
  'promptAnalyzer',
]);
const REMIX_MODAL: ReadonlySet<CustomIdKind> = new Set(['reroll', 'variation', 'vary', 'pan']);

/** Whether pressing the button opens a modal (new prompt, mask or zoom) before the task queues. */
export function needsModal(parsed: ParsedCustomId, remix: boolean): boolean {
  return ALWAYS_MODAL.has(parsed.kind) || (remix && REMIX_MODAL.has(parsed.kind));
}

export function resultKindForAction(action: TaskAction): ResultKind {
  switch (action) {
    case 'UPSCALE':
      return 'upscale';
    case 'DESCRIBE':
      return 'describe';
    case 'SHORTEN':
      return 'shorten';
    case 'VIDEO':
      return 'video';
    default:
      return 'grid';
  }
}

/** The upscale-variant version our buttons carry (the upstream's current default line). */
export const DEFAULT_UPSCALE_VERSION = 'v6_2x';
const GRID_INDEXES: readonly GridIndex[] = [1, 2, 3, 4];
/** Midjourney's own Discord emoji on Upscale (Subtle/Creative): a name, not a character. */
export const UPSCALE_EMOJI = 'upscale_1';
/** Midjourney's film-frames emoji on Animate and Extend. */
export const VIDEO_EMOJI = '🎞️';
const PAN_EMOJI: Record<PanDirection, string> = { left: '⬅️', right: '➡️', up: '⬆️', down: '⬇️' };

const button = (p: ParsedCustomId, label: string, emoji = ''): TaskButton => ({
  customId: buildCustomId(p),
  emoji,
  label,
});

/** The buttons the action table puts on a result of this kind (after Midjourney's own). */
export function actionButtons(kind: ResultKind, hash: string): TaskButton[] {
  return BUTTON_ACTIONS.flatMap((action) => {
    const declared = actionOf(action).button;
    return declared?.on === kind
      ? [button({ kind: 'editor', action, hash }, declared.label, declared.emoji)]
      : [];
  });
}

/**
 * The buttons a Midjourney result carries, in Discord's order, then the action table's own.
 * `promptCount` is how many shortened prompts a shorten result offers.
 */
export function buttonsForResult(kind: ResultKind, hash: string, promptCount = 5): TaskButton[] {
  return [...midjourneyButtons(kind, hash, promptCount), ...actionButtons(kind, hash)];
}

function midjourneyButtons(kind: ResultKind, hash: string, promptCount: number): TaskButton[] {
  switch (kind) {
    case 'grid':
      return [
        ...GRID_INDEXES.map((index) => button({ kind: 'upscale', index, hash }, `U${index}`)),
        button({ kind: 'reroll', hash }, '', '🔄'),
        ...GRID_INDEXES.map((index) => button({ kind: 'variation', index, hash }, `V${index}`)),
      ];
    case 'upscale':
      return [
        button({ kind: 'vary', strength: 'subtle', hash }, 'Vary (Subtle)', '🪄'),
        button({ kind: 'vary', strength: 'strong', hash }, 'Vary (Strong)', '🪄'),
        button({ kind: 'region', hash }, 'Vary (Region)', '🖌️'),
        button(
          { kind: 'upscaleVariant', mode: 'subtle', version: DEFAULT_UPSCALE_VERSION, hash },
          'Upscale (Subtle)',
          UPSCALE_EMOJI,
        ),
        button(
          { kind: 'upscaleVariant', mode: 'creative', version: DEFAULT_UPSCALE_VERSION, hash },
          'Upscale (Creative)',
          UPSCALE_EMOJI,
        ),
        button({ kind: 'zoomOut', factor: 2, hash }, 'Zoom Out 2x', '🔍'),
        button({ kind: 'zoomOut', factor: 1.5, hash }, 'Zoom Out 1.5x', '🔍'),
        button({ kind: 'customZoom', hash }, 'Custom Zoom', '🔍'),
        ...PAN_DIRECTIONS.map((direction) =>
          button({ kind: 'pan', direction, hash }, '', PAN_EMOJI[direction]),
        ),
        button({ kind: 'animate', motion: 'high', hash }, 'Animate (High motion)', VIDEO_EMOJI),
        button({ kind: 'animate', motion: 'low', hash }, 'Animate (Low motion)', VIDEO_EMOJI),
        button({ kind: 'bookmark', hash }, '', '❤️'),
      ];
    case 'video':
      return [
        button({ kind: 'extend', motion: 'high', index: 1, hash }, 'Extend (High motion)', VIDEO_EMOJI),
        button({ kind: 'extend', motion: 'low', index: 1, hash }, 'Extend (Low motion)', VIDEO_EMOJI),
      ];
    case 'describe':
      return [
        ...GRID_INDEXES.map((index) => button({ kind: 'picReader', index }, String(index))),
        button({ kind: 'picReaderRetry' }, '', '🔄'),
      ];
    case 'shorten': {
      const count = Math.max(0, Math.min(99, Math.floor(promptCount)));
      return Array.from({ length: count }, (_, i) =>
        button({ kind: 'promptAnalyzer', index: i + 1 }, String(i + 1)),
      );
    }
    default: {
      const never: never = kind;
      throw new Error(`unknown result kind ${String(never)}`);
    }
  }
}
