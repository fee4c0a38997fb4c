import type { LeaveReason } from '@draw/machines';
import type { Channel, ChannelEvent } from '@draw/shared';
import { useEffect, useEffectEvent } from 'react';
import { useSnapshot } from 'valtio';
import { channelsStore, type ChannelListStatus } from '../stores/channels';
import { chatStore, currentChannelOf } from '../stores/chat';
import { liveStore, type LiveStatus } from './connection';

/**
 * Where the channel session's output reaches the views: the session (channelSession.ts)
 * re-emits the machine's emitted events onto the tab's one bus, and the hooks below listen here.
 */
export interface LiveBusEvents {
  /** An applied event of the feed: exactly once, in seq order. */
  apply: ChannelEvent;
  /** Load this channel over REST now (first subscribe, resync, a gap the log could not fill). */
  reload: { channelId: string };
  /** The user lost this channel (deleted, removed, left, denied); it is already out of the list. */
  left: { channelId: string; reason: LeaveReason; title: string | null };
  /** The session selected this channel (`null`: nothing to show). */
  selected: { channelId: string | null };
}

export type LiveBusEventName = keyof LiveBusEvents;
type Handler<K extends LiveBusEventName> = (payload: LiveBusEvents[K]) => void;

export class LiveBus {
  private readonly handlers: { [K in LiveBusEventName]: Set<Handler<K>> } = {
    apply: new Set(),
    reload: new Set(),
    left: new Set(),
    selected: new Set(),
  };
  /** Channels whose REST reload was asked for since they were last selected. */
  private readonly reloaded = new Set<string>();

  on<K extends LiveBusEventName>(name: K, handler: Handler<K>): () => void {
    const set = this.handlers[name] as Set<Handler<K>>;
    set.add(handler);
    return () => void set.delete(handler);
  }

  emit<K extends LiveBusEventName>(name: K, payload: LiveBusEvents[K]): void {
    if (name === 'selected') this.reloaded.clear();
    if (name === 'reload') this.reloaded.add((payload as LiveBusEvents['reload']).channelId);
    // A copy: a handler may unsubscribe (or subscribe) while we deliver.
    for (const handler of [...(this.handlers[name] as Set<Handler<K>>)]) {
      try {
        handler(payload);
      } catch (error) {
        // One failing view must not stop the others (nor the session).
        console.error(error);
      }
    }
  }

  /**
   * Whether a reload of this channel was asked for since it was selected. A view that starts
   * listening late (mounted after the subscribe ack) uses this to load at once instead of waiting.
   */
  wasReloaded(channelId: string): boolean {
    return this.reloaded.has(channelId);
  }
}

/** The tab's bus. */
export const liveBus = new LiveBus();

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
export function useChannelLeft(
  handler: (channelId: string, reason: LeaveReason, title: string | null) => void,
): void {
  const onLeft = useEffectEvent(handler);
  useEffect(() => liveBus.on('left', ({ channelId, reason, title }) => onLeft(channelId, reason, title)), []);
}
