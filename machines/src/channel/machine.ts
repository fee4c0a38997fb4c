import {
  ErrorReason,
  type Channel,
  type ChannelEvent,
  type ChannelsChange,
  type SubscribeAck,
  type SubscribeRequest,
} from '@draw/shared';
import { and, assign, enqueueActions, fromPromise, not, or, setup, stateIn } from 'xstate';
import { EMPTY_CURSOR, anchorFeed, hasFeedGap, receiveFeedEvent } from './feed';
import { LeaveReason, ListChangeKind, applyEventToList, listChangeOf, pickChannelId } from './list';
import {
  DEFAULT_CHANNEL_SESSION_TIMING,
  applyFeedEvents,
  cursorOf,
  leaveChannel,
  selectChannel,
  stepFrom,
  withCursor,
  type ChannelSessionContext,
  type ChannelSessionEmitted,
  type ChannelSessionTiming,
  type SessionStep,
} from './session';

export interface ChannelSessionInput {
  userId: string;
  /** The uuid in `/draw/{uuid}` when the page loaded, if any. */
  routeUuid?: string | null;
  timing?: Partial<ChannelSessionTiming>;
}

export type ChannelSessionEvent =
  | { type: 'route.changed'; uuid: string | null }
  | { type: 'channels.reload' }
  | { type: 'channel.select'; id: string }
  /** The user deleted or quit this channel here (the REST call succeeded). */
  | { type: 'channel.removed'; id: string }
  | { type: 'socket.connected' }
  | { type: 'socket.disconnected' }
  | { type: 'feed.event'; event: ChannelEvent }
  /** The server's `channel:resync`: its log can no longer fill our gap. */
  | { type: 'feed.resync'; channelId: string }
  /** The server's `channels:changed`: a change to the user's list, whichever channel is open. */
  | { type: 'channels.changed'; change: ChannelsChange }
  /**
   * The web loaded the selected channel's latest page on its own (the first screen fetches it
   * from the address, beside the socket) as of `seq` (`MessagePage.seq`): the feed goes on from
   * there (a subscription with `afterSeq`) instead of asking for a reload after its ack.
   */
  | { type: 'feed.loaded'; channelId: string; seq: number }
  /** The signed-in user's id became known (a cold load learns it from the session answer). */
  | { type: 'user.changed'; userId: string };

/** Subscribe refusals that mean the channel is not ours to see any more. */
const DENIED_REASONS: readonly string[] = [ErrorReason.Forbidden, ErrorReason.NotFound, ErrorReason.Gone];

/** Writes a session step: the new context, then what to tell the web. */
function commit(
  enqueue: { assign(context: ChannelSessionContext): void; emit(event: ChannelSessionEmitted): void },
  step: SessionStep,
): void {
  enqueue.assign(step.context);
  for (const event of step.emitted) enqueue.emit(event);
}

/**
 * The web client's channel list and the selected channel's live feed. Three parallel regions:
 * `list` (REST load), `socket` (connection as the web reports it) and `feed` (the selected
 * channel's subscription, gap-free). The web provides the I/O as actors and listens to the
 * emitted events (see `ChannelSessionEmitted` and machines/CONTEXT.md).
 */
/** When a loaded list (with channels or none) loads again. */
const LOADED_LIST_REFRESH = {
  'channels.reload': 'loading',
  // A joined channel's entry (title, isCreator, count, place) comes from the list route.
  'channels.changed': { guard: 'addsChannel', target: 'loading' },
  'socket.connected': { guard: 'socketWasDown', target: 'loading' },
} as const;

