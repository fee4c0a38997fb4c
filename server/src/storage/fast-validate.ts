import type { StoredSchema } from './schema';

/**
 * A document checked without mongoose: the stored document when this is certain mongoose would
 * accept `doc` as it is (nothing to cast, every validator passing), `undefined` when it is not
 * certain. Then mongoose decides, and words the refusal.
 */
export type FastValidate = (doc: unknown) => Record<string, unknown> | undefined;

const Instance = {
  String: 'String',
  Number: 'Number',
  Boolean: 'Boolean',
  Mixed: 'Mixed',
  Array: 'Array',
} as const;
type Instance = (typeof Instance)[keyof typeof Instance];

/** Options that change nothing in a document: the type itself and what the indexes are built from. */
const INERT_OPTIONS = new Set(['type', 'index', 'unique', 'sparse']);
/** Options this compiler checks itself; any other option leaves the collection to mongoose. */
const CHECKED_OPTIONS = new Set([
  'required',
  'default',
  'enum',
  'min',
  'max',
  'minlength',
  'maxlength',
  'match',
  'validate',
]);

interface PathRule {
  name: string;
  /** A value of the path's own type, as it would be stored: false when mongoose must look at it. */
  accepts: (value: unknown) => boolean;
  required: boolean;
  /** Whether null may be stored as it is (no validator but `required`, which null fails). */
  nullable: boolean;
  /** The value stored when the document leaves the path out; `undefined`: left out. */
  defaultValue: () => unknown;
  /** The stored copy of an accepted value (mongoose stores copies, never the caller's objects). */
  copy: (value: unknown) => unknown;
}

