// @vitest-environment jsdom
import { channelEvent, makeChannel, memberEvent, messageEvent } from '@draw/machines/channel/fixtures';
import { isChannelsChange, type Channel, type ChannelEvent, type ChannelsChange } from '@draw/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelsStore, loadChannels } from '../stores/channels';
import { chatStore, currentChannelOf } from '../stores/chat';
import { ChannelSession, startChannelSession, stopChannelSession } from './channelSession';
import { LiveConnection, type LiveState } from './connection';
import { FakeSocket, ticketDispenser } from '../test/fakeSocket';
import { LiveBus, type LiveBusEvents } from './hooks';

const flush = () => vi.advanceTimersByTimeAsync(0);
const ME = 'me';
/** The channel on screen as views read it (`useCurrentChannel`): its id, with the list's title. */
const shown = () => {
  const channel = currentChannelOf(channelsStore.items, chatStore);
  return channel && { uuid: channel.id, title: channel.title };
};

function harness(initial: Channel[] | Error, routeUuid: string | null = null) {
  let list = initial;
  const fetchChannels = vi.fn(async () => {
    if (list instanceof Error) throw list;
    return list;
  });
  const tickets = ticketDispenser();
  const sockets: FakeSocket[] = [];
  const store: LiveState = { status: 'idle', refusal: null };
  const connection = new LiveConnection({
    preConnect: tickets.preConnect,
    createSocket: (url, options) => {
      const socket = new FakeSocket(url, options);
      sockets.push(socket);
      return socket.asLiveSocket();
    },
    backoff: { initialMs: 100, maxMs: 1_000, factor: 2, jitter: 0 },
    store,
  });
  const bus = new LiveBus();
  const seen: { [K in keyof LiveBusEvents]: LiveBusEvents[K][] } = {
    apply: [],
    reload: [],
    left: [],
    selected: [],
  };
  bus.on('apply', (event) => seen.apply.push(event));
  bus.on('reload', (request) => seen.reload.push(request));
  bus.on('left', (left) => seen.left.push(left));
  bus.on('selected', (selected) => seen.selected.push(selected));
  const session = new ChannelSession({
    userId: ME,
    routeUuid,
    connection,
    fetchChannels,
    bus,
    timing: { gapWaitMs: 500, retryDelayMs: 300 },
  });
  const socket = () => sockets[0]!;
  return {
    session,
    connection,
    socket,
    seen,
    tickets,
    fetchChannels,
    setList: (next: Channel[] | Error) => (list = next),
    /** Starts the session and lets the first connection in. */
    async goLive() {
      session.start();
      await flush();
      await socket().accept();
      await flush();
    },
  };
}

const seqs = (events: readonly ChannelEvent[]) => events.map((event) => event.seq);

/** The server's `channels:changed` carries the channel event itself. */
function change(event: ChannelEvent): ChannelsChange {
  if (!isChannelsChange(event)) throw new Error(`${event.type} is not a list change`);
  return event;
}

beforeEach(() => {
  vi.useFakeTimers();
  channelsStore.items = [];
  channelsStore.status = 'idle';
  chatStore.currentChannelId = null;
});
afterEach(() => {
  stopChannelSession();
  vi.useRealTimers();
});

