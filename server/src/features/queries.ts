import type { BaseDoc, Collection } from '../storage/port';

/**
 * A repository: its collection's operations beside the named queries that hold its storage
 * operators, so services ask `repo.claim(...)` and never write `$set` or `$lt` themselves. The
 * collection is shared (the storage hands out one per name), so it is delegated to, not changed.
 */
export function repositoryOf<T extends BaseDoc, Q extends object>(
  collection: Collection<T>,
  queries: Q,
): Collection<T> & Q {
  const c = collection;
  return {
    name: c.name,
    insertOne: (doc) => c.insertOne(doc),
    insertMany: (docs) => c.insertMany(docs),
    findOne: (filter, options) => c.findOne(filter, options),
    find: (filter, options) => c.find(filter, options),
    count: (filter) => c.count(filter),
    valuesOf: (filter, field, options) => c.valuesOf(filter, field, options),
    fieldsOf: (filter, fields, options) => c.fieldsOf(filter, fields, options),
    countBy: (filter, field) => c.countBy(filter, field),
    findOneAndUpdate: (filter, update, options) => c.findOneAndUpdate(filter, update, options),
    updateOne: (filter, update) => c.updateOne(filter, update),
    updateMany: (filter, update) => c.updateMany(filter, update),
    deleteOne: (filter) => c.deleteOne(filter),
    deleteMany: (filter) => c.deleteMany(filter),
    ...queries,
  };
}
