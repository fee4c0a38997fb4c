import type { LeaveReason } from '@draw/machines';
import type { Channel, ChannelEvent } from '@draw/shared';
import { useEffect, useEffectEvent } from 'react';
import { useSnapshot } from 'valtio';
import { channelsStore, type ChannelListStatus } from '../stores/channels';
import { chatStore, currentChannelOf } from '../stores/chat';
import { liveBus } from './bus';
import { liveStore, type LiveStatus } from './connection';

/** The tab's connection status: idle | connecting | live | reconnecting | offline | refused. */
export function useLiveStatus(): LiveStatus {
  return useSnapshot(liveStore).status;
}

/** The user's channels and whether they are loaded (`channelsStore`, the one list). */
export function useChannelList(): { items: readonly Channel[]; status: ChannelListStatus } {
  const { items, status } = useSnapshot(channelsStore);
  return { items: items as readonly Channel[], status };
}

/** The channel on screen, as the list has it now (renamed, muted…), or null. */
export function useCurrentChannel(): Channel | null {
  const { items } = useSnapshot(channelsStore);
  const chat = useSnapshot(chatStore);
  return currentChannelOf(items as readonly Channel[], chat);
}

/**
 * Calls `handler` for every APPLIED event of `channelId`: in seq order, exactly once, starting
 * right after the REST load that `useFeedReload` asked for. `null`: listens to nothing.
 * The handler may change between renders; the latest one is called.
 */
export function useChannelEvents(channelId: string | null, handler: (event: ChannelEvent) => void): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    if (!channelId) return;
    return liveBus.on('apply', (event) => {
      if (event.channelId === channelId) onEvent(event);
    });
  }, [channelId]);
}

/**
 * Calls `handler` when the view must (re)load `channelId` over REST: after the first subscribe,
 * after a resync, and when a gap could not be filled. Load then, and merge the events that
 * `useChannelEvents` delivers afterwards by id. If the reload was asked for before this hook
 * subscribed (the view mounted late), the handler runs once right away.
 */
export function useFeedReload(channelId: string | null, handler: () => void): void {
  const onReload = useEffectEvent(handler);
  useEffect(() => {
    if (!channelId) return;
    const off = liveBus.on('reload', (request) => {
      if (request.channelId === channelId) onReload();
    });
    if (liveBus.wasReloaded(channelId)) onReload();
    return off;
  }, [channelId]);
}

/**
 * Calls `handler` when the user loses a channel: `deleted` (its creator deleted it), `removed`
 * (the creator removed the user), `left` (the user quit or deleted it, here or in another tab),
 * `denied` (the server refused the subscription). The channel is already out of the list, and if
 * it was the open one another channel is already being selected. `title` is its last known title.
 */
export function useChannelLeft(handler: (channelId: string, reason: LeaveReason, title: string | null) => void): void {
  const onLeft = useEffectEvent(handler);
  useEffect(() => liveBus.on('left', ({ channelId, reason, title }) => onLeft(channelId, reason, title)), []);
}
