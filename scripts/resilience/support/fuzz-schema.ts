import fc from 'fast-check';
import type { TSchema } from 'typebox';

/**
 * Valid values of a route's schema (TypeBox's JSON Schema), as fast-check arbitraries: the fuzzer
 * mixes them with hostile ones, so that a hostile field sits next to fields the route accepts.
 * Covers the kinds the route table uses: strings (pattern, length), integers and numbers (bounds),
 * booleans, null, const, enum, unions (`anyOf`, a list of types), arrays (`maxItems`) and objects.
 * Anything else (`Type.Unknown`) is any small JSON value.
 */

/** Valid strings and arrays are kept short: the hostile inputs bring the huge ones. */
const LONGEST_STRING = 40;
const LONGEST_ARRAY = 4;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

export function arbitraryOf(schema: TSchema | undefined): fc.Arbitrary<unknown> {
  const s = (schema ?? {}) as JsonSchema;
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => arbitraryOf(branch as TSchema)));
  // A list of types (the upstream hook's nullable fields): one of them, with the rest of the schema.
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => arbitraryOf({ ...s, type } as TSchema)));
  switch (s.type) {
    case 'string':
      return stringOf(s);
    case 'integer':
      return integerOf(s);
    case 'number':
      return fc.double({
        min: s.minimum ?? -1e9,
        max: s.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(s.items as TSchema | undefined), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? LONGEST_ARRAY, LONGEST_ARRAY)),
      });
    case 'object':
      return objectOf(s);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? LONGEST_STRING, LONGEST_STRING));
  if (s.pattern) {
    const fits = (text: string) => text.length >= minLength && text.length <= (s.maxLength ?? Infinity);
    return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  }
  return fc.string({ unit: 'grapheme', minLength, maxLength });
}

/** fast-check's integers are 32-bit: wider bounds (a time, a seq) also get their ends. */
function integerOf(s: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(s.minimum ?? INT32_MIN, INT32_MIN);
  const max = Math.min(s.maximum ?? INT32_MAX, INT32_MAX);
  const ends = [s.minimum, s.maximum].filter((end): end is number => end !== undefined);
  return ends.length > 0
    ? fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min, max }) },
        { weight: 1, arbitrary: fc.constantFrom(...ends) },
      )
    : fc.integer({ min, max });
}

function objectOf(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(
    Object.entries(s.properties ?? {}).map(([name, property]) => [name, arbitraryOf(property as TSchema)]),
  );
  return fc.record(model, { requiredKeys: (s.required ?? []).filter((name) => name in model) });
}

/**
 * The fields of an object schema, or of each object of a union of them (a body that may take one
 * of several shapes): name → schema. Null when the schema is no object with named fields.
 */
export function fieldsOf(schema: TSchema | undefined): Record<string, TSchema> | null {
  if (!schema) return null;
  const s = schema as JsonSchema;
  const objects = (s.anyOf ?? s.oneOf ?? [s]).filter(
    (branch) => branch.properties && Object.keys(branch.properties).length > 0,
  );
  if (objects.length === 0) return null;
  return Object.assign({}, ...objects.map((branch) => branch.properties)) as Record<string, TSchema>;
}
