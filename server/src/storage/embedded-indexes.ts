import type { IndexDefinition, IndexOptions } from 'mongoose';

/** What mongoose's `schema.indexes()` lists: the fields of each index and its options. */
type SchemaIndex = readonly [IndexDefinition, IndexOptions?];

export interface EmbeddedIndex {
  fieldName: string | string[];
  unique: boolean;
  sparse: boolean;
}

/**
 * The NeDB indexes for a schema's indexes. MongoDB answers a query on a compound index's leading
 * field (`{ channelId }`, `{ channelId, seq: { $gt } }`) from that index; NeDB uses a compound index
 * only when every one of its fields is matched exactly and otherwise scans the whole collection.
 * So each compound index's leading field also gets an index of its own, unless the schema has one.
 */
export function embeddedIndexesOf(indexes: readonly SchemaIndex[]): EmbeddedIndex[] {
  const declared: EmbeddedIndex[] = indexes.map(([fields, options]) => {
    const names = Object.keys(fields);
    return { fieldName: names.length === 1 ? names[0]! : names, unique: Boolean(options?.unique), sparse: Boolean(options?.sparse) };
  });
  const singleFields = new Set(declared.flatMap((index) => (typeof index.fieldName === 'string' ? [index.fieldName] : [])));
  const prefixes = new Set<string>();
  for (const { fieldName } of declared) {
    if (Array.isArray(fieldName) && !singleFields.has(fieldName[0]!)) prefixes.add(fieldName[0]!);
  }
  return [...declared, ...[...prefixes].map((fieldName) => ({ fieldName, unique: false, sparse: false }))];
}
