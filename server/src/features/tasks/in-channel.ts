import type { Task } from '@draw/shared';
import { toTask, type TasksRepository } from './repository';

/**
 * The public tasks of a channel among `ids` (private ones left out): what a page of messages
 * shows (without images an admin hid). Built from the tasks' repository alone, so the messages feature reads tasks without
 * depending on the tasks service (which posts messages: the two would need each other).
 */
export const tasksInChannel =
  (repo: Pick<TasksRepository, 'inChannel'>, hidden?: () => Promise<ReadonlySet<string>>) =>
  async (channelId: string, ids: string[]): Promise<Task[]> => {
    // Images an admin hid (moderation) are gone from every feed.
    const gone = (await hidden?.()) ?? new Set<string>();
    return (await repo.inChannel(channelId, ids))
      .filter((doc) => !doc.private && !gone.has(doc._id))
      .map(toTask);
  };
