import type { BlendDimensions, BotType, VideoMotion } from '@draw/shared';
import type { EngineSpeed, PanDirection } from '../../engines/port';

/**
 * What a task asks its engine to do, in a form that can be stored: images are blob keys, parents
 * are task ids. The runner turns it into an engine job (bytes loaded) when the task runs, so a
 * restarted server can run any stored task again. Actions on a parent keep the button that was
 * pressed (`customId`, the parent's own): an upstream engine sends it back as is. Their `speed` is
 * the pressing user's job mode (jobs stored before it existed have none).
 */
export type JobSpec =
  | { kind: 'imagine'; prompt: string; seed: number; botType: BotType; referenceKeys: string[]; styleKeys?: string[] }
  | { kind: 'upscale'; parentId: string; index: 1 | 2 | 3 | 4; mode: 'default' | 'subtle' | 'creative'; customId?: string; speed?: EngineSpeed }
  | ({ kind: 'variation'; parentId: string; prompt: string; seed: number; index: 1 | 2 | 3 | 4; strength: 'subtle' | 'strong' | 'index'; customId?: string; speed?: EngineSpeed } & Remixable)
  | ({ kind: 'reroll'; parentId: string; prompt: string; seed: number; customId?: string; speed?: EngineSpeed } & Remixable)
  | { kind: 'zoom'; parentId: string; prompt: string; seed: number; factor: number; customId?: string; speed?: EngineSpeed }
  | ({ kind: 'pan'; parentId: string; prompt: string; seed: number; direction: PanDirection; customId?: string; speed?: EngineSpeed } & Remixable)
  | { kind: 'region'; parentId: string; prompt: string; seed: number; maskKey: string; customId?: string; speed?: EngineSpeed }
  | { kind: 'blend'; imageKeys: string[]; dimensions: BlendDimensions; seed: number; botType?: BotType; speed?: EngineSpeed }
  | { kind: 'describe'; imageKey: string; botType?: BotType; speed?: EngineSpeed }
  | { kind: 'shorten'; prompt: string; botType?: BotType; speed?: EngineSpeed }
  | { kind: 'animate'; parentId: string; prompt: string; motion: VideoMotion; customId?: string; speed?: EngineSpeed }
  | { kind: 'extend'; parentId: string; prompt: string; motion: VideoMotion; index: 1 | 2 | 3 | 4; customId?: string; speed?: EngineSpeed };

/** Actions Midjourney remixes: true once the user wrote a new prompt for it, which must not be dropped. */
interface Remixable {
  remix?: boolean;
  /** The person's Remix setting was on: the upstream is asked for its modal (`enableRemix`). */
  enableRemix?: boolean;
}

/** What a MODAL task still needs before it can run. */
export const ModalKind = {
  Remix: 'remix',
  Region: 'region',
  CustomZoom: 'customZoom',
  Prompt: 'prompt',
} as const;
export type ModalKind = (typeof ModalKind)[keyof typeof ModalKind];
