import type { BaseDoc, Collection } from '../storage/port';

/**
 * A repository: the named queries that hold its collection's storage operators, and nothing
 * else, so services ask `repo.claim(...)` and never write `$set`, `$lt` or `findOne({ … })`
 * themselves. The raw collection stays inside the repository file; test support that seeds
 * documents takes it from the storage (`storage.collection(Def)`), never from a repository.
 */
export function repositoryOf<T extends BaseDoc, Q extends object>(_collection: Collection<T>, queries: Q): Q {
  return queries;
}
