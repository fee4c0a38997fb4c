import type { Channel } from '@draw/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { lazyWhenOpen } from '../../../components/app/lazyWhenOpen';
import { userInfoStore } from '../../../stores/userInfo';
import { FeedContext, type FeedActions } from '../feed/FeedContext';
import type { ViewerImage } from '../feed/ImageViewer';
import { MessageList } from '../feed/MessageList';
import { useFeed } from '../feed/useFeed';
import { pickEditorTask, pruneAwaiting, type EditorClose } from '../modals/editorChoice';
import { cancelTask } from '../feed/feedApi';
import { usedGridButtons } from '../feed/taskView';

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

/** Older pages read at most while looking for a task asked for in the address (`?task=`). */
const MAX_PAGES_TO_FIND = 25;

/**
 * `/draw/{channel}?task={id}` (the archive's "open in channel"): loads older pages until the
 * task's card is there, then scrolls to it and flashes it; gives up after a bounded number of pages.
 */
function useJumpFromAddress(feed: ReturnType<typeof useFeed>): void {
  const [params, setParams] = useSearchParams();
  // Task ids are word characters: anything else in the address is not one.
  const asked = params.get('task');
  const wanted = asked && /^[\w-]{1,64}$/.test(asked) ? asked : null;
  const pagesRead = useRef(0);
  const { status, olderStatus, hasMore, tasks } = feed.state;
  useEffect(() => {
    if (!wanted || status !== 'ready' || olderStatus === 'loading') return;
    const done = () => {
      pagesRead.current = 0;
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('task');
        return next;
      }, { replace: true });
    };
    if (tasks[wanted] && document.querySelector(`[data-task-id="${CSS.escape(wanted)}"]`)) {
      jumpToTask(wanted);
      return done();
    }
    if (!hasMore || olderStatus === 'error' || pagesRead.current >= MAX_PAGES_TO_FIND) return done();
    pagesRead.current += 1;
    feed.loadOlder();
  }, [wanted, status, olderStatus, hasMore, tasks, feed, setParams]);
}

/**
 * One channel's feed with its viewer and editors. Mounted keyed by the channel id, so switching
 * channels starts a fresh feed.
 */
export function ChannelFeed({ channel }: { channel: Channel }) {
  const { id: me } = useSnapshot(userInfoStore);
  const feed = useFeed(channel.id);
  useJumpFromAddress(feed);
  const { tasks } = feed.state;
  const { mergeTasks } = feed;
  const [viewer, setViewer] = useState<ViewerImage | null>(null);
  const [requested, setRequested] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState<string[]>([]);

  const editorId = pickEditorTask(tasks, me, requested, awaiting);
  const editorTask = editorId ? tasks[editorId] : undefined;

  // An editor left without submitting is abandoned, as a closed Discord modal is: its task (which
  // no one else has seen) is cancelled and its credits come back.
  const closeEditor = useCallback<EditorClose>(
    (outcome) => {
      setRequested(null);
      setAwaiting((list) => list.filter((id) => id !== editorId));
      if (outcome !== 'submitted' && editorId) {
        void cancelTask(editorId)
          .then((cancelled) => cancelled && mergeTasks([cancelled]))
          .catch(() => undefined);
      }
    },
    [editorId, mergeTasks],
  );

  const used = useMemo(() => usedGridButtons(Object.values(tasks)), [tasks]);
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
      isUsed: (taskId, key) => used.get(taskId)?.has(key) ?? false,
      jumpToTask,
    }),
    [channel, me, tasks, used, feed.mergeTasks, feed.removeMessage],
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
