/**
 * Midjourney's prompt parameters as Midjourney checks them before it queues a job: which exist,
 * what each takes, and which model versions take it. A prompt that breaks a rule is refused with
 * the parameter and what it allows (Midjourney's "Invalid parameter"), before anything is stored
 * or charged. Declared once: the server refuses with it, a client may check as the person types.
 */

import { Limits } from './constants';

/** A model family: the rules differ between them, not between 6 and 6.1. */
export const ModelFamily = { V5: 'V5', V6: 'V6', V7: 'V7', Niji5: 'Niji 5', Niji6: 'Niji 6' } as const;
export type ModelFamily = (typeof ModelFamily)[keyof typeof ModelFamily];

/** What a parameter takes, as the refusal states it. */
export type AllowedValues =
  | { kind: 'flag' }
  | { kind: 'range'; min: number; max: number; integer: boolean }
  | { kind: 'choice'; values: readonly string[] }
  | { kind: 'ratio' }
  | { kind: 'text' };

export type ParameterProblem =
  | { kind: 'unknown'; param: string }
  | { kind: 'value'; param: string; allowed: AllowedValues }
  | { kind: 'version'; param: string; model: ModelFamily; takenBy: readonly ModelFamily[] };

interface Rule {
  names: readonly string[];
  /** The values for a family; a function when they differ between families. */
  allowed: AllowedValues | ((model: ModelFamily) => AllowedValues);
  /** The families that take it (absent: all). */
  only?: readonly ModelFamily[];
  /** The value may be left out (`--niji` alone, `--p` alone). */
  valueOptional?: boolean;
}

const { V5, V6, V7, Niji5, Niji6 } = ModelFamily;
const int = (min: number, max: number): AllowedValues => ({ kind: 'range', min, max, integer: true });
const num = (min: number, max: number): AllowedValues => ({ kind: 'range', min, max, integer: false });
const choice = (...values: string[]): AllowedValues => ({ kind: 'choice', values });
const FLAG: AllowedValues = { kind: 'flag' };
const TEXT: AllowedValues = { kind: 'text' };

const MJ_VERSIONS = ['1', '2', '3', '4', '5', '5.0', '5.1', '5.2', '6', '6.0', '6.1', '7'] as const;
const NIJI_VERSIONS = ['4', '5', '6'] as const;
export const SEED_MAX = 4294967295;

const RULES: readonly Rule[] = [
  { names: ['v', 'version'], allowed: choice(...MJ_VERSIONS) },
  { names: ['niji'], allowed: choice(...NIJI_VERSIONS), valueOptional: true },
  { names: ['ar', 'aspect'], allowed: { kind: 'ratio' } },
  { names: ['c', 'chaos'], allowed: int(0, 100) },
  {
    names: ['q', 'quality'],
    allowed: (model) => (model === V7 ? choice('1', '2', '4') : choice('.25', '.5', '1', '2')),
  },
  { names: ['s', 'stylize'], allowed: int(0, 1000) },
  { names: ['w', 'weird'], allowed: int(0, 3000) },
  { names: ['seed', 'sameseed'], allowed: int(0, SEED_MAX) },
  { names: ['stop'], allowed: int(10, 100) },
  { names: ['r', 'repeat'], allowed: int(1, 40) },
  { names: ['no'], allowed: TEXT },
  { names: ['tile'], allowed: FLAG },
  { names: ['iw'], allowed: (model) => (model === V5 || model === Niji5 ? num(0.5, 2) : num(0, 3)) },
  {
    names: ['style'],
    allowed: (model) =>
      model === Niji5 ? choice('cute', 'expressive', 'original', 'scenic') : choice('raw'),
  },
  { names: ['raw'], allowed: FLAG, only: [V7] },
  { names: ['exp'], allowed: int(0, 100), only: [V7] },
  { names: ['draft'], allowed: FLAG, only: [V7] },
  { names: ['sref'], allowed: TEXT },
  { names: ['sw'], allowed: int(0, 1000) },
  { names: ['sv'], allowed: choice('1', '2', '3', '4', '5', '6'), only: [V7] },
  { names: ['cref'], allowed: TEXT, only: [V6, Niji6] },
  { names: ['cw'], allowed: int(0, 100), only: [V6, Niji6] },
  { names: ['oref'], allowed: TEXT, only: [V7] },
  { names: ['ow'], allowed: int(1, 1000), only: [V7] },
  { names: ['p', 'personalize'], allowed: TEXT, valueOptional: true },
  { names: ['relax'], allowed: FLAG },
  { names: ['fast'], allowed: FLAG },
  { names: ['turbo'], allowed: FLAG },
  { names: ['zoom'], allowed: num(Limits.zoomMin, Limits.zoomMax) },
  { names: ['video'], allowed: FLAG },
  { names: ['motion'], allowed: choice('low', 'high') },
  { names: ['loop'], allowed: FLAG },
  { names: ['end'], allowed: TEXT },
  { names: ['bs'], allowed: choice('1', '2', '4') },
  { names: ['hd'], allowed: FLAG },
];

