import type { Channel, ChannelEvent } from '@draw/shared';
import { EMPTY_CURSOR, type FeedCursor } from './feed';
import { applyEventToList, pickChannelId, type LeaveReason } from './list';

/**
 * Pure steps of the channel session: each takes the context and returns the next one plus what
 * to tell the web (emitted events). The machine's actions only run these and commit the result.
 */

export interface ChannelSessionTiming {
  /** How long a gap may stay open before the feed re-subscribes from its last seq. */
  gapWaitMs: number;
  /** Wait before retrying a subscription that failed for a passing reason. */
  retryDelayMs: number;
  /** How long reconnecting may last before the socket counts as offline (the UI says so). */
  offlineAfterMs: number;
}

export const DEFAULT_CHANNEL_SESSION_TIMING: ChannelSessionTiming = {
  gapWaitMs: 1_000,
  retryDelayMs: 2_000,
  offlineAfterMs: 15_000,
};

export interface ChannelSessionContext {
  /** The signed-in user: their own `member.removed`/`member.left` takes the channel away. */
  userId: string;
  channels: Channel[];
  selectedId: string | null;
  /** The `/draw/{uuid}` the route is at, or is being navigated to. */
  routeUuid: string | null;
  /** Per channel: the last applied event's seq (absent: not anchored yet). */
  lastSeq: Record<string, number>;
  /** Per channel: events held back by a gap or until the subscribe ack, ordered by seq. */
  pending: Record<string, ChannelEvent[]>;
  /** The channel whose subscription (and cursor) the feed holds; lags `selectedId` for one step on a switch. */
  feedChannelId: string | null;
  /**
   * The page the web loaded on its own (`feed.loaded`) while a fresh subscription was in flight:
   * if it was read at or after the ack's seq, the ack needs no reload.
   */
  loadedPage: { channelId: string; seq: number } | null;
  /** The `afterSeq` of the subscription in flight (null: a fresh one): what an ack's seq is weighed against. */
  subscribedAfter: number | null;
  listError: string | null;
  timing: ChannelSessionTiming;
}

/** What the machine tells the web; listen with `actor.on(type, handler)`. */
export type ChannelSessionEmitted =
  /** Show this channel: clear the message list and navigate to `/draw/{channelId}` (`null`: nothing to show). */
  | { type: 'channel.selected'; channelId: string | null }
  /** The user lost this channel; it is already gone from `channels`. */
  | { type: 'channel.left'; channelId: string; reason: LeaveReason }
  /** Apply this event to the view; events come exactly once and in seq order. */
  | { type: 'feed.apply'; event: ChannelEvent }
  /** (Re)load this channel's messages over REST now: the feed starts right after what that returns. */
  | { type: 'feed.reload'; channelId: string }
  /** Send `channel:unsubscribe` for this channel. */
  | { type: 'feed.unsubscribe'; channelId: string };

export interface SessionStep {
  context: ChannelSessionContext;
  emitted: ChannelSessionEmitted[];
}

export function stepFrom(context: ChannelSessionContext): SessionStep {
  return { context, emitted: [] };
}

export function cursorOf(context: ChannelSessionContext, channelId: string): FeedCursor {
  return { lastSeq: context.lastSeq[channelId] ?? null, pending: context.pending[channelId] ?? [] };
}

export function withCursor(
  context: ChannelSessionContext,
  channelId: string,
  cursor: FeedCursor,
): ChannelSessionContext {
  const lastSeq = omitKey(context.lastSeq, channelId);
  if (cursor.lastSeq !== null) lastSeq[channelId] = cursor.lastSeq;
  const pending = omitKey(context.pending, channelId);
  if (cursor.pending.length > 0) pending[channelId] = [...cursor.pending];
  return { ...context, lastSeq, pending };
}

export function selectChannel({ context, emitted }: SessionStep, channelId: string | null): SessionStep {
  if (channelId === context.selectedId) return { context, emitted };
  // A cursor the web's own page anchored (`feed.loaded`) before any subscription belongs to that
  // view: coming back to the channel is a fresh start. The feed's own cursor goes with its unsubscribe.
  const previous = context.selectedId;
  const kept =
    previous !== null && previous !== context.feedChannelId
      ? withCursor(context, previous, EMPTY_CURSOR)
      : context;
  return {
    context: { ...kept, selectedId: channelId, routeUuid: channelId ?? context.routeUuid, loadedPage: null },
    emitted: [...emitted, { type: 'channel.selected', channelId }],
  };
}

export function leaveChannel(step: SessionStep, channelId: string, reason: LeaveReason): SessionStep {
  const { context } = step;
  const channels = context.channels.filter((channel) => channel.id !== channelId);
  const left: SessionStep = {
    context: withCursor({ ...context, channels }, channelId, EMPTY_CURSOR),
    emitted: [...step.emitted, { type: 'channel.left', channelId, reason }],
  };
  // The route still names the channel just left, so it cannot decide what comes next.
  return context.selectedId === channelId ? selectChannel(left, pickChannelId(channels, null, null)) : left;
}

/** Hands in-order events to the web and keeps the channel list in step with them. */
export function applyFeedEvents(step: SessionStep, events: readonly ChannelEvent[]): SessionStep {
  let next = step;
  for (const event of events) {
    next = { ...next, emitted: [...next.emitted, { type: 'feed.apply', event }] };
    const effect = applyEventToList(next.context.channels, event, next.context.userId);
    next = { ...next, context: { ...next.context, channels: effect.channels } };
    // Whatever follows belongs to a channel the user can no longer see.
    if (effect.leave) return leaveChannel(next, event.channelId, effect.leave);
  }
  return next;
}

function omitKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}