describe('ChannelSession', () => {
  it('loads the list, takes the route channel, publishes both to the stores and subscribes fresh', async () => {
    const h = harness([makeChannel('a'), makeChannel('b', { title: 'Bee' })], 'b');
    await h.goLive();
    expect(channelsStore.status).toBe('ready');
    expect(channelsStore.items.map((channel) => channel.id)).toEqual(['a', 'b']);
    // The machine's list itself, not a copy kept in step beside it.
    expect(channelsStore.items).toBe(h.session.channels);
    expect(chatStore.currentChannelId).toBe('b');
    expect(shown()).toEqual({ uuid: 'b', title: 'Bee' });
    expect(h.seen.selected).toEqual([{ channelId: 'b' }]);
    expect(h.socket().subscribes.map((sent) => sent.request)).toEqual([{ channelId: 'b' }]);
    h.socket().ackLast({ ok: true, seq: 5 });
    await flush();
    expect(h.seen.reload).toEqual([{ channelId: 'b' }]);
  });

  it('falls back to the first channel when the route names none of them', async () => {
    const h = harness([makeChannel('a', { title: 'Ay' }), makeChannel('b')], 'index');
    await h.goLive();
    expect(shown()).toEqual({ uuid: 'a', title: 'Ay' });
  });

  it('applies events in seq order, exactly once, whatever order and repeats they come in', async () => {
    const h = harness([makeChannel('a')]);
    await h.goLive();
    h.socket().ackLast({ ok: true, seq: 5 });
    await flush();
    for (const seq of [6, 8, 7, 7, 6, 9, 5, 3]) h.socket().sendEvent(messageEvent(seq));
    expect(seqs(h.seen.apply)).toEqual([6, 7, 8, 9]);
  });

  it('holds events that come before the subscribe ack and drops those the ack covers', async () => {
    const h = harness([makeChannel('a')]);
    await h.goLive();
    h.socket().sendEvent(messageEvent(4));
    h.socket().sendEvent(messageEvent(6));
    h.socket().ackLast({ ok: true, seq: 5 });
    await flush();
    expect(h.seen.reload).toEqual([{ channelId: 'a' }]);
    expect(seqs(h.seen.apply)).toEqual([6]);
  });

  it('re-subscribes after a reconnect with afterSeq = the last applied seq and a fresh ticket', async () => {
    const h = harness([makeChannel('a')]);
    await h.goLive();
    h.socket().ackLast({ ok: true, seq: 5 });
    await flush();
    h.socket().sendEvent(messageEvent(6));
    h.socket().sendEvent(messageEvent(7));

    h.socket().drop();
    await vi.advanceTimersByTimeAsync(100);
    expect((await h.socket().accept()).ticket).toBe('t2');
    await flush();
    expect(h.socket().subscribes.at(-1)!.request).toEqual({ channelId: 'a', afterSeq: 7, paged: true });
    h.socket().ackLast({ ok: true, seq: 9 });
    await flush();
    // The server replays what we missed; an overlap is dropped.
    for (const seq of [7, 8, 9]) h.socket().sendEvent(messageEvent(seq));
    expect(seqs(h.seen.apply)).toEqual([6, 7, 8, 9]);
    // No second REST load: the feed went on where it was.
    expect(h.seen.reload).toHaveLength(1);
  });

  it('pages through a long catch-up: each page’s events, then an ack with more, then the next request', async () => {
    const h = harness([makeChannel('a')]);
    await h.goLive();
    h.socket().ackLast({ ok: true, seq: 5 });
    await flush();
    h.socket().drop();
    await vi.advanceTimersByTimeAsync(100);
    await h.socket().accept();
    await flush();
    // The server sends a page (6–8) before its ack, and says more remain.
    for (const seq of [6, 7, 8]) h.socket().sendEvent(messageEvent(seq));
    h.socket().ackLast({ ok: true, seq: 10, more: true });
    await flush();
    expect(h.socket().subscribes.at(-1)!.request).toEqual({ channelId: 'a', afterSeq: 8, paged: true });
    for (const seq of [9, 10]) h.socket().sendEvent(messageEvent(seq));
    h.socket().ackLast({ ok: true, seq: 10 });
    await flush();
    h.socket().sendEvent(messageEvent(11));
    expect(seqs(h.seen.apply)).toEqual([6, 7, 8, 9, 10, 11]);
    expect(h.seen.reload).toHaveLength(1);
  });

  it('asks for a replay when a gap stays open, and for a REST reload on resync', async () => {
    const h = harness([makeChannel('a')]);
    await h.goLive();
    h.socket().ackLast({ ok: true, seq: 1 });
    await flush();
    h.socket().sendEvent(messageEvent(3));
    await vi.advanceTimersByTimeAsync(500);
    expect(h.socket().subscribes.at(-1)!.request).toEqual({ channelId: 'a', afterSeq: 1, paged: true });
    h.socket().ackLast({ ok: true, seq: 3 });
    await flush();
    h.socket().sendEvent(messageEvent(2));
    expect(seqs(h.seen.apply)).toEqual([2, 3]);

    h.socket().sendResync('a');
    await flush();
    expect(h.socket().subscribes.at(-1)!.request).toEqual({ channelId: 'a' });
    h.socket().ackLast({ ok: true, seq: 40 });
    await flush();
    expect(h.seen.reload).toEqual([{ channelId: 'a' }, { channelId: 'a' }]);
    h.socket().sendEvent(messageEvent(41));
    expect(seqs(h.seen.apply)).toEqual([2, 3, 41]);
  });

  it('keeps the sidebar and the header title in step with channel.updated', async () => {
    const a = makeChannel('a', { title: 'old', isCreator: false });
    const h = harness([a]);
    await h.goLive();
    h.socket().ackLast({ ok: true, seq: 0 });
    await flush();
    h.socket().sendEvent(channelEvent(1, 'channel.updated', { ...a, title: 'new', isBan: true }));
    expect(channelsStore.items[0]).toMatchObject({ title: 'new', isBan: true, isCreator: false });
    expect(shown()).toEqual({ uuid: 'a', title: 'new' });
  });

  it('counts members joining and leaving', async () => {
    const h = harness([makeChannel('a', { memberCount: 2 })]);
    await h.goLive();
    h.socket().ackLast({ ok: true, seq: 0 });
    await flush();
    h.socket().sendEvent(memberEvent(1, 'member.joined', 'bob'));
    expect(channelsStore.items[0]!.memberCount).toBe(3);
    h.socket().sendEvent(memberEvent(2, 'member.left', 'bob'));
    expect(channelsStore.items[0]!.memberCount).toBe(2);
    expect(h.seen.left).toEqual([]);
  });

  it('leaves a channel the user is removed from, names it, and selects another', async () => {
    const h = harness([makeChannel('a', { title: 'Ay' }), makeChannel('b', { title: 'Bee' })], 'a');
    await h.goLive();
    h.socket().ackLast({ ok: true, seq: 0 });
    await flush();
    h.socket().sendEvent(memberEvent(1, 'member.removed', ME));
    await flush();
    expect(h.seen.left).toEqual([{ channelId: 'a', reason: 'removed', title: 'Ay' }]);
    expect(channelsStore.items.map((channel) => channel.id)).toEqual(['b']);
    expect(shown()).toEqual({ uuid: 'b', title: 'Bee' });
    expect(h.seen.selected.at(-1)).toEqual({ channelId: 'b' });
    expect(h.socket().unsubscribes).toContain('a');
    expect(h.socket().subscribes.at(-1)!.request).toEqual({ channelId: 'b' });
  });

  it('leaves a deleted channel; an empty list selects nothing', async () => {
    const a = makeChannel('a');
    const h = harness([a]);
    await h.goLive();
    h.socket().ackLast({ ok: true, seq: 0 });
    await flush();
    h.socket().sendEvent(channelEvent(1, 'channel.deleted', a));
    await flush();
    expect(h.seen.left).toEqual([{ channelId: 'a', reason: 'deleted', title: 'Channel a' }]);
    expect(channelsStore.items).toEqual([]);
    expect(shown()).toBeNull();
    expect(h.seen.selected.at(-1)).toEqual({ channelId: null });
  });

  it('leaves a channel the server no longer lets the user watch', async () => {
    const h = harness([makeChannel('a'), makeChannel('b')]);
    await h.goLive();
    h.socket().ackLast({ ok: false, reason: 'forbidden', message: 'no' });
    await flush();
    expect(h.seen.left).toEqual([{ channelId: 'a', reason: 'denied', title: 'Channel a' }]);
    expect(chatStore.currentChannelId).toBe('b');
  });

  it('follows route changes and user selections', async () => {
    const h = harness([makeChannel('a'), makeChannel('b')]);
    await h.goLive();
    h.session.send({ type: 'route.changed', uuid: 'b' });
    await flush();
    expect(chatStore.currentChannelId).toBe('b');
    h.session.send({ type: 'channel.select', id: 'a' });
    await flush();
    expect(h.seen.selected.map((selected) => selected.channelId)).toEqual(['a', 'b', 'a']);
  });

  it('routes loadChannels() through the machine while it runs', async () => {
    const h = harness([makeChannel('a')]);
    const session = startChannelSession({
      userId: ME,
      connection: h.connection,
      fetchChannels: h.fetchChannels,
      bus: new LiveBus(),
    });
    await flush();
    h.setList([makeChannel('a'), makeChannel('new')]);
    const reloaded = loadChannels();
    expect(channelsStore.status).toBe('loading');
    await flush();
    expect((await reloaded).map((channel) => channel.id)).toEqual(['a', 'new']);
    expect(channelsStore.items.map((channel) => channel.id)).toEqual(['a', 'new']);
    expect(h.fetchChannels).toHaveBeenCalledTimes(2);
    stopChannelSession(session);
  });

  it('takes a channel deleted or quit here out of the list at once', async () => {
    const h = harness([makeChannel('a'), makeChannel('b')]);
    await h.goLive();
    h.session.send({ type: 'channel.removed', id: 'a' });
    await flush();
    expect(channelsStore.items.map((channel) => channel.id)).toEqual(['b']);
    expect(h.seen.left).toEqual([{ channelId: 'a', reason: 'left', title: 'Channel a' }]);
  });

  it('unsubscribes when stopped', async () => {
    const h = harness([makeChannel('a')]);
    await h.goLive();
    h.socket().ackLast({ ok: true, seq: 0 });
    await flush();
    h.session.stop();
    expect(h.socket().unsubscribes).toEqual(['a']);
    h.socket().sendEvent(messageEvent(1));
    expect(h.seen.apply).toEqual([]);
  });
});

