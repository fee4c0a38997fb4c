import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api';
import { call } from '../../../lib/http';
import { setTitleView } from '../../../lib/pageTitle';
import { getLiveConnection } from '../../../live/connection';
import { useChannelEvents, useChannelList, useCurrentChannel } from '../../../live/hooks';
import {
  applyActivity,
  applyNotify,
  applyRead,
  noteSeq,
  resetUnread,
  setChannelUnread,
  setUnread,
  totalUnread,
  unreadStore,
} from '../../../stores/unread';
import { isNearBottom } from '../feed/scroll';

/** A channel on screen is read after this long at the bottom of its feed, so a burst is one request. */
export const MARK_READ_DELAY_MS = 500;
/** Coming back to the tab reloads the counts, at most this often. */
const FOCUS_MIN_GAP_MS = 5_000;

/** Reloads every count from the server (GET /api/reads); a failure keeps the counts shown. */
export async function refreshUnread(): Promise<void> {
  try {
    setUnread(await call(api.reads.list));
  } catch {
    // Already shown by the client if it was a refusal; the next focus or reconnect tries again.
  }
}

async function markRead(channelId: string, seq: number): Promise<void> {
  try {
    setChannelUnread(await call(api.reads.mark, { params: { channelId }, body: seq > 0 ? { seq } : {} }));
  } catch {
    // As above: the badge stays, and reading again retries.
  }
}

const tabIsOnScreen = () => document.visibilityState === 'visible' && document.hasFocus();

/**
 * Whether the person is reading the open channel: the window focused and the feed scrolled to its
 * bottom. The feed is found by its test id (its own scroll state is private to MessageList); a
 * newly opened channel starts at the bottom, as the feed does.
 */
function useReading(channelId: string | null): boolean {
  const [onScreen, setOnScreen] = useState(tabIsOnScreen);
  const [atBottom, setAtBottom] = useState(true);
  const [shownChannel, setShownChannel] = useState(channelId);
  if (shownChannel !== channelId) {
    setShownChannel(channelId);
    setAtBottom(true);
  }
  useEffect(() => {
    const update = () => setOnScreen(tabIsOnScreen());
    const onScroll = (event: Event) => {
      const box = event.target;
      if (box instanceof HTMLElement && box.dataset.testid === 'message-list') setAtBottom(isNearBottom(box));
    };
    window.addEventListener('focus', update);
    window.addEventListener('blur', update);
    document.addEventListener('visibilitychange', update);
    document.addEventListener('scroll', onScroll, true);
    return () => {
      window.removeEventListener('focus', update);
      window.removeEventListener('blur', update);
      document.removeEventListener('visibilitychange', update);
      document.removeEventListener('scroll', onScroll, true);
    };
  }, []);
  return onScreen && atBottom;
}

/**
 * Unread marks on the drawing screen: loads the counts, moves them on with the live notices
 * (`unread:activity` for any channel, `unread:read` from the person's other devices), marks the
 * open channel read while the person reads it, and puts the total in the page title.
 */
export function useUnreadSync(): void {
  const { t } = useTranslation();
  const channel = useCurrentChannel();
  const { items } = useChannelList();
  const { byChannel } = useSnapshot(unreadStore);
  const channelId = channel?.id ?? null;
  const reading = useReading(channelId);
  const listed = items.map((item) => item.id);
  const listKey = listed.join(',');

  useEffect(() => {
    if (listKey) void refreshUnread();
  }, [listKey]);

  useEffect(() => {
    let last = Date.now();
    const onFocus = () => {
      if (!tabIsOnScreen() || Date.now() - last < FOCUS_MIN_GAP_MS) return;
      last = Date.now();
      void refreshUnread();
    };
    window.addEventListener('focus', onFocus);
    const stop = getLiveConnection().listen({
      // Notices are not replayed: what happened while the socket was down comes from the server.
      connected: () => void refreshUnread(),
      unreadActivity: applyActivity,
      unreadRead: (mark) => {
        if (!applyRead(mark)) void refreshUnread();
      },
      unreadNotify: applyNotify,
    });
    return () => {
      window.removeEventListener('focus', onFocus);
      stop();
    };
  }, []);

  useChannelEvents(channelId, (event) => noteSeq(event.channelId, event.seq));

  const open = channelId ? byChannel[channelId] : undefined;
  const markChannel = reading && open && (open.unread > 0 || open.mentions > 0) ? channelId : null;
  const markSeq = open?.seq ?? 0;
  useEffect(() => {
    if (!markChannel) return;
    const timer = window.setTimeout(() => void markRead(markChannel, markSeq), MARK_READ_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [markChannel, markSeq]);

  // The channel being read is about to be marked: it does not blink into the title meanwhile.
  const total = totalUnread(byChannel, reading ? listed.filter((id) => id !== channelId) : listed);
  const title = channel?.title ?? null;
  useEffect(() => {
    if (title === null) return setTitleView(null);
    setTitleView((app) =>
      total > 0
        ? t('unread.pageTitle', { count: total, channel: title, app })
        : t('unread.pageTitleRead', { channel: title, app }),
    );
  }, [t, title, total]);
  // Leaving the screen (the archive, a sign-out): the counts are loaded afresh on the way back, for whoever is signed in then.
  useEffect(
    () => () => {
      setTitleView(null);
      resetUnread();
    },
    [],
  );
}
