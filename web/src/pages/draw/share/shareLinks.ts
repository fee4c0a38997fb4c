import { useSyncExternalStore } from 'react';
import type { Channel, Task } from '@draw/shared';
import { createShareLink, stopShareLink } from './shareApi';

/**
 * The public links this tab made or stopped, by task: the image menu and the image view show the
 * same link, and "Stop sharing" in one is seen in the other.
 */
const links = new Map<string, string>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Whether this person may make a result's public link: its author, or any member where the creator allows it. */
export const canShare = (task: Pick<Task, 'userId'>, me: string, channel: Pick<Channel, 'membersMayShare'>) =>
  task.userId === me || channel.membersMayShare === true;

export async function shareTask(taskId: string): Promise<string> {
  const url = await createShareLink(taskId);
  links.set(taskId, url);
  changed();
  return url;
}

export async function stopSharing(taskId: string): Promise<void> {
  await stopShareLink(taskId);
  links.delete(taskId);
  changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The link this tab knows for the task, live. */
export const useShareLink = (taskId: string): string | null =>
  useSyncExternalStore(subscribe, () => links.get(taskId) ?? null);