interface PathType {
  instance: string;
  options: Record<string, unknown>;
  /** A list's element type (mongoose 9 names it `embeddedSchemaType`, earlier versions `caster`). */
  embeddedSchemaType?: { instance: string; options?: Record<string, unknown> };
  caster?: { instance: string; options?: Record<string, unknown> };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

const ofType: Record<Exclude<Instance, 'Array' | 'Mixed'>, (value: unknown) => boolean> = {
  String: (value) => typeof value === 'string',
  // Infinity and NaN are mongoose's to judge (it keeps Infinity, which JSON then stores as null).
  Number: (value) => typeof value === 'number' && Number.isFinite(value),
  Boolean: (value) => typeof value === 'boolean',
};

const jsonCopy = (value: unknown) =>
  typeof value === 'object' && value !== null ? (JSON.parse(JSON.stringify(value)) as unknown) : value;

/** Only values JSON stores as they are: what a Mixed path may hold without mongoose's clone differing. */
function isJsonValue(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (depth > 32) return false;
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  if (!isPlainObject(value)) return false;
  for (const key in value) if (!isJsonValue(value[key], depth + 1)) return false;
  return true;
}

/** The checks of one option on a value of the path's type; null when the option's shape is not one handled here. */
function optionCheck(option: string, setting: unknown): ((value: unknown) => boolean) | null {
  switch (option) {
    case 'enum':
      return Array.isArray(setting) ? (value) => setting.includes(value) : null;
    case 'min':
      return typeof setting === 'number' ? (value) => (value as number) >= setting : null;
    case 'max':
      return typeof setting === 'number' ? (value) => (value as number) <= setting : null;
    case 'minlength':
      return typeof setting === 'number' ? (value) => (value as string).length >= setting : null;
    case 'maxlength':
      return typeof setting === 'number' ? (value) => (value as string).length <= setting : null;
    case 'match':
      // mongoose skips `match` on an empty string: not certain, mongoose decides.
      return setting instanceof RegExp
        ? (value) => value !== '' && new RegExp(setting).test(value as string)
        : null;
    case 'validate':
      return typeof setting === 'function'
        ? (value) => (setting as (v: unknown) => unknown)(value) === true
        : null;
    default:
      return null;
  }
}

function defaultOf(setting: unknown): (() => unknown) | null {
  if (setting === undefined) return () => undefined;
  // mongoose turns `default: []` into `Array` and `default: {}` into a function returning a new {}.
  if (setting === Array) return () => [];
  if (typeof setting === 'function')
    return setting.length === 0 ? () => jsonCopy((setting as () => unknown)()) : null;
  return isJsonValue(setting) ? () => jsonCopy(setting) : null;
}

/** The rule of one top-level path; null when the path uses anything this compiler does not handle. */
function ruleOf(name: string, type: PathType): PathRule | null {
  const options = type.options ?? {};
  const checks: ((value: unknown) => boolean)[] = [];
  for (const [option, setting] of Object.entries(options)) {
    if (INERT_OPTIONS.has(option) || option === 'required' || option === 'default') continue;
    if (!CHECKED_OPTIONS.has(option)) return null;
    const check = optionCheck(option, setting);
    if (!check) return null;
    checks.push(check);
  }
  if (options.required !== undefined && typeof options.required !== 'boolean') return null;
  const required = options.required === true;
  let accepts: (value: unknown) => boolean;
  let copy: (value: unknown) => unknown = (value) => value;
  let defaultValue = defaultOf(options.default);
  if (!defaultValue) return null;
  switch (type.instance as Instance) {
    case Instance.String:
    case Instance.Number:
    case Instance.Boolean: {
      const own = ofType[type.instance as keyof typeof ofType];
      // A required string must not be empty (mongoose's rule).
      const present =
        required && type.instance === Instance.String ? (value: unknown) => value !== '' : () => true;
      accepts = (value) => own(value) && present(value) && checks.every((check) => check(value));
      break;
    }
    case Instance.Mixed:
      if (checks.length) return null;
      accepts = (value) => value !== null && isJsonValue(value);
      copy = jsonCopy;
      break;
    case Instance.Array: {
      const element = type.embeddedSchemaType ?? type.caster;
      if (!element || checks.length) return null;
      const elementOptions = Object.keys(element.options ?? {}).filter(
        (option) => !INERT_OPTIONS.has(option),
      );
      if (elementOptions.length || !(element.instance in ofType)) return null;
      const own = ofType[element.instance as keyof typeof ofType];
      // A required list must not be empty to be certain; mongoose gives a list left out [].
      accepts = (value) => Array.isArray(value) && (!required || value.length > 0) && value.every(own);
      copy = (value) => [...(value as unknown[])];
      if (options.default === undefined) defaultValue = () => [];
      break;
    }
    default:
      return null;
  }
  return { name, accepts, required, nullable: !required && checks.length === 0, defaultValue, copy };
}

/**
 * The fast path for a collection's schema, or null when the schema uses something it does not
 * handle (nested paths, setters, other options): then every write goes to mongoose, as before.
 * Its answers are checked against mongoose's on every collection (`fast-validate.test.ts`).
 */
export function compileFastValidate(schema: StoredSchema): FastValidate | null {
  const rules: PathRule[] = [];
  let unsupported = false;
  schema.eachPath((name, type) => {
    const rule = name.includes('.') ? null : ruleOf(name, type as unknown as PathType);
    if (rule) rules.push(rule);
    else unsupported = true;
  });
  if (unsupported) return null;
  const known = new Set(rules.map((rule) => rule.name));
  return (doc) => {
    if (!isPlainObject(doc)) return undefined;
    // An unknown field is mongoose's refusal to word (strict: 'throw').
    for (const key in doc) if (!known.has(key)) return undefined;
    const stored: Record<string, unknown> = {};
    for (const rule of rules) {
      let value = doc[rule.name];
      if (value === undefined) value = rule.defaultValue();
      if (value === undefined) {
        if (rule.required) return undefined;
        continue;
      }
      if (value === null) {
        if (!rule.nullable) return undefined;
        stored[rule.name] = null;
        continue;
      }
      if (!rule.accepts(value)) return undefined;
      stored[rule.name] = rule.copy(value);
    }
    return stored;
  };
}
