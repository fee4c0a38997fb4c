import type { DrawSettings } from '@draw/shared';
import { SettingsLimits, versionOption, versionParamOf } from './options';

/**
 * The final prompt an engine receives: the user's prompt, then the user's suffix, then the
 * parameters the settings stand for. Pure and idempotent (composing a composed prompt again with
 * the same settings changes nothing), so it can run wherever a prompt is about to be drawn.
 *
 * Rules (Midjourney's parameters must come last, so text always goes before every parameter):
 * - The text of the prompt comes first, then the suffix's text (skipped when the prompt already
 *   ends with it), then the prompt's own parameters exactly as written, then the suffix's
 *   parameters, then the settings' parameters.
 * - A parameter is never given twice: what the prompt sets wins over the suffix, and both win over
 *   the settings. Aliases count as the same parameter (`--s`/`--stylize`, `--v`/`--version`,
 *   `--ar`/`--aspect`…); `--v`, `--version` and `--niji` all choose the model, and
 *   `--relax`/`--fast`/`--turbo` all choose the speed. Em-dashes (`—ar`, as phones autocorrect
 *   `--`) count as parameters, as Midjourney accepts them.
 * - From the settings: the model version always (`--v 6.1` / `--niji 6`): upstream defaults move
 *   and a niji prompt must say niji; the speed always (`--relax`/`--fast`/`--turbo`): the job mode
 *   the user chose, whatever mode the upstream account is in; `--stylize N` only when N differs
 *   from Midjourney's default 100 and `--style raw` only for raw (standard is what no parameter
 *   means), as Midjourney's own /settings panel does; raw only on versions that have it.
 * - Remix is a mode of the account, not a prompt parameter: it never appears.
 * - For an engine that does not read Midjourney's parameters (ComfyUI, the OpenAI Images API:
 *   `midjourneyParameters: false`) the settings add none; the prompt and the suffix stay as written.
 */
export function composePrompt(
  settings: DrawSettings,
  prompt: string,
  { midjourneyParameters = true }: { midjourneyParameters?: boolean } = {},
): string {
  const main = splitPrompt(prompt);
  const suffix = splitPrompt(settings.suffix ?? '');

  const params = [...main.params];
  const taken = new Set(main.params.map((p) => p.key));
  const add = (param: PromptParam | null) => {
    if (!param || taken.has(param.key)) return;
    params.push(param);
    taken.add(param.key);
  };
  suffix.params.forEach(add);
  if (midjourneyParameters) settingsParams(settings).forEach(add);

  return [joinText(main.text, suffix.text), ...params.map((p) => p.text)].filter(Boolean).join(' ');
}

export interface PromptParam {
  /** The canonical name: aliases share one (`s` and `stylize` → `stylize`). */
  key: string;
  /** As written (whitespace between its tokens made single). */
  text: string;
}

export interface SplitPrompt {
  /** Everything before the first parameter, as written (trimmed). */
  text: string;
  params: PromptParam[];
}

/** A parameter starts with `--` or `—` then a letter, at the start or after whitespace. */
const PARAM_START = /(?:^|\s)(?=(?:--|\u2014)[a-z])/i;
const PARAM_NAME = /^(?:--|\u2014)([a-z][a-z0-9-]*)/i;

const ALIASES: Readonly<Record<string, string>> = {
  v: 'model',
  version: 'model',
  niji: 'model',
  s: 'stylize',
  stylize: 'stylize',
  relax: 'speed',
  fast: 'speed',
  turbo: 'speed',
  ar: 'aspect',
  aspect: 'aspect',
  c: 'chaos',
  chaos: 'chaos',
  q: 'quality',
  quality: 'quality',
  w: 'weird',
  weird: 'weird',
  sw: 'sref-weight',
  cw: 'cref-weight',
};

export const paramKey = (name: string): string => {
  const lower = name.toLowerCase();
  return ALIASES[lower] ?? lower;
};

/** Splits a prompt into its text and its `--parameters`. */
export function splitPrompt(prompt: string): SplitPrompt {
  const trimmed = prompt.trim();
  const start = trimmed.search(PARAM_START);
  if (start < 0) return { text: trimmed, params: [] };
  const params: PromptParam[] = [];
  for (const token of trimmed.slice(start).trim().split(/\s+/)) {
    const name = PARAM_NAME.exec(token)?.[1];
    const last = params[params.length - 1];
    if (name) params.push({ key: paramKey(name), text: token });
    else if (last) last.text += ` ${token}`;
  }
  return { text: trimmed.slice(0, start).trim(), params };
}

/** Appends the suffix's text unless the prompt's text already ends with it (as a whole phrase). */
function joinText(text: string, suffixText: string): string {
  if (!suffixText) return text;
  if (!text) return suffixText;
  if (text.endsWith(suffixText)) {
    const before = text.charAt(text.length - suffixText.length - 1);
    if (before === '' || /[\s,;]/.test(before)) return text;
  }
  return `${text} ${suffixText}`;
}

/** The parameters the settings stand for, in Midjourney's usual order. */
export function settingsParams(settings: DrawSettings): PromptParam[] {
  const params: PromptParam[] = [];
  const version = settings.version.trim();
  if (version) params.push({ key: 'model', text: `--${versionParamOf(settings.botType)} ${version}` });
  if (Number.isFinite(settings.stylize) && settings.stylize !== SettingsLimits.stylizeDefault) {
    params.push({ key: 'stylize', text: `--stylize ${settings.stylize}` });
  }
  if (settings.style === 'raw') {
    const known = versionOption(settings.botType, version);
    if (!known || known.styles.includes('raw')) params.push({ key: 'style', text: '--style raw' });
  }
  params.push({ key: 'speed', text: `--${settings.speed}` });
  return params;
}
