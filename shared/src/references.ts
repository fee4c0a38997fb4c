import type { ImagineRequest } from './tasks';

/**
 * What an image attached to /imagine is for, as Midjourney takes it: an image prompt (sent as the
 * image itself), a style reference (`--sref`), a character reference (`--cref`, V6 and Niji 6) or
 * an omni reference (`--oref`, V7 on).
 */
export const ReferenceKind = {
  Image: 'image',
  Style: 'style',
  Character: 'character',
  Omni: 'omni',
} as const;
export type ReferenceKind = (typeof ReferenceKind)[keyof typeof ReferenceKind];
export const REFERENCE_KINDS = Object.values(ReferenceKind);

/** Each kind's weight parameter and Midjourney's range for it (one weight per kind and prompt). */
export const ReferenceWeights = {
  image: { param: 'iw', min: 0, max: 3, step: 0.25, default: 1 },
  style: { param: 'sw', min: 0, max: 1000, step: 1, default: 100 },
  character: { param: 'cw', min: 0, max: 100, step: 1, default: 100 },
  omni: { param: 'ow', min: 1, max: 1000, step: 1, default: 100 },
} as const satisfies Record<
  ReferenceKind,
  { param: string; min: number; max: number; step: number; default: number }
>;

/** An image attached to /imagine and what it is for (the imagine body's `references`). */
export type ImagineReference = NonNullable<ImagineRequest['references']>[number];

/** A weight per reference kind (the imagine body's `weights`). */
export type ReferenceWeightsRequest = NonNullable<ImagineRequest['weights']>;

/** The model version a prompt asks for (`--v 7`, `--niji 6`), its major number; null when none. */
export function majorVersionOf(prompt: string): number | null {
  const match = /(?:^|\s)--(?:v|version|niji)\s+(\d+)/i.exec(prompt);
  return match ? Number(match[1]) : null;
}

/** V7 replaced the character reference by the omni reference: which one this version takes. */
export function personReferenceFor(version: number | null): 'character' | 'omni' {
  return version !== null && version >= 7 ? ReferenceKind.Omni : ReferenceKind.Character;
}
