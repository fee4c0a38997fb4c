import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { getLiveConnection } from '../../../live/connection';

/** Images an admin hid (or showed again) while this page was open, by task id (`image:hidden`). */
export const hiddenImagesStore = proxy<{ hidden: Record<string, boolean> }>({ hidden: {} });

let listening = false;
function listenOnce(): void {
  if (listening) return;
  listening = true;
  getLiveConnection().listen({
    imageHidden: ({ taskId, hidden }) => void (hiddenImagesStore.hidden[taskId] = hidden),
  });
}

/** Whether an admin hid this task's image since the page loaded (a reload no longer lists it). */
export function useImageHidden(taskId: string): boolean {
  const { hidden } = useSnapshot(hiddenImagesStore);
  useEffect(listenOnce, []);
  return hidden[taskId] === true;
}
