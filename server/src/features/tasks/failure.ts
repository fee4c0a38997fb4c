import type { TaskFailure, TaskProperties } from '@draw/shared';
import { failureText } from '../../engines/failures';
import type { TaskStore } from './store';

/**
 * What a task that failed (or that the engine cancelled) stores of why: the code and its
 * parameters among its properties, read by the web in the reader's language, and their English
 * words as `failReason` for API clients. A task that ended waits in no queue.
 */
export async function failureFields(
  store: Pick<TaskStore, 'get'>,
  id: string,
  failure: TaskFailure,
): Promise<{ failReason: string; properties: TaskProperties }> {
  const { queuePosition: _queued, ...properties } = (await store.get(id))?.properties ?? {};
  return { failReason: failureText(failure, 'en-US'), properties: { ...properties, failure } };
}
