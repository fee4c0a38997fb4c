import type { EngineSpeed } from './port';

const SPEED_PARAM = /(?:^|\s)(?:--|\u2014)(relax|fast|turbo)(?=\s|$)/gi;

/**
 * The job mode a final prompt asks for (`--relax`, `--fast`, `--turbo`; the settings always add
 * one), or null when it names none. The last one written wins, as in Midjourney.
 */
export function speedOf(prompt: string): EngineSpeed | null {
  let speed: EngineSpeed | null = null;
  for (const match of prompt.matchAll(SPEED_PARAM)) speed = match[1]!.toLowerCase() as EngineSpeed;
  return speed;
}
