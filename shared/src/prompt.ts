/** Chinese, Japanese and Korean script and CJK punctuation: text Midjourney needs translated. */
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/** Midjourney's job modes: which queue a job waits in. */
export const JobSpeed = { Relax: 'relax', Fast: 'fast', Turbo: 'turbo' } as const;
export type JobSpeed = (typeof JobSpeed)[keyof typeof JobSpeed];
export const JOB_SPEEDS: readonly JobSpeed[] = Object.values(JobSpeed);

/**
 * The mode of a prompt that names none, nor do the person's settings: fast, as a new person's
 * settings say and as Midjourney starts a subscriber.
 */
export const DEFAULT_JOB_SPEED: JobSpeed = JobSpeed.Fast;

const SPEED_PARAM = /(?:^|\s)(?:--|\u2014)(relax|fast|turbo)(?=\s|$)/gi;

/**
 * The job mode a prompt asks for (`--relax`, `--fast`, `--turbo`, or with an em-dash as phones
 * write `--`), or null when it names none. The last one written wins, as in Midjourney; the
 * caller decides what none means (the person's settings, else `DEFAULT_JOB_SPEED`).
 */
export function speedOf(prompt: string): JobSpeed | null {
  let speed: JobSpeed | null = null;
  for (const match of prompt.matchAll(SPEED_PARAM)) speed = match[1]!.toLowerCase() as JobSpeed;
  return speed;
}