describe('ChannelSession: channels:changed keeps the sidebar live beyond the open channel', () => {
  it('renames, mutes and drops channels that are not open, and stays on the open one', async () => {
    const h = harness(
      [
        makeChannel('a', { title: 'Ay' }),
        makeChannel('b', { title: 'Bee' }),
        makeChannel('c', { title: 'Sea' }),
      ],
      'a',
    );
    await h.goLive();
    h.socket().ackLast({ ok: true, seq: 0 });
    await flush();

    h.socket().sendChange(
      change(channelEvent(4, 'channel.updated', makeChannel('b', { title: 'Bees', isBan: true }))),
    );
    expect(channelsStore.items.map((channel) => [channel.id, channel.title, channel.isBan])).toEqual([
      ['a', 'Ay', false],
      ['b', 'Bees', true],
      ['c', 'Sea', false],
    ]);
    h.socket().sendChange(change(channelEvent(5, 'channel.deleted', makeChannel('b'))));
    h.socket().sendChange(change(memberEvent(9, 'member.removed', ME, 'c')));
    await flush();
    expect(channelsStore.items.map((channel) => channel.id)).toEqual(['a']);
    expect(h.seen.left).toEqual([
      { channelId: 'b', reason: 'deleted', title: 'Bees' },
      { channelId: 'c', reason: 'removed', title: 'Sea' },
    ]);
    expect(shown()).toEqual({ uuid: 'a', title: 'Ay' });
    expect(h.seen.selected).toEqual([{ channelId: 'a' }]);
    expect(h.socket().subscribes.map((sent) => sent.request)).toEqual([{ channelId: 'a' }]);
    expect(h.seen.apply).toEqual([]);
  });

  it('leaves the open channel with its message when the change beats the feed, and only once', async () => {
    const h = harness([makeChannel('a', { title: 'Ay' }), makeChannel('b', { title: 'Bee' })], 'a');
    await h.goLive();
    h.socket().ackLast({ ok: true, seq: 0 });
    await flush();
    const deletion = channelEvent(1, 'channel.deleted', makeChannel('a', { title: 'Ay' }));
    h.socket().sendChange(change(deletion));
    await flush();
    expect(h.seen.left).toEqual([{ channelId: 'a', reason: 'deleted', title: 'Ay' }]);
    expect(shown()).toEqual({ uuid: 'b', title: 'Bee' });
    h.socket().sendEvent(deletion);
    await flush();
    expect(h.seen.left).toHaveLength(1);
    expect(h.socket().unsubscribes).toContain('a');
    expect(h.socket().subscribes.at(-1)!.request).toEqual({ channelId: 'b' });
  });

  it('shows a channel joined in another tab', async () => {
    const h = harness([makeChannel('a')]);
    await h.goLive();
    h.setList([makeChannel('a'), makeChannel('joined', { title: 'Joined' })]);
    h.socket().sendChange(change(memberEvent(3, 'member.joined', ME, 'joined')));
    await flush();
    expect(channelsStore.items.map((channel) => channel.title)).toEqual(['Channel a', 'Joined']);
    expect(chatStore.currentChannelId).toBe('a');
  });
});

describe('ChannelSession: a list that failed to load', () => {
  it('says so in the store, and loads again once the socket is back', async () => {
    const h = harness(new Error('server down'));
    h.session.start();
    await flush();
    expect(channelsStore.status).toBe('error');
    expect(channelsStore.items).toEqual([]);
    h.setList([makeChannel('a')]);
    await h.socket().accept();
    await flush();
    expect(h.fetchChannels).toHaveBeenCalledTimes(2);
    expect(channelsStore.status).toBe('ready');
    expect(chatStore.currentChannelId).toBe('a');
  });

  it('reloads the list after a reconnect, as list changes sent meanwhile are not replayed', async () => {
    const h = harness([makeChannel('a'), makeChannel('gone-meanwhile')]);
    await h.goLive();
    h.setList([makeChannel('a')]);
    h.socket().drop();
    await vi.advanceTimersByTimeAsync(100);
    await h.socket().accept();
    await flush();
    expect(h.fetchChannels).toHaveBeenCalledTimes(2);
    expect(channelsStore.items.map((channel) => channel.id)).toEqual(['a']);
  });
});
