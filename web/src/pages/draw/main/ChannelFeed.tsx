import type { Channel, Task } from '@draw/shared';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { lazyWhenOpen } from '../../../components/app/lazyWhenOpen';
import { sendToChannelSession } from '../../../live/channelSession';
import { useChannelEvents, useFeedReload } from '../../../live/hooks';
import { userInfoStore } from '../../../stores/userInfo';
import { FeedContext, type FeedActions } from '../feed/FeedContext';
import type { ViewerImage } from '../feed/ImageViewer';
import { MessageList } from '../feed/MessageList';
import { pickEditorTask, pruneAwaiting, type EditorClose } from '../modals/editorChoice';
import { cancelTask, fetchPage, fetchTasks } from '../feed/feedApi';
import {
  feedItems,
  feedReducer,
  initialFeedState,
  missingTaskIds,
  oldestCreatedAt,
  type FeedItem,
  type FeedState,
} from '../feed/feedState';
import { onMessageSent } from '../feed/outbox';
import { usedGridButtons } from '../feed/taskView';
import { refreshCredits } from '../credits/creditsStore';
import { firstPageIfIn, takeFirstPage } from '../firstScreen';
import { jumpToTask, useJumpFromAddress } from './useJumpFromAddress';

// Opened on demand (a picture clicked, an editor task): their code loads then, not with the feed.
const ImageViewer = lazyWhenOpen(
  async () => (await import('../feed/ImageViewer')).ImageViewer,
  (p) => p.image !== null,
);
const TaskEditor = lazyWhenOpen(
  async () => (await import('../modals/TaskEditor')).TaskEditor,
  () => true,
);

/** If the live core has not asked for a load by then (no connection yet), load anyway. */
const FALLBACK_LOAD_MS = 2500;

export interface Feed {
  state: FeedState;
  items: FeedItem[];
  loadOlder: () => void;
  reload: () => void;
  /** Task states learnt outside the feed (fetch, cancel): merged forward-only. */
  mergeTasks: (tasks: readonly Task[]) => void;
  removeMessage: (messageId: string) => void;
}

/**
 * One channel's feed: REST pages (when the live core asks, and older pages on demand) merged
 * with the live events. Mount it keyed by the channel id: a new channel starts a new feed.
 */
function useFeed(channelId: string): Feed {
  // The first screen's page, when it came before the feed mounted: shown by the first render,
  // without a render of an empty feed and another of the page.
  const [shownAtStart] = useState(() => firstPageIfIn(channelId));
  const [state, dispatch] = useReducer(feedReducer, shownAtStart, (page) =>
    page
      ? feedReducer(initialFeedState(channelId), { type: 'latestLoaded', channelId, page })
      : initialFeedState(channelId),
  );
  const latestRequest = useRef(0);
  const olderBusy = useRef(false);
  const requestedTasks = useRef(new Set<string>());

  const reload = useCallback(() => {
    const request = ++latestRequest.current;
    dispatch({ type: 'latestStarted', channelId });
    fetchPage(channelId)
      .then((page) => {
        // An older request answering late changes nothing: the newer one is on its way.
        if (request !== latestRequest.current) return;
        dispatch(page ? { type: 'latestLoaded', channelId, page } : { type: 'latestFailed', channelId });
      })
      .catch(() => {
        if (request === latestRequest.current) dispatch({ type: 'latestFailed', channelId });
      });
  }, [channelId]);

  // The page the first screen asked for with the socket (firstScreen.ts): shown as soon as it is
  // in, and the session goes on from its seq rather than asking for a reload after subscribing.
  // Before `useFeedReload`, so a reload asked for already (a subscription answered first) wins.
  useEffect(() => {
    const shownIsFirst = shownAtStart !== null && firstPageIfIn(channelId) === shownAtStart;
    const first = takeFirstPage(channelId);
    if (!first) return;
    const request = ++latestRequest.current;
    if (shownIsFirst) {
      sendToChannelSession({ type: 'feed.loaded', channelId, seq: shownAtStart.seq });
      return;
    }
    dispatch({ type: 'latestStarted', channelId });
    void first.then((page) => {
      if (request !== latestRequest.current) return;
      if (!page) {
        reload();
        return;
      }
      dispatch({ type: 'latestLoaded', channelId, page });
      sendToChannelSession({ type: 'feed.loaded', channelId, seq: page.seq });
    });
  }, [channelId, reload, shownAtStart]);

  useFeedReload(channelId, reload);
  useChannelEvents(channelId, (event) => dispatch({ type: 'event', event }));
  // This tab's own sends: shown from the answer at once (also while the live link is down).
  useEffect(
    () =>
      onMessageSent((message) => dispatch({ type: 'messageSent', channelId: message.channelId, message })),
    [],
  );

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (latestRequest.current === 0) reload();
    }, FALLBACK_LOAD_MS);
    return () => window.clearTimeout(timer);
  }, [reload]);

  const before = oldestCreatedAt(state);
  const canLoadOlder = state.status === 'ready' && state.hasMore && before !== null;
  const loadOlder = useCallback(() => {
    if (!canLoadOlder || olderBusy.current || before === null) return;
    olderBusy.current = true;
    dispatch({ type: 'olderStarted', channelId });
    fetchPage(channelId, before)
      .then((page) =>
        dispatch(page ? { type: 'olderLoaded', channelId, page } : { type: 'olderFailed', channelId }),
      )
      .catch(() => dispatch({ type: 'olderFailed', channelId }))
      .finally(() => {
        olderBusy.current = false;
      });
  }, [before, canLoadOlder, channelId]);

  // Task messages whose task we have not seen (a page without it, a lost task.created).
  const missingKey = missingTaskIds(state).join(',');
  useEffect(() => {
    const ids = missingKey ? missingKey.split(',').filter((id) => !requestedTasks.current.has(id)) : [];
    if (ids.length === 0) return;
    ids.forEach((id) => requestedTasks.current.add(id));
    fetchTasks(channelId, ids)
      .then((tasks) => dispatch({ type: 'tasksFetched', channelId, tasks }))
      .catch(() => ids.forEach((id) => requestedTasks.current.delete(id)));
  }, [channelId, missingKey]);

  const mergeTasks = useCallback(
    (tasks: readonly Task[]) => dispatch({ type: 'tasksFetched', channelId, tasks }),
    [channelId],
  );
  const removeMessage = useCallback(
    (messageId: string) => dispatch({ type: 'messageRemoved', channelId, messageId }),
    [channelId],
  );

  const { order, messages, tasks } = state;
  const items = useMemo(() => feedItems({ order, messages, tasks }), [order, messages, tasks]);

  return { state, items, loadOlder, reload, mergeTasks, removeMessage };
}

/**
 * One channel's feed (`useFeed` above, its only user) with its viewer and editors. Mounted keyed
 * by the channel id, so switching channels starts a fresh feed.
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
          .then((cancelled) => {
            if (cancelled) mergeTasks([cancelled]);
            // The server refunded before it answered; a modal task's cancel may reach no live event.
            void refreshCredits();
          })
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
        <TaskEditor
          key={editorTask.id}
          task={editorTask}
          parent={editorTask.parentId ? tasks[editorTask.parentId] : undefined}
          onClose={closeEditor}
        />
      )}
    </FeedContext.Provider>
  );
}
