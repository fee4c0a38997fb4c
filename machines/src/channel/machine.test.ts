import {
  ErrorReason,
  isChannelsChange,
  type Channel,
  type ChannelEvent,
  type ChannelsChange,
  type SubscribeAck,
  type SubscribeRequest,
} from '@draw/shared';
import { createActor, fromPromise } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelEvent, makeChannel, memberEvent, messageEvent, seqsOf } from './fixtures';
import { LeaveReason } from './list';
import { channelSessionMachine } from './machine';
import type { ChannelSessionEmitted } from './session';

const TIMING = { gapWaitMs: 1_000, retryDelayMs: 2_000, offlineAfterMs: 15_000 };

interface HarnessOptions {
  /** Successive answers of loadChannels; an Error rejects. */
  lists?: (Channel[] | Error)[];
  routeUuid?: string | null;
  /** The server's side of subscribe; default: ok, its head at seq 10 (or at the resume point). */
  ack?: (request: SubscribeRequest) => SubscribeAck | Promise<SubscribeAck>;
}

function start({
  lists = [[makeChannel('a'), makeChannel('b'), makeChannel('c')]],
  routeUuid = null,
  ack,
}: HarnessOptions = {}) {
  const subscribes: SubscribeRequest[] = [];
  let loads = 0;
  const machine = channelSessionMachine.provide({
    actors: {
      loadChannels: fromPromise<Channel[]>(async () => {
        const answer = lists[Math.min(loads++, lists.length - 1)] ?? [];
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      subscribe: fromPromise<SubscribeAck, SubscribeRequest>(async ({ input }) => {
        subscribes.push(input);
        return ack ? ack(input) : { ok: true, seq: Math.max(10, input.afterSeq ?? 0) };
      }),
    },
  });
  const actor = createActor(machine, { input: { userId: 'me', routeUuid, timing: TIMING } });
  const emitted: ChannelSessionEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const of = <T extends ChannelSessionEmitted['type']>(type: T) =>
    emitted.filter((event): event is Extract<ChannelSessionEmitted, { type: T }> => event.type === type);
  const applied = () => of('feed.apply').map((event) => event.event);
  const state = () => actor.getSnapshot();
  return { actor, subscribes, emitted, of, applied, state, loads: () => loads };
}

/** The server's `channels:changed` carries the channel event itself. */
function changed(event: ChannelEvent): { type: 'channels.changed'; change: ChannelsChange } {
  if (!isChannelsChange(event)) throw new Error(`${event.type} is not a list change`);
  return { type: 'channels.changed', change: event };
}

/** Lets promise-based actors settle (and advances the fake clock by `ms`). */
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

/** Loaded, connected and live on the first channel at seq 10. */
async function live(options: HarnessOptions = {}) {
  const session = start(options);
  await tick();
  session.actor.send({ type: 'socket.connected' });
  await tick();
  return session;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('channel list', () => {
  it('selects the channel named by the route when it is in the list', async () => {
    const { state, of } = start({ routeUuid: 'b' });
    expect(state().matches({ list: 'loading' })).toBe(true);
    await tick();
    expect(state().matches({ list: 'ready' })).toBe(true);
    expect(state().context.selectedId).toBe('b');
    expect(of('channel.selected')).toEqual([{ type: 'channel.selected', channelId: 'b' }]);
  });

  it('selects the first channel when the route names none of them', async () => {
    const { state, of } = start({ routeUuid: 'not-mine' });
    await tick();
    expect(state().context.selectedId).toBe('a');
    expect(of('channel.selected')).toEqual([{ type: 'channel.selected', channelId: 'a' }]);
  });

  it('is empty with no channels, and subscribes to nothing', async () => {
    const { state, actor, subscribes, of } = start({ lists: [[]] });
    await tick();
    actor.send({ type: 'socket.connected' });
    await tick();
    expect(state().matches({ list: 'empty', feed: 'idle' })).toBe(true);
    expect(state().context.selectedId).toBeNull();
    expect(subscribes).toEqual([]);
    expect(of('channel.selected')).toEqual([]);
  });

  it('shows an error and retries on channels.reload', async () => {
    const { state, actor } = start({ lists: [new Error('network down'), [makeChannel('a')]] });
    await tick();
    expect(state().matches({ list: 'error' })).toBe(true);
    expect(state().context.listError).toBe('network down');
    actor.send({ type: 'channels.reload' });
    expect(state().matches({ list: 'loading' })).toBe(true);
    await tick();
    expect(state().matches({ list: 'ready' })).toBe(true);
    expect(state().context).toMatchObject({ listError: null, selectedId: 'a' });
  });

  it('keeps the selection across a reload while the channel is still listed', async () => {
    const { state, actor, of } = start({
      lists: [
        [makeChannel('a'), makeChannel('b')],
        [makeChannel('b'), makeChannel('z')],
      ],
      routeUuid: 'b',
    });
    await tick();
    actor.send({ type: 'channels.reload' });
    await tick();
    expect(state().context.channels.map((c) => c.id)).toEqual(['b', 'z']);
    expect(state().context.selectedId).toBe('b');
    expect(of('channel.selected')).toHaveLength(1);
  });

  it('selects on channel.select and route.changed, ignoring unknown ids', async () => {
    const { state, actor, of } = start();
    await tick();
    actor.send({ type: 'channel.select', id: 'c' });
    expect(state().context).toMatchObject({ selectedId: 'c', routeUuid: 'c' });
    actor.send({ type: 'channel.select', id: 'nope' });
    actor.send({ type: 'route.changed', uuid: 'b' });
    actor.send({ type: 'route.changed', uuid: 'b' });
    actor.send({ type: 'route.changed', uuid: 'unknown' });
    expect(state().context.selectedId).toBe('b');
    expect(of('channel.selected').map((e) => e.channelId)).toEqual(['a', 'c', 'b']);
  });
});

describe('socket', () => {
  it('connects, reconnects and goes offline after a while', async () => {
    const { state, actor } = start();
    expect(state().matches({ socket: 'connecting' })).toBe(true);
    actor.send({ type: 'socket.connected' });
    expect(state().matches({ socket: 'live' })).toBe(true);
    actor.send({ type: 'socket.disconnected' });
    expect(state().matches({ socket: 'reconnecting' })).toBe(true);
    await tick(TIMING.offlineAfterMs);
    expect(state().matches({ socket: 'offline' })).toBe(true);
    actor.send({ type: 'socket.connected' });
    expect(state().matches({ socket: 'live' })).toBe(true);
  });
});

describe('feed', () => {
  it('subscribes fresh to the selected channel and asks the web to load it', async () => {
    const { state, subscribes, of } = await live();
    expect(subscribes).toEqual([{ channelId: 'a' }]);
    expect(state().matches({ feed: { live: 'inOrder' } })).toBe(true);
    expect(state().context.lastSeq).toEqual({ a: 10 });
    expect(of('feed.reload')).toEqual([{ type: 'feed.reload', channelId: 'a' }]);
  });

  it('applies events in order and drops duplicates', async () => {
    const { actor, applied, state } = await live();
    for (const seq of [11, 11, 12, 9, 10, 12, 13])
      actor.send({ type: 'feed.event', event: messageEvent(seq) });
    expect(seqsOf(applied())).toEqual([11, 12, 13]);
    expect(state().context.lastSeq.a).toBe(13);
  });

  it('buffers events past a gap and drains them when it is filled', async () => {
    const { actor, applied, state } = await live();
    actor.send({ type: 'feed.event', event: messageEvent(13) });
    actor.send({ type: 'feed.event', event: messageEvent(12) });
    expect(applied()).toEqual([]);
    expect(state().matches({ feed: { live: 'gap' } })).toBe(true);
    expect(seqsOf(state().context.pending.a ?? [])).toEqual([12, 13]);
    actor.send({ type: 'feed.event', event: messageEvent(11) });
    expect(seqsOf(applied())).toEqual([11, 12, 13]);
    expect(state().matches({ feed: { live: 'inOrder' } })).toBe(true);
    expect(state().context.pending).toEqual({});
  });

  it('re-subscribes from the last seq when a gap persists, then applies the replay', async () => {
    const { actor, applied, subscribes, state, of } = await live();
    actor.send({ type: 'feed.event', event: messageEvent(11) });
    actor.send({ type: 'feed.event', event: messageEvent(14) });
    await tick(TIMING.gapWaitMs - 1);
    expect(subscribes).toHaveLength(1);
    await tick(1);
    expect(subscribes).toEqual([{ channelId: 'a' }, { channelId: 'a', afterSeq: 11, paged: true }]);
    expect(state().matches({ feed: { live: 'gap' } })).toBe(true); // still missing 12–13
    for (const seq of [12, 13, 14]) actor.send({ type: 'feed.event', event: messageEvent(seq) });
    expect(seqsOf(applied())).toEqual([11, 12, 13, 14]);
    expect(state().matches({ feed: { live: 'inOrder' } })).toBe(true);
    expect(of('feed.reload')).toHaveLength(1); // a replay, not a reload
  });

  it('re-subscribes with the last seq after a reconnect', async () => {
    const { actor, subscribes, state, of } = await live();
    actor.send({ type: 'feed.event', event: messageEvent(11) });
    actor.send({ type: 'socket.disconnected' });
    expect(state().matches({ feed: 'idle', socket: 'reconnecting' })).toBe(true);
    actor.send({ type: 'socket.connected' });
    await tick();
    expect(subscribes).toEqual([{ channelId: 'a' }, { channelId: 'a', afterSeq: 11, paged: true }]);
    expect(state().matches({ feed: { live: 'inOrder' } })).toBe(true);
    expect(state().context.lastSeq.a).toBe(11);
    expect(of('feed.reload')).toHaveLength(1);
    expect(of('feed.unsubscribe')).toEqual([]);
  });

  it('re-subscribes when the socket reconnects without a reported drop', async () => {
    const { actor, subscribes } = await live();
    actor.send({ type: 'feed.event', event: messageEvent(11) });
    actor.send({ type: 'socket.connected' });
    await tick();
    expect(subscribes.at(-1)).toEqual({ channelId: 'a', afterSeq: 11, paged: true });
  });

  it('holds events that arrive before the ack and keeps only those after it', async () => {
    let answer: (ack: SubscribeAck) => void = () => {};
    const { actor, applied, state } = start({ ack: () => new Promise((resolve) => (answer = resolve)) });
    await tick();
    actor.send({ type: 'socket.connected' });
    for (const seq of [21, 19, 20]) actor.send({ type: 'feed.event', event: messageEvent(seq) });
    expect(state().matches({ feed: 'subscribing' })).toBe(true);
    expect(applied()).toEqual([]);
    answer({ ok: true, seq: 19 });
    await tick();
    expect(seqsOf(applied())).toEqual([20, 21]);
    expect(state().context.lastSeq.a).toBe(21);
  });

  it('resync clears the cursor, subscribes fresh and asks the web to reload', async () => {
    let head = 10;
    const { actor, subscribes, state, of, applied } = await live({ ack: () => ({ ok: true, seq: head }) });
    actor.send({ type: 'feed.event', event: messageEvent(14) }); // a gap the log cannot fill
    head = 50;
    actor.send({ type: 'feed.resync', channelId: 'a' });
    expect(state().matches({ feed: 'resyncing' })).toBe(true);
    expect(state().context.lastSeq).toEqual({});
    expect(state().context.pending).toEqual({});
    await tick();
    expect(subscribes).toEqual([{ channelId: 'a' }, { channelId: 'a' }]);
    expect(state().matches({ feed: { live: 'inOrder' } })).toBe(true);
    expect(state().context.lastSeq).toEqual({ a: 50 });
    expect(of('feed.reload')).toHaveLength(2);
    actor.send({ type: 'feed.event', event: messageEvent(51) });
    expect(seqsOf(applied())).toEqual([51]);
  });

  it('takes a long catch-up a page at a time, each from the last seq it got, then goes live', async () => {
    const head = 30;
    let actorRef: ReturnType<typeof start>['actor'] | null = null;
    // The server's side: a page of up to 8 events before the ack, `more` while the head is ahead.
    const { actor, subscribes, state, of, applied } = await live({
      ack: (request) => {
        if (request.afterSeq === undefined) return { ok: true, seq: 10 };
        const upTo = Math.min(head, request.afterSeq + 8);
        for (let seq = request.afterSeq + 1; seq <= upTo; seq++)
          actorRef?.send({ type: 'feed.event', event: messageEvent(seq) });
        return upTo < head ? { ok: true, seq: head, more: true } : { ok: true, seq: head };
      },
    });
    actorRef = actor;
    actor.send({ type: 'feed.event', event: messageEvent(11) });
    actor.send({ type: 'socket.disconnected' });
    actor.send({ type: 'socket.connected' });
    await tick();
    expect(subscribes.slice(1)).toEqual(
      [11, 19, 27].map((afterSeq) => ({ channelId: 'a', afterSeq, paged: true })),
    );
    expect(seqsOf(applied())).toEqual(Array.from({ length: 20 }, (_, i) => 11 + i));
    expect(state().matches({ feed: { live: 'inOrder' } })).toBe(true);
    expect(of('feed.reload')).toHaveLength(1); // only the first, fresh subscribe
  });

  it('resyncs when the server is behind our cursor', async () => {
    const { actor, subscribes, state } = await live({
      ack: (request) => ({ ok: true, seq: request.afterSeq === undefined ? 10 : 3 }),
    });
    actor.send({ type: 'feed.event', event: messageEvent(11) });
    actor.send({ type: 'socket.disconnected' });
    actor.send({ type: 'socket.connected' });
    await tick();
    expect(subscribes).toEqual([
      { channelId: 'a' },
      { channelId: 'a', afterSeq: 11, paged: true },
      { channelId: 'a' },
    ]);
    expect(state().context.lastSeq).toEqual({ a: 10 });
    expect(state().matches({ feed: 'live' })).toBe(true);
  });

  it('goes live without a reload when live events overtake the catch-up ack into the machine', async () => {
    let actorRef: ReturnType<typeof start>['actor'] | null = null;
    // The catch-up page (12) comes before the ack (head 12); the live event 13 follows the ack on
    // the wire but reaches the machine first, as when one socket read carries both.
    const { actor, subscribes, state, of, applied } = await live({
      ack: (request) => {
        if (request.afterSeq === undefined) return { ok: true, seq: 10 };
        actorRef?.send({ type: 'feed.event', event: messageEvent(12) });
        return Promise.resolve<SubscribeAck>({ ok: true, seq: 12 }).then((ack) => {
          actorRef?.send({ type: 'feed.event', event: messageEvent(13) });
          return ack;
        });
      },
    });
    actorRef = actor;
    actor.send({ type: 'feed.event', event: messageEvent(11) });
    actor.send({ type: 'socket.disconnected' });
    actor.send({ type: 'socket.connected' });
    await tick();
    expect(subscribes.slice(1)).toEqual([{ channelId: 'a', afterSeq: 11, paged: true }]);
    expect(seqsOf(applied())).toEqual([11, 12, 13]);
    expect(state().context.lastSeq).toEqual({ a: 13 });
    expect(state().matches({ feed: { live: 'inOrder' } })).toBe(true);
    expect(of('feed.reload')).toHaveLength(1); // only the first, fresh subscribe
  });

  it('switching channels unsubscribes the old one and subscribes the new one fresh', async () => {
    const { actor, subscribes, of, state } = await live();
    actor.send({ type: 'feed.event', event: messageEvent(11) });
    actor.send({ type: 'channel.select', id: 'b' });
    await tick();
    expect(of('feed.unsubscribe')).toEqual([{ type: 'feed.unsubscribe', channelId: 'a' }]);
    expect(subscribes.at(-1)).toEqual({ channelId: 'b' });
    expect(state().context.lastSeq).toEqual({ b: 10 });
    // coming back is a fresh start too (the message list was cleared)
    actor.send({ type: 'channel.select', id: 'a' });
    await tick();
    expect(subscribes.at(-1)).toEqual({ channelId: 'a' });
  });

  it('ignores events of other channels', async () => {
    const { actor, applied } = await live();
    actor.send({ type: 'feed.event', event: messageEvent(11, 'b') });
    actor.send({ type: 'feed.resync', channelId: 'b' });
    expect(applied()).toEqual([]);
  });

  it('keeps the list entry in step with channel and member events', async () => {
    const { actor, state, applied } = await live();
    actor.send({
      type: 'feed.event',
      event: channelEvent(11, 'channel.updated', makeChannel('a', { title: 'Foxes', memberCount: 3 })),
    });
    actor.send({ type: 'feed.event', event: memberEvent(12, 'member.joined', 'newcomer') });
    expect(state().context.channels[0]).toMatchObject({ id: 'a', title: 'Foxes', memberCount: 4 });
    expect(seqsOf(applied())).toEqual([11, 12]);
  });

  it('retries a subscription that failed for a passing reason', async () => {
    let calls = 0;
    const { subscribes, state } = await live({
      ack: () =>
        calls++ === 0
          ? { ok: false, reason: ErrorReason.RateLimited, message: 'slow down' }
          : { ok: true, seq: 10 },
    });
    expect(state().matches({ feed: 'backoff' })).toBe(true);
    await tick(TIMING.retryDelayMs);
    expect(subscribes).toHaveLength(2);
    expect(state().matches({ feed: 'live' })).toBe(true);
  });
});

describe('a page the web loaded on its own (feed.loaded, the first screen)', () => {
  it('read before the socket is live: the subscription replays what followed it, and no reload is asked', async () => {
    const { actor, subscribes, of, applied, state } = start({ routeUuid: 'b' });
    await tick();
    actor.send({ type: 'feed.loaded', channelId: 'b', seq: 7 });
    actor.send({ type: 'socket.connected' });
    expect(subscribes).toEqual([{ channelId: 'b', afterSeq: 7, paged: true }]);
    for (const seq of [8, 9]) actor.send({ type: 'feed.event', event: messageEvent(seq, 'b') });
    await tick();
    expect(seqsOf(applied())).toEqual([8, 9]);
    expect(of('feed.reload')).toEqual([]);
    expect(state().matches({ feed: { live: 'inOrder' } })).toBe(true);
  });

  it('read while a fresh subscription is in flight: no reload when the page is as new as the ack', async () => {
    const answers: ((ack: SubscribeAck) => void)[] = [];
    const { actor, of, state } = start({ ack: () => new Promise((resolve) => answers.push(resolve)) });
    await tick();
    actor.send({ type: 'socket.connected' });
    actor.send({ type: 'feed.loaded', channelId: 'a', seq: 12 });
    answers[0]!({ ok: true, seq: 12 });
    await tick();
    expect(of('feed.reload')).toEqual([]);
    expect(state().context.lastSeq).toEqual({ a: 12 });
  });

  it('read while a fresh subscription is in flight: older than the ack, the web reloads as before', async () => {
    const answers: ((ack: SubscribeAck) => void)[] = [];
    const { actor, of } = start({ ack: () => new Promise((resolve) => answers.push(resolve)) });
    await tick();
    actor.send({ type: 'socket.connected' });
    actor.send({ type: 'feed.loaded', channelId: 'a', seq: 11 });
    answers[0]!({ ok: true, seq: 12 });
    await tick();
    expect(of('feed.reload')).toEqual([{ type: 'feed.reload', channelId: 'a' }]);
  });

  it('is ignored for a channel not selected, and once the feed has a cursor', async () => {
    const { actor, subscribes, state } = await live();
    actor.send({ type: 'feed.loaded', channelId: 'a', seq: 3 });
    actor.send({ type: 'feed.loaded', channelId: 'b', seq: 3 });
    expect(state().context.lastSeq).toEqual({ a: 10 });
    actor.send({ type: 'channel.select', id: 'b' });
    await tick();
    expect(subscribes.at(-1)).toEqual({ channelId: 'b' });
  });

  it('a page of a channel left before subscribing is forgotten: coming back starts fresh', async () => {
    const { actor, subscribes, of } = start();
    await tick();
    actor.send({ type: 'feed.loaded', channelId: 'a', seq: 7 });
    actor.send({ type: 'channel.select', id: 'b' });
    actor.send({ type: 'channel.select', id: 'a' });
    actor.send({ type: 'socket.connected' });
    await tick();
    expect(subscribes).toEqual([{ channelId: 'a' }]);
    expect(of('feed.reload')).toEqual([{ type: 'feed.reload', channelId: 'a' }]);
  });
});

describe('the user id arriving after the start (user.changed)', () => {
  it('takes the channel away on the user’s own removal once the id is known, without restarting', async () => {
    const machine = channelSessionMachine.provide({
      actors: {
        loadChannels: fromPromise<Channel[]>(async () => [makeChannel('a'), makeChannel('b')]),
        subscribe: fromPromise<SubscribeAck, SubscribeRequest>(async () => ({ ok: true, seq: 10 })),
      },
    });
    const actor = createActor(machine, { input: { userId: '', timing: TIMING } });
    const left: ChannelSessionEmitted[] = [];
    actor.on('channel.left', (event) => left.push(event));
    actor.start();
    await tick();
    actor.send({ type: 'socket.connected' });
    await tick();
    actor.send({ type: 'user.changed', userId: 'me' });
    actor.send({ type: 'feed.event', event: memberEvent(11, 'member.removed', 'me') });
    expect(left).toEqual([{ type: 'channel.left', channelId: 'a', reason: LeaveReason.Removed }]);
    expect(actor.getSnapshot().context.selectedId).toBe('b');
  });
});

describe('losing the current channel', () => {
  it.each([
    ['member.removed of the user', memberEvent(11, 'member.removed', 'me'), LeaveReason.Removed],
    ['member.left of the user', memberEvent(11, 'member.left', 'me'), LeaveReason.Left],
    ['channel.deleted', channelEvent(11, 'channel.deleted', makeChannel('a')), LeaveReason.Deleted],
  ])('%s leaves it and shows the next channel', async (_, event, reason) => {
    const { actor, state, of, subscribes } = await live();
    actor.send({ type: 'feed.event', event });
    expect(of('channel.left')).toEqual([{ type: 'channel.left', channelId: 'a', reason }]);
    expect(state().context.channels.map((c) => c.id)).toEqual(['b', 'c']);
    expect(state().context.selectedId).toBe('b');
    expect(of('channel.selected').at(-1)).toEqual({ type: 'channel.selected', channelId: 'b' });
    await tick();
    expect(subscribes.at(-1)).toEqual({ channelId: 'b' });
    expect(state().context.lastSeq).toEqual({ b: 10 });
  });

  it('another member being removed only changes the count', async () => {
    const { actor, state, of } = await live();
    actor.send({ type: 'feed.event', event: memberEvent(11, 'member.removed', 'someone-else') });
    expect(of('channel.left')).toEqual([]);
    expect(state().context.channels[0]?.memberCount).toBe(2);
  });

  it('leaving the last channel empties the list', async () => {
    const { actor, state, of } = await live({ lists: [[makeChannel('a')]] });
    actor.send({ type: 'feed.event', event: channelEvent(11, 'channel.deleted', makeChannel('a')) });
    expect(state().matches({ list: 'empty', feed: 'idle' })).toBe(true);
    expect(state().context.selectedId).toBeNull();
    expect(of('channel.selected').at(-1)).toEqual({ type: 'channel.selected', channelId: null });
  });

  it('channel.removed (deleted or quit here) leaves it the same way', async () => {
    const { actor, state, of } = await live();
    actor.send({ type: 'channel.removed', id: 'a' });
    expect(of('channel.left')).toEqual([{ type: 'channel.left', channelId: 'a', reason: LeaveReason.Left }]);
    expect(state().context.selectedId).toBe('b');
  });

  it('a subscription refused for membership leaves the channel', async () => {
    const { state, of } = await live({
      ack: (request) =>
        request.channelId === 'a'
          ? { ok: false, reason: ErrorReason.Forbidden, message: 'not a member' }
          : { ok: true, seq: 4 },
    });
    await tick();
    expect(of('channel.left')).toEqual([
      { type: 'channel.left', channelId: 'a', reason: LeaveReason.Denied },
    ]);
    expect(state().context.selectedId).toBe('b');
    expect(state().matches({ feed: 'live' })).toBe(true);
  });
});

describe('list changes of channels that are not open (channels:changed)', () => {
  it('renames and mutes a listed channel in place, without touching the feed; ignores what is not about the list', async () => {
    const { actor, state, applied, of, subscribes } = await live({
      lists: [[makeChannel('a'), makeChannel('b', { isCreator: true })]],
    });
    actor.send(
      changed(
        channelEvent(
          7,
          'channel.updated',
          makeChannel('b', { title: 'Bees', isBan: true, isCreator: false }),
        ),
      ),
    );
    expect(state().context.channels[1]).toMatchObject({
      id: 'b',
      title: 'Bees',
      isBan: true,
      isCreator: true,
    });
    expect(state().context.selectedId).toBe('a');
    expect(applied()).toEqual([]);
    expect(of('channel.left')).toEqual([]);
    expect(subscribes).toEqual([{ channelId: 'a' }]);

    // Changes about channels not listed, and other members' comings and goings, change nothing.
    const before = state().context.channels;
    actor.send(changed(channelEvent(8, 'channel.updated', makeChannel('zzz'))));
    actor.send(changed(channelEvent(9, 'channel.deleted', makeChannel('zzz'))));
    actor.send(changed(memberEvent(10, 'member.removed', 'someone-else', 'b')));
    actor.send(changed(memberEvent(11, 'member.joined', 'me', 'b')));
    expect(state().context.channels).toBe(before);
    expect(of('channel.left')).toEqual([]);
    expect(state().matches({ list: 'ready' })).toBe(true);
  });

  it.each([
    ['its deletion', channelEvent(7, 'channel.deleted', makeChannel('b')), LeaveReason.Deleted],
    ['the user’s removal', memberEvent(7, 'member.removed', 'me', 'b'), LeaveReason.Removed],
    ['the user quitting in another tab', memberEvent(7, 'member.left', 'me', 'b'), LeaveReason.Left],
  ])('drops a channel on %s and stays on the open one', async (_, event, reason) => {
    const { actor, state, of, subscribes } = await live();
    actor.send(changed(event));
    expect(state().context.channels.map((c) => c.id)).toEqual(['a', 'c']);
    expect(of('channel.left')).toEqual([{ type: 'channel.left', channelId: 'b', reason }]);
    expect(state().context.selectedId).toBe('a');
    expect(of('channel.selected')).toHaveLength(1);
    await tick();
    expect(subscribes).toEqual([{ channelId: 'a' }]);
  });

  it('leaves the open channel the same way, once, whichever of the two copies comes first', async () => {
    const { actor, state, of, subscribes } = await live();
    const removal = memberEvent(11, 'member.removed', 'me', 'a');
    actor.send(changed(removal));
    expect(of('channel.left')).toEqual([
      { type: 'channel.left', channelId: 'a', reason: LeaveReason.Removed },
    ]);
    expect(state().context.selectedId).toBe('b');
    actor.send({ type: 'feed.event', event: removal });
    expect(of('channel.left')).toHaveLength(1);
    expect(of('feed.unsubscribe')).toEqual([{ type: 'feed.unsubscribe', channelId: 'a' }]);
    await tick();
    expect(subscribes.at(-1)).toEqual({ channelId: 'b' });
  });

  it('reloads the list when the user joins a channel elsewhere, and shows it', async () => {
    const { actor, state, loads, of } = await live({
      lists: [[makeChannel('a')], [makeChannel('a'), makeChannel('new')]],
    });
    actor.send(changed(memberEvent(1, 'member.joined', 'me', 'new')));
    expect(state().matches({ list: 'loading' })).toBe(true);
    await tick();
    expect(loads()).toBe(2);
    expect(state().context.channels.map((c) => c.id)).toEqual(['a', 'new']);
    expect(state().context.selectedId).toBe('a');
    expect(of('channel.selected')).toHaveLength(1);
  });

  it('reloads an empty list on a join elsewhere, and selects the joined channel', async () => {
    const { actor, state } = await live({ lists: [[], [makeChannel('new')]] });
    expect(state().matches({ list: 'empty' })).toBe(true);
    actor.send(changed(memberEvent(1, 'member.joined', 'me', 'new')));
    await tick();
    expect(state().matches({ list: 'ready' })).toBe(true);
    expect(state().context.selectedId).toBe('new');
  });
});

describe('list reloads around the socket', () => {
  it('retries a failed list load once the socket connects', async () => {
    const { actor, state, loads } = start({ lists: [new Error('server down'), [makeChannel('a')]] });
    await tick();
    expect(state().matches({ list: 'error' })).toBe(true);
    actor.send({ type: 'socket.connected' });
    expect(state().matches({ list: 'loading' })).toBe(true);
    await tick();
    expect(loads()).toBe(2);
    expect(state().matches({ list: 'ready' })).toBe(true);
    expect(state().context).toMatchObject({ listError: null, selectedId: 'a' });
  });

  it('retries a failed list load after a reconnect too', async () => {
    const { actor, state, loads } = await live({
      lists: [[makeChannel('a')], new Error('server down'), [makeChannel('a')]],
    });
    actor.send({ type: 'channels.reload' });
    await tick();
    expect(state().matches({ list: 'error' })).toBe(true);
    expect(state().context.channels.map((c) => c.id)).toEqual(['a']); // the last good list stays
    actor.send({ type: 'socket.disconnected' });
    actor.send({ type: 'socket.connected' });
    await tick();
    expect(loads()).toBe(3);
    expect(state().matches({ list: 'ready' })).toBe(true);
  });

  it('reloads the list after a reconnect (list changes are not replayed), not on the first connect', async () => {
    const lists = [
      [makeChannel('a'), makeChannel('b'), makeChannel('c')],
      [makeChannel('a'), makeChannel('b')],
      [makeChannel('a')],
    ];
    const { actor, state, loads, of } = await live({ lists });
    expect(loads()).toBe(1);
    actor.send({ type: 'socket.connected' }); // a reconnect we did not see drop: the feed's business only
    await tick();
    expect(loads()).toBe(1);
    actor.send({ type: 'socket.disconnected' });
    actor.send({ type: 'socket.connected' });
    await tick();
    expect(loads()).toBe(2);
    expect(state().context.channels.map((c) => c.id)).toEqual(['a', 'b']);
    actor.send({ type: 'socket.disconnected' });
    await tick(TIMING.offlineAfterMs);
    expect(state().matches({ socket: 'offline' })).toBe(true);
    actor.send({ type: 'socket.connected' });
    await tick();
    expect(loads()).toBe(3);
    expect(state().context.channels.map((c) => c.id)).toEqual(['a']);
    expect(of('channel.selected')).toHaveLength(1);
  });
});
