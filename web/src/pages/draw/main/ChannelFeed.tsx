import type { Channel } from '@draw/shared';
import { useCallback, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { lazyWhenOpen } from '../../../components/app/lazyWhenOpen';
import { userInfoStore } from '../../../stores/userInfo';
import { FeedContext, type FeedActions } from '../feed/FeedContext';
import type { ViewerImage } from '../feed/ImageViewer';
import { MessageList } from '../feed/MessageList';
import { useFeed } from '../feed/useFeed';
import { pickEditorTask, pruneAwaiting } from '../modals/editorChoice';

// Opened on demand (a picture clicked, an editor task): their code loads then, not with the feed.
const ImageViewer = lazyWhenOpen(async () => (await import('../feed/ImageViewer')).ImageViewer, (p) => p.image !== null);
const TaskEditor = lazyWhenOpen(async () => (await import('../modals/TaskEditor')).TaskEditor, () => true);

const HIGHLIGHT_MS = 1600;

/** Scrolls a task's card into view and flashes it. */
function jumpToTask(taskId: string): void {
  const element = document.querySelector<HTMLElement>(`[data-task-id="${CSS.escape(taskId)}"]`);
  if (!element) return;
  element.scrollIntoView({ behavior: 'smooth', block: 'center' });
  element.classList.add('bg-warning/10');
  window.setTimeout(() => element.classList.remove('bg-warning/10'), HIGHLIGHT_MS);
}

/**
 * One channel's feed with its viewer and editors. Mounted keyed by the channel id, so switching
 * channels starts a fresh feed.
 */
export function ChannelFeed({ channel }: { channel: Channel }) {
  const { id: me } = useSnapshot(userInfoStore);
  const feed = useFeed(channel.id);
  const { tasks } = feed.state;
  const [viewer, setViewer] = useState<ViewerImage | null>(null);
  const [requested, setRequested] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState<string[]>([]);

  const editorId = pickEditorTask(tasks, me, requested, awaiting);
  const editorTask = editorId ? tasks[editorId] : undefined;

  const closeEditor = useCallback(() => {
    setRequested(null);
    setAwaiting((list) => list.filter((id) => id !== editorId));
  }, [editorId]);

  const actions = useMemo<FeedActions>(
    () => ({
      channel,
      me,
      openViewer: setViewer,
      openEditor: setRequested,
      expectEditor: (taskId) => setAwaiting((list) => [...pruneAwaiting(tasks, list), taskId]),
      mergeTasks: feed.mergeTasks,
      removeMessage: feed.removeMessage,
      taskById: (taskId) => tasks[taskId],
      jumpToTask,
    }),
    [channel, me, tasks, feed.mergeTasks, feed.removeMessage],
  );

  return (
    <FeedContext.Provider value={actions}>
      <MessageList feed={feed} channelTitle={channel.title} me={me} isCreator={channel.isCreator} />
      <ImageViewer image={viewer} onClose={() => setViewer(null)} />
      {editorTask && (
        <TaskEditor key={editorTask.id} task={editorTask} parent={editorTask.parentId ? tasks[editorTask.parentId] : undefined} onClose={closeEditor} />
      )}
    </FeedContext.Provider>
  );
}