const RULE_BY_NAME = new Map(RULES.flatMap((rule) => rule.names.map((name) => [name, rule] as const)));

export interface WrittenParameter {
  /** As written, lower-cased, without the dashes. */
  name: string;
  /** The words after it up to the next parameter, joined by single spaces ('' for none). */
  value: string;
}

/** A parameter starts with `--` (or `—`, as phones write it) then a letter, at the start or after whitespace. */
const PARAM_TOKEN = /^(?:--|\u2014)([a-z][a-z0-9-]*)$/i;

/** The prompt's parameters in order: Midjourney reads them from the first one to the end. */
export function writtenParameters(prompt: string): WrittenParameter[] {
  const params: WrittenParameter[] = [];
  let started = false;
  for (const token of prompt.trim().split(/\s+/)) {
    const name = PARAM_TOKEN.exec(token)?.[1];
    if (name) {
      started = true;
      params.push({ name: name.toLowerCase(), value: '' });
    } else if (started) {
      const last = params[params.length - 1]!;
      last.value = last.value ? `${last.value} ${token}` : token;
    }
  }
  return params;
}

/** The family a prompt runs on: its last `--v`/`--niji` (the caller's settings are already in the prompt). */
export function modelFamilyOf(params: readonly WrittenParameter[]): ModelFamily {
  let family: ModelFamily = V7;
  for (const { name, value } of params) {
    if (name === 'niji') family = value === '4' || value === '5' ? Niji5 : Niji6;
    else if (name === 'v' || name === 'version')
      family = value.startsWith('7') ? V7 : value.startsWith('6') ? V6 : V5;
  }
  return family;
}

function fits(value: string, allowed: AllowedValues): boolean {
  switch (allowed.kind) {
    case 'flag':
      return value === '';
    case 'text':
      return value !== '';
    case 'ratio': {
      const match = /^(\d{1,5}):(\d{1,5})$/.exec(value);
      return !!match && Number(match[1]) > 0 && Number(match[2]) > 0;
    }
    case 'choice':
      // `--q 0.5` is `--q .5`: choices that are numbers compare as numbers.
      return allowed.values.some(
        (v) =>
          v === value.toLowerCase() ||
          (/^\d*\.?\d+$/.test(value) && /^\d*\.?\d+$/.test(v) && Number(v) === Number(value)),
      );
    case 'range': {
      if (!(allowed.integer ? /^\d+$/ : /^\d*\.?\d+$/).test(value)) return false;
      const n = Number(value);
      return n >= allowed.min && n <= allowed.max;
    }
    default: {
      const never: never = allowed;
      return never;
    }
  }
}

/** The first rule the prompt's parameters break, or null when Midjourney would take them all. */
export function findParameterProblem(prompt: string): ParameterProblem | null {
  const params = writtenParameters(prompt);
  const model = modelFamilyOf(params);
  for (const { name, value } of params) {
    const rule = RULE_BY_NAME.get(name);
    if (!rule) return { kind: 'unknown', param: name };
    if (rule.only && !rule.only.includes(model))
      return { kind: 'version', param: name, model, takenBy: rule.only };
    const allowed = typeof rule.allowed === 'function' ? rule.allowed(model) : rule.allowed;
    if (value === '' && rule.valueOptional) continue;
    if (!fits(value, allowed)) return { kind: 'value', param: name, allowed };
  }
  return null;
}
