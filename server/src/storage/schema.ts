import { Schema, type Model } from 'mongoose';
import { describeValidation, invalidDocumentError } from './errors';

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

/** Validates and casts a whole document with its collection's model: both adapters write only documents that pass. */
export async function validateDocument(
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
