import {
  speedOf,
  type BlendDimensions,
  type BotType,
  type EditorActionName,
  type JobSpeed,
  type VideoMotion,
} from '@draw/shared';
import type { EngineSpeed, PanDirection } from '../../engines/port';

/**
 * What a task asks its engine to do, in a form that can be stored: images are blob keys, parents
 * are task ids. The runner turns it into an engine job (bytes loaded) when the task runs, so a
 * restarted server can run any stored task again. Actions on a parent keep the button that was
 * pressed (`customId`, the parent's own): an upstream engine sends it back as is. Their `speed` is
 * the pressing user's job mode (jobs stored before it existed have none).
 */
export type JobSpec =
  | {
      kind: 'imagine';
      prompt: string;
      seed: number;
      botType: BotType;
      referenceKeys: string[];
      styleKeys?: string[];
    }
  | {
      kind: 'upscale';
      parentId: string;
      index: 1 | 2 | 3 | 4;
      mode: 'default' | 'subtle' | 'creative';
      customId?: string;
      speed?: EngineSpeed;
    }
  | ({
      kind: 'variation';
      parentId: string;
      prompt: string;
      seed: number;
      index: 1 | 2 | 3 | 4;
      strength: 'subtle' | 'strong' | 'index';
      customId?: string;
      speed?: EngineSpeed;
    } & Remixable)
  | ({
      kind: 'reroll';
      parentId: string;
      prompt: string;
      seed: number;
      customId?: string;
      speed?: EngineSpeed;
    } & Remixable)
  | {
      kind: 'zoom';
      parentId: string;
      prompt: string;
      seed: number;
      factor: number;
      customId?: string;
      speed?: EngineSpeed;
    }
  | ({
      kind: 'pan';
      parentId: string;
      prompt: string;
      seed: number;
      direction: PanDirection;
      customId?: string;
      speed?: EngineSpeed;
    } & Remixable)
  | {
      kind: 'region';
      parentId: string;
      prompt: string;
      seed: number;
      maskKey: string;
      customId?: string;
      speed?: EngineSpeed;
    }
  | {
      kind: 'blend';
      imageKeys: string[];
      dimensions: BlendDimensions;
      seed: number;
      botType?: BotType;
      speed?: EngineSpeed;
    }
  | { kind: 'describe'; imageKey: string; botType?: BotType; speed?: EngineSpeed }
  | { kind: 'shorten'; prompt: string; botType?: BotType; speed?: EngineSpeed }
  | {
      kind: 'animate';
      parentId: string;
      prompt: string;
      motion: VideoMotion;
      customId?: string;
      speed?: EngineSpeed;
    }
  | {
      kind: 'extend';
      parentId: string;
      prompt: string;
      motion: VideoMotion;
      index: 1 | 2 | 3 | 4;
      customId?: string;
      speed?: EngineSpeed;
    }
  /**
   * Midjourney's editor (`action`: an editor action of the shared table): a picture restyled by a
   * prompt, from an upload (`imageKey`, its command) or a finished task (`parentId`, its button).
   */
  | {
      kind: 'edit';
      action: EditorActionName;
      prompt: string;
      seed: number;
      imageKey?: string;
      parentId?: string;
      customId?: string;
      botType?: BotType;
      speed?: EngineSpeed;
    };

/** Actions Midjourney remixes: true once the user wrote a new prompt for it, which must not be dropped. */
interface Remixable {
  remix?: boolean;
  /** The person's Remix setting was on: the upstream is asked for its modal (`enableRemix`). */
  enableRemix?: boolean;
}

/**
 * The job mode a job is sent in, as the upstream mapping picks it: the pressing person's mode
 * the job carries, else the last mode its prompt names; null when neither says (the upstream's
 * own default then). Stored on the task at submit, so its card shows the mode it ran in.
 */
export function speedOfJob(job: JobSpec): JobSpeed | null {
  return ('speed' in job ? job.speed : undefined) ?? ('prompt' in job ? speedOf(job.prompt) : null);
}
