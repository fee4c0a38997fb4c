import type { Channel } from '@draw/shared';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { sendToChannelSession, startChannelSession, stopChannelSession } from '../../live/channelSession';
import { liveBus, useChannelList, useCurrentChannel } from '../../live/hooks';
import { fetchChannels } from '../../stores/channels';
import { userInfoStore } from '../../stores/userInfo';
import { takeFirstChannels } from './firstScreen';

/** The list the first screen asked for already (firstScreen.ts) the first time, then a new call. */
const loadChannelList = () => takeFirstChannels() ?? fetchChannels();

/**
 * Spec §4 channel selection, run by the channel session (live/channelSession.ts): the list is
 * fetched on load; the channel is the route's uuid when it matches, otherwise the first one.
 * Selecting a channel clears the messages and goes to /draw/{id}. The session also keeps the list
 * live (renames, mute, members, deletions) and moves on when the open channel is lost.
 */
export function useChannelSelection() {
  const { uuid } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { items, status } = useChannelList();
  const current = useCurrentChannel();
  // Spec §3's current channel: uuid (the id) and title, as the list has them now.
  const currentChannel = useMemo(
    () => (current ? { uuid: current.id, title: current.title } : null),
    [current],
  );
  const { id: userId } = useSnapshot(userInfoStore);
  const routeUuid = uuid ?? null;
  /** The channel the user just clicked: its navigation is a new history entry. */
  const clicked = useRef<string | null>(null);

  const atStart = useEffectEvent(() => ({ userId, routeUuid }));
  const onSelected = useEffectEvent((channelId: string | null) => {
    const byUser = channelId !== null && clicked.current === channelId;
    clicked.current = null;
    // Nothing left to show (the last channel quit, deleted or removed): the address leaves the
    // old channel too, so a reload or a shared link does not name it.
    const target = channelId ? `/draw/${channelId}` : '/draw';
    if (pathname !== target) void navigate(target, { replace: !byUser });
  });

  // One session per screen: on a cold load the user id comes with the session answer after the
  // start, and restarting then would load the list and subscribe twice; it is handed in instead.
  useEffect(() => {
    const off = liveBus.on('selected', ({ channelId }) => onSelected(channelId));
    const session = startChannelSession({ ...atStart(), fetchChannels: loadChannelList });
    return () => {
      off();
      stopChannelSession(session);
    };
  }, []);

  useEffect(() => {
    sendToChannelSession({ type: 'user.changed', userId });
  }, [userId]);

  useEffect(() => {
    sendToChannelSession({ type: 'route.changed', uuid: routeUuid });
  }, [routeUuid]);

  const selectChannel = useCallback((channel: Pick<Channel, 'id' | 'title'>) => {
    clicked.current = channel.id;
    sendToChannelSession({ type: 'channel.select', id: channel.id });
  }, []);

  return { channels: items, status, currentChannel, selectChannel };
}
