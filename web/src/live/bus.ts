import type { LeaveReason } from '@draw/machines';
import type { ChannelEvent } from '@draw/shared';

/**
 * Where the channel session's output reaches the views (the hooks in hooks.ts listen here).
 * One bus per tab; the session re-emits the machine's emitted events onto it.
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
