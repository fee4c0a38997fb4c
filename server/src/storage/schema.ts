import { Schema, type Model } from 'mongoose';
import { describeValidation, invalidDocumentError } from './errors';
import { compileFastValidate, type FastValidate } from './fast-validate';
import type { BaseDoc } from './port';

/**
 * Every stored document uses string ids we generate and epoch-millisecond numbers for times, so
 * both adapters hold the same values. Unknown fields are an error, not silently dropped.
 */
export type StoredSchema = Schema<Record<string, unknown>>;

/** Explicit generics keep mongoose from inferring document types: our types live in the repositories. */
export function documentSchema(definition: Record<string, unknown>): StoredSchema {
  return new Schema<Record<string, unknown>>(
    { _id: { type: String, required: true }, ...definition },
    { versionKey: false, strict: 'throw', minimize: false, _id: false },
  );
}

type Mixed = typeof Schema.Types.Mixed;
/** The mongoose `type` a field of this TypeScript type is stored with: its own, or Mixed (objects, unions). */
type StoredType<V> = [V] extends [string]
  ? StringConstructor | Mixed
  : [V] extends [number]
    ? NumberConstructor | Mixed
    : [V] extends [boolean]
      ? BooleanConstructor | Mixed
      : [V] extends [readonly (infer E)[]]
        ? StoredType<E>[] | Mixed
        : Mixed;

/**
 * A collection's mongoose fields checked against its document type, which derives from the shared
 * entity (`TaskDoc` from the route table's `Task`, `OrderDoc` from its `Order`) or is declared
 * beside it in its repository: every field of the
 * document is declared, nothing else is, and each with a `type` its TypeScript type allows. Written
 * `documentSchema({ … } satisfies StoredFields<TaskDoc>)`, so a field added to the entity and not
 * to its collection fails the typecheck instead of a write (`strict: 'throw'`). A field that may be
 * null is stored with its own type (every mongoose type takes null).
 */
export type StoredFields<T extends BaseDoc> = {
  readonly [K in Exclude<keyof T, '_id'>]-?: { type: StoredType<Exclude<T[K], undefined | null>> } & Record<
    string,
    unknown
  >;
};

const fastPaths = new WeakMap<StoredSchema, FastValidate | null>();

/** The schema's fast path, compiled the first time it is asked for. */
function fastPathOf(schema: StoredSchema): FastValidate | null {
  let fast = fastPaths.get(schema);
  if (fast === undefined) {
    fast = compileFastValidate(schema);
    fastPaths.set(schema, fast);
  }
  return fast;
}

/**
 * Validates and casts a whole document with its collection's model: both adapters write only
 * documents that pass. A document the fast path is certain of skips building a mongoose document
 * (a quarter of a submit's CPU went there); anything else is mongoose's to cast or refuse.
 */
export function validateDocument(
  model: Model<Record<string, unknown>>,
  doc: unknown,
): Promise<Record<string, unknown>> {
  const stored = checkedAtOnce(model, doc);
  return stored ? Promise.resolve(stored) : validateWithMongoose(model, doc);
}

/** The stored document when the fast path is certain of it (no await: a write keeps its place in line), else undefined. */
export function checkedAtOnce(
  model: Model<Record<string, unknown>>,
  doc: unknown,
): Record<string, unknown> | undefined {
  return fastPathOf(model.schema as StoredSchema)?.(doc);
}

/** mongoose's own answer: a document built, validated and turned back into a plain object. */
export async function validateWithMongoose(
  model: Model<Record<string, unknown>>,
  doc: unknown,
): Promise<Record<string, unknown>> {
  try {
    const instance = new model(doc);
    await instance.validate();
    return instance.toObject({ versionKey: false }) as Record<string, unknown>;
  } catch (error) {
    throw invalidDocumentError(describeValidation(error));
  }
}
