import type { BaseDoc, Collection, CollectionDef, Storage } from '../../src/storage/port';

const METHODS = [
  'insertOne',
  'insertMany',
  'findOne',
  'find',
  'count',
  'valuesOf',
  'fieldsOf',
  'countBy',
  'findOneAndUpdate',
  'updateOne',
  'updateMany',
  'deleteOne',
  'deleteMany',
] as const satisfies readonly (keyof Collection<BaseDoc>)[];

type Method = (...args: unknown[]) => unknown;

/**
 * Counts the calls made on some collections, through whichever repository makes them (the storage
 * hands out one collection per name, which every repository delegates to): for tests that prove a
 * request's work does not grow with a person's history. A method the adapter builds on another
 * (`updateOne` on `findOneAndUpdate`) counts both.
 */
export function countCalls(storage: Storage, defs: readonly CollectionDef<BaseDoc>[]) {
  const counts = new Map<string, number>();
  const restores: (() => void)[] = [];
  for (const def of defs) {
    const collection = storage.collection(def) as unknown as Record<string, Method>;
    for (const name of METHODS) {
      const original = collection[name]!;
      const own = Object.prototype.hasOwnProperty.call(collection, name);
      collection[name] = function counted(this: unknown, ...args: unknown[]) {
        counts.set(def.name, (counts.get(def.name) ?? 0) + 1);
        return original.apply(this, args);
      };
      restores.push(() => {
        if (own) collection[name] = original;
        else delete collection[name];
      });
    }
  }
  return {
    /** Calls on this collection since the last `reset`. */
    of: (def: CollectionDef<BaseDoc>) => counts.get(def.name) ?? 0,
    /** Calls on each collection since the last `reset`, by name (those with none left out). */
    all: () => Object.fromEntries(counts),
    reset: () => counts.clear(),
    /** Puts the collections' own methods back. */
    restore: () => restores.splice(0).forEach((restore) => restore()),
  };
}

/** Counts the calls `work` makes on these collections. */
export async function callsDuring(
  storage: Storage,
  defs: readonly CollectionDef<BaseDoc>[],
  work: () => Promise<unknown>,
): Promise<Record<string, number>> {
  const counter = countCalls(storage, defs);
  try {
    await work();
    return counter.all();
  } finally {
    counter.restore();
  }
}
