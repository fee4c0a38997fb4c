import type { Channel } from '@draw/shared';
import { useCallback, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { channelsStore, loadChannels, pickChannel } from '../../stores/channels';
import { chatStore, setCurrentChannel } from '../../stores/chat';

/**
 * Spec §4 channel selection: the list is fetched on load; the channel is the route's uuid when it
 * matches, otherwise the first one. Selecting a channel clears the messages and goes to /draw/{id}.
 */
export function useChannelSelection() {
  const { uuid } = useParams();
  const navigate = useNavigate();
  const { items, status } = useSnapshot(channelsStore);
  const { currentChannel } = useSnapshot(chatStore);

  useEffect(() => {
    void loadChannels();
  }, []);

  useEffect(() => {
    if (status !== 'ready') return;
    const channel = pickChannel(items, uuid);
    setCurrentChannel(channel ? { uuid: channel.id, title: channel.title } : null);
  }, [items, status, uuid]);

  const selectChannel = useCallback(
    (channel: Pick<Channel, 'id' | 'title'>) => {
      setCurrentChannel({ uuid: channel.id, title: channel.title });
      navigate(`/draw/${channel.id}`);
    },
    [navigate],
  );

  return { channels: items as readonly Channel[], status, currentChannel, selectChannel };
}
