import type { Task } from '@draw/shared';
import { toTask, type TasksRepository } from './repository';

/**
 * The public tasks of a channel among `ids` (private ones left out): what a page of messages
 * shows. Built from the tasks' repository alone, so the messages feature reads tasks without
 * depending on the tasks service (which posts messages: the two would need each other).
 */
export const tasksInChannel =
  (repo: Pick<TasksRepository, 'inChannel'>) =>
  async (channelId: string, ids: string[]): Promise<Task[]> =>
    (await repo.inChannel(channelId, ids)).filter((doc) => !doc.private).map(toTask);