export const channelSessionMachine = setup({
  types: {
    context: {} as ChannelSessionContext,
    events: {} as ChannelSessionEvent,
    input: {} as ChannelSessionInput,
    emitted: {} as ChannelSessionEmitted,
  },
  actors: {
    // Placeholders: the web provides the real ones with `.provide({ actors })`.
    loadChannels: fromPromise<Channel[]>(() =>
      Promise.reject(new Error('channelSessionMachine needs a loadChannels actor')),
    ),
    subscribe: fromPromise<SubscribeAck, SubscribeRequest>(() =>
      Promise.reject(new Error('channelSessionMachine needs a subscribe actor')),
    ),
  },
  delays: {
    gapWait: ({ context }) => context.timing.gapWaitMs,
    retryDelay: ({ context }) => context.timing.retryDelayMs,
    offlineAfter: ({ context }) => context.timing.offlineAfterMs,
  },
  guards: {
    listEmpty: ({ context }) => context.channels.length === 0,
    changesListEntry: ({ context, event }) =>
      event.type === 'channels.changed' &&
      listChangeOf(context.channels, event.change, context.userId) === ListChangeKind.Entry,
    addsChannel: ({ context, event }) =>
      event.type === 'channels.changed' &&
      listChangeOf(context.channels, event.change, context.userId) === ListChangeKind.Added,
    // The socket was down: list changes sent meanwhile are not replayed, so the list may be stale.
    socketWasDown: or([
      stateIn('#channelSession.socket.reconnecting'),
      stateIn('#channelSession.socket.offline'),
    ]),
    isListedChannel: ({ context, event }) =>
      (event.type === 'channel.select' || event.type === 'channel.removed') &&
      context.channels.some((channel) => channel.id === event.id),
    socketLive: stateIn('#channelSession.socket.live'),
    hasSelection: ({ context }) => context.selectedId !== null,
    // Only the selected channel's page, and only while its feed has no cursor yet: once anchored,
    // the feed is ahead of any page (and a page of another channel would strand a cursor).
    pageStartsFeed: ({ context, event }) =>
      event.type === 'feed.loaded' &&
      event.channelId === context.selectedId &&
      cursorOf(context, event.channelId).lastSeq === null,
    // The feed holds a channel that is no longer the selected one: let it go first.
    feedSwitched: ({ context }) =>
      context.feedChannelId !== null && context.feedChannelId !== context.selectedId,
    feedChannelMoved: ({ context }) => context.feedChannelId !== context.selectedId,
    canSubscribe: and(['hasSelection', 'socketLive']),
    feedStale: or(['feedChannelMoved', not('socketLive')]),
    isFeedChannelEvent: ({ context, event }) =>
      (event.type === 'feed.event' && event.event.channelId === context.feedChannelId) ||
      (event.type === 'feed.resync' && event.channelId === context.feedChannelId),
    hasGap: ({ context }) =>
      context.feedChannelId !== null && hasFeedGap(cursorOf(context, context.feedChannelId)),
    ackDenied: (_, { ack }: { ack: SubscribeAck }) => !ack.ok && DENIED_REASONS.includes(ack.reason),
    ackFailed: (_, { ack }: { ack: SubscribeAck }) => !ack.ok,
    // A page of the catch-up came in before this ack, and more remain: ask for the next one.
    ackHasMore: (_, { ack }: { ack: SubscribeAck }) => ack.ok && ack.more === true,
    // The server's log is behind the seq we subscribed after (its log was reset): only a reload is
    // safe. Not the cursor now: live events that follow the ack on the wire may be applied before
    // the ack itself gets here (a socket delivers what one read brought in one go), and they are
    // ahead of its seq by right.
    ackBehindCursor: ({ context }, { ack }: { ack: SubscribeAck }) =>
      ack.ok && context.subscribedAfter !== null && ack.seq < context.subscribedAfter,
  },
  actions: {
    storeChannels: enqueueActions(({ context, enqueue }, { channels }: { channels: Channel[] }) => {
      const loaded = { ...context, channels, listError: null };
      commit(
        enqueue,
        selectChannel(stepFrom(loaded), pickChannelId(channels, context.routeUuid, context.selectedId)),
      );
    }),
    storeListError: assign((_, { error }: { error: unknown }) => ({
      listError: error instanceof Error ? error.message : String(error),
    })),
    followRoute: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'route.changed') return;
      const routed = { ...context, routeUuid: event.uuid };
      const listed = context.channels.some((channel) => channel.id === event.uuid);
      commit(enqueue, listed ? selectChannel(stepFrom(routed), event.uuid) : stepFrom(routed));
    }),
    selectChannel: enqueueActions(({ context, event, enqueue }) => {
      if (event.type === 'channel.select') commit(enqueue, selectChannel(stepFrom(context), event.id));
    }),
    removeChannel: enqueueActions(({ context, event, enqueue }) => {
      if (event.type === 'channel.removed')
        commit(enqueue, leaveChannel(stepFrom(context), event.id, LeaveReason.Left));
    }),
    // The same rules as the feed's own events; losing the open channel moves on the same way too.
    applyListChange: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'channels.changed') return;
      const { change } = event;
      const effect = applyEventToList(context.channels, change, context.userId);
      const next = stepFrom({ ...context, channels: effect.channels });
      commit(enqueue, effect.leave ? leaveChannel(next, change.channelId, effect.leave) : next);
    }),
    claimFeed: assign(({ context }) => ({
      feedChannelId: context.selectedId,
      subscribedAfter: context.selectedId === null ? null : (context.lastSeq[context.selectedId] ?? null),
    })),
    // A page read before any subscription anchors the cursor (the subscribe replays what followed
    // it); while a fresh subscription is in flight it is only noted, for its ack to weigh.
    notePage: assign(({ context, event }) => {
      if (event.type !== 'feed.loaded') return {};
      const inFlight = context.feedChannelId === event.channelId;
      if (inFlight) return { loadedPage: { channelId: event.channelId, seq: event.seq } };
      return withCursor(
        context,
        event.channelId,
        anchorFeed(cursorOf(context, event.channelId), event.seq).cursor,
      );
    }),
    identifyUser: assign(({ event }) => (event.type === 'user.changed' ? { userId: event.userId } : {})),
    // Unsubscribing drops the cursor too: coming back means a fresh REST load, not a replay.
    releaseFeed: enqueueActions(({ context, enqueue }) => {
      const channelId = context.feedChannelId;
      if (channelId === null) return;
      commit(enqueue, {
        context: { ...withCursor(context, channelId, EMPTY_CURSOR), feedChannelId: null },
        emitted: [{ type: 'feed.unsubscribe', channelId }],
      });
    }),
    receiveFeedEvent: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'feed.event' || context.feedChannelId === null) return;
      const step = receiveFeedEvent(cursorOf(context, context.feedChannelId), event.event);
      commit(
        enqueue,
        applyFeedEvents(stepFrom(withCursor(context, context.feedChannelId, step.cursor)), step.apply),
      );
    }),
    anchorFeed: enqueueActions(({ context, enqueue }, { ack }: { ack: SubscribeAck }) => {
      const channelId = context.feedChannelId;
      if (channelId === null || !ack.ok) return;
      const cursor = cursorOf(context, channelId);
      // No cursor: a fresh start, so the web loads the channel as of the ack and we go on from
      // there; unless the page it already has was read at or after the ack (later events merge by id).
      const fresh = cursor.lastSeq === null;
      const page = context.loadedPage?.channelId === channelId ? context.loadedPage : null;
      const covered = page !== null && page.seq >= ack.seq;
      const drained = anchorFeed(cursor, cursor.lastSeq ?? ack.seq);
      const anchored: SessionStep = {
        context: { ...withCursor(context, channelId, drained.cursor), loadedPage: null },
        emitted: fresh && !covered ? [{ type: 'feed.reload', channelId }] : [],
      };
      commit(enqueue, applyFeedEvents(anchored, drained.apply));
    }),
    forgetFeedCursor: assign(({ context }) =>
      context.feedChannelId === null ? {} : withCursor(context, context.feedChannelId, EMPTY_CURSOR),
    ),
    leaveDeniedChannel: enqueueActions(({ context, enqueue }) => {
      if (context.feedChannelId !== null) {
        commit(enqueue, leaveChannel(stepFrom(context), context.feedChannelId, LeaveReason.Denied));
      }
    }),
  },
}).createMachine({
  id: 'channelSession',
  type: 'parallel',
  context: ({ input }) => ({
    userId: input.userId,
    channels: [],
    selectedId: null,
    routeUuid: input.routeUuid ?? null,
    lastSeq: {},
    pending: {},
    feedChannelId: null,
    loadedPage: null,
    subscribedAfter: null,
    listError: null,
    timing: { ...DEFAULT_CHANNEL_SESSION_TIMING, ...input.timing },
  }),
  on: {
    'route.changed': { actions: 'followRoute' },
    'channel.select': { guard: 'isListedChannel', actions: 'selectChannel' },
    'channel.removed': { guard: 'isListedChannel', actions: 'removeChannel' },
    'channels.changed': { guard: 'changesListEntry', actions: 'applyListChange' },
    'feed.loaded': { guard: 'pageStartsFeed', actions: 'notePage' },
    'user.changed': { actions: 'identifyUser' },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          on: {
            // The answer in flight may predate the join: ask again.
            'channels.changed': { guard: 'addsChannel', target: 'loading', reenter: true },
          },
          invoke: {
            src: 'loadChannels',
            onDone: {
              target: 'ready',
              actions: { type: 'storeChannels', params: ({ event }) => ({ channels: event.output }) },
            },
            onError: {
              target: 'error',
              actions: { type: 'storeListError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {
          // Also reached by leaving the last channel.
          always: { guard: 'listEmpty', target: 'empty' },
          on: LOADED_LIST_REFRESH,
        },
        empty: { on: LOADED_LIST_REFRESH },
        // Retried by hand (the sidebar's retry button) or once the socket connects: the server is back.
        error: { on: { 'channels.reload': 'loading', 'socket.connected': 'loading' } },
      },
    },

    socket: {
      initial: 'connecting',
      states: {
        connecting: { on: { 'socket.connected': 'live', 'socket.disconnected': 'reconnecting' } },
        live: { on: { 'socket.disconnected': 'reconnecting' } },
        reconnecting: {
          on: { 'socket.connected': 'live' },
          after: { offlineAfter: 'offline' },
        },
        offline: { on: { 'socket.connected': 'live' } },
      },
    },

    feed: {
      initial: 'idle',
      states: {
        // Not subscribed: nothing selected, or no live socket.
        idle: {
          always: [
            { guard: 'feedSwitched', actions: 'releaseFeed' },
            { guard: 'canSubscribe', target: 'subscribing' },
          ],
        },
        // Subscribing from the cursor (a reconnect or a gap replays what we missed, a page per
        // request), or fresh.
        subscribing: {
          entry: 'claimFeed',
          always: { guard: 'feedStale', target: 'idle' },
          invoke: {
            src: 'subscribe',
            input: ({ context }) => subscribeRequest(context),
            onDone: [
              {
                guard: { type: 'ackDenied', params: ({ event }) => ({ ack: event.output }) },
                target: 'idle',
                actions: 'leaveDeniedChannel',
              },
              {
                guard: { type: 'ackFailed', params: ({ event }) => ({ ack: event.output }) },
                target: 'backoff',
              },
              {
                guard: { type: 'ackBehindCursor', params: ({ event }) => ({ ack: event.output }) },
                target: 'resyncing',
              },
              {
                guard: { type: 'ackHasMore', params: ({ event }) => ({ ack: event.output }) },
                target: 'subscribing',
                reenter: true,
                actions: { type: 'anchorFeed', params: ({ event }) => ({ ack: event.output }) },
              },
              {
                target: 'live',
                actions: { type: 'anchorFeed', params: ({ event }) => ({ ack: event.output }) },
              },
            ],
            onError: 'backoff',
          },
          on: {
            'feed.event': { guard: 'isFeedChannelEvent', actions: 'receiveFeedEvent' },
            'feed.resync': { guard: 'isFeedChannelEvent', target: 'resyncing' },
            // A new connection: the request in flight went out on the old one.
            'socket.connected': { target: 'subscribing', reenter: true },
          },
        },
        // The server cannot fill our gap: start over from a REST reload.
        resyncing: {
          entry: 'forgetFeedCursor',
          always: { guard: 'feedStale', target: 'idle' },
          invoke: {
            src: 'subscribe',
            input: ({ context }) => subscribeRequest(context),
            onDone: [
              {
                guard: { type: 'ackDenied', params: ({ event }) => ({ ack: event.output }) },
                target: 'idle',
                actions: 'leaveDeniedChannel',
              },
              {
                guard: { type: 'ackFailed', params: ({ event }) => ({ ack: event.output }) },
                target: 'backoff',
              },
              {
                target: 'live',
                actions: { type: 'anchorFeed', params: ({ event }) => ({ ack: event.output }) },
              },
            ],
            onError: 'backoff',
          },
          on: {
            'feed.event': { guard: 'isFeedChannelEvent', actions: 'receiveFeedEvent' },
            'socket.connected': 'subscribing',
          },
        },
        live: {
          always: { guard: 'feedStale', target: 'idle' },
          initial: 'inOrder',
          states: {
            inOrder: { always: { guard: 'hasGap', target: 'gap' } },
            // Events past a hole are buffered; if the hole is not filled soon, ask for a replay.
            gap: {
              always: { guard: not('hasGap'), target: 'inOrder' },
              after: { gapWait: '#channelSession.feed.subscribing' },
            },
          },
          on: {
            'feed.event': { guard: 'isFeedChannelEvent', actions: 'receiveFeedEvent' },
            'feed.resync': { guard: 'isFeedChannelEvent', target: 'resyncing' },
            // Reconnected without us seeing the drop: re-subscribe from the last seq.
            'socket.connected': 'subscribing',
          },
        },
        // The subscription failed for a passing reason (timeout, server error): try again soon.
        backoff: {
          always: { guard: 'feedStale', target: 'idle' },
          after: { retryDelay: 'subscribing' },
          on: { 'socket.connected': 'subscribing' },
        },
      },
    },
  },
});

export type ChannelSessionMachine = typeof channelSessionMachine;

function subscribeRequest(context: ChannelSessionContext): SubscribeRequest {
  const channelId = context.feedChannelId;
  // Unreachable: the feed only subscribes with a selection, which `claimFeed` copied here.
  if (channelId === null) throw new Error('channelSessionMachine: subscribing without a channel');
  const afterSeq = context.lastSeq[channelId];
  // A catch-up comes a page at a time (CatchUp in @draw/shared): `ackHasMore` asks for the next.
  return afterSeq === undefined ? { channelId } : { channelId, afterSeq, paged: true };
}
