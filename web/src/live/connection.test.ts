// @vitest-environment jsdom
import { HandshakeRefusal, PROTOCOL_VERSION } from '@draw/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../test/dom';
import { removeToken, setToken } from '../stores/auth';
import {
  DEFAULT_BACKOFF,
  LiveConnection,
  backoffDelay,
  getLiveConnection,
  liveStore,
  retryWhenBrowserReturns,
  type LiveState,
} from './connection';
import { FakeSocket, ticketDispenser } from '../test/fakeSocket';

const ioSockets = vi.hoisted(() => [] as unknown[]);
vi.mock('socket.io-client', async () => {
  const { FakeSocket: Fake } = await import('../test/fakeSocket');
  return {
    io: (...args: unknown[]) => {
      const [url, options] = typeof args[0] === 'string' ? args : [undefined, args[0]];
      const socket = new Fake(url as string | undefined, options as never);
      ioSockets.push(socket);
      return socket;
    },
  };
});

const BACKOFF = { initialMs: 100, maxMs: 1_000, factor: 2, jitter: 0.25 };

function setup(offlineAfterMs = 5_000) {
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
    backoff: BACKOFF,
    offlineAfterMs,
    subscribeTimeoutMs: 3_000,
    random: () => 0.5, // no jitter: exact delays
    store,
  });
  const socket = () => {
    const only = sockets[0];
    if (!only) throw new Error('no socket yet');
    return only;
  };
  return { connection, tickets, sockets, socket, store };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('backoffDelay', () => {
  it('doubles from the initial delay up to the cap', () => {
    const delays = [0, 1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, BACKOFF, () => 0.5));
    expect(delays).toEqual([100, 200, 400, 800, 1_000, 1_000]);
  });

  it('never waits more than 10 s between attempts by default (a server back is noticed soon)', () => {
    const longest = Math.max(
      ...Array.from({ length: 20 }, (_, attempt) => backoffDelay(attempt, DEFAULT_BACKOFF, () => 1)),
    );
    expect(longest).toBeLessThanOrEqual(10_000);
    expect(backoffDelay(0, DEFAULT_BACKOFF, () => 0.5)).toBe(500);
  });

  it('spreads the delay by the jitter share', () => {
    expect(backoffDelay(2, BACKOFF, () => 0)).toBe(300);
    expect(backoffDelay(2, BACKOFF, () => 1)).toBe(500);
  });
});

describe('LiveConnection', () => {
  it('connects with the pre-connect ticket, the protocol version and the answered path', async () => {
    const { connection, socket, store } = setup();
    connection.start();
    expect(store.status).toBe('connecting');
    await flush();
    expect(socket().options).toMatchObject({ path: '/socket.io', autoConnect: false, reconnection: false });
    expect(socket().url).toBeUndefined();
    expect(await socket().accept()).toEqual({ ticket: 't1', v: PROTOCOL_VERSION });
    expect(store.status).toBe('live');
    expect(connection.connected).toBe(true);
  });

  it('fetches a fresh ticket for every attempt, after a drop and after a refused handshake', async () => {
    const { connection, socket, tickets, store } = setup();
    const seen: string[] = [];
    connection.listen({
      connected: () => seen.push('connected'),
      disconnected: () => seen.push('disconnected'),
    });
    connection.start();
    await flush();
    await socket().accept();

    socket().drop();
    expect(store.status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(99);
    expect(socket().attempting).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await socket().refuse()).ticket).toBe('t2');
    expect(store.status).toBe('reconnecting');

    // The second retry waits twice as long.
    await vi.advanceTimersByTimeAsync(199);
    expect(socket().attempting).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await socket().accept()).ticket).toBe('t3');
    expect(store.status).toBe('live');
    expect(tickets.issued()).toBe(3);
    expect(seen).toEqual(['connected', 'disconnected', 'connected']);
    expect(new Set(socket().handshakes.map((auth) => auth.ticket)).size).toBe(3);
  });

  it('starts the backoff over once connected again', async () => {
    const { connection, socket } = setup();
    connection.start();
    await flush();
    await socket().accept();
    for (let round = 0; round < 2; round += 1) {
      socket().drop();
      await vi.advanceTimersByTimeAsync(100);
      expect(socket().attempting).toBe(true);
      await socket().accept();
    }
  });

  it('says offline when no connection comes back in time, and live when it does', async () => {
    const { connection, socket, store } = setup(1_000);
    connection.start();
    await flush();
    await socket().accept();
    socket().drop();
    // 100 + 200 + 400 ms of refused attempts, then the offline deadline passes.
    for (const wait of [100, 200, 400]) {
      await vi.advanceTimersByTimeAsync(wait);
      await socket().refuse();
    }
    expect(store.status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(300);
    expect(store.status).toBe('offline');
    await vi.advanceTimersByTimeAsync(500);
    await socket().accept();
    expect(store.status).toBe('live');
  });

  it('retries when the pre-connect call itself fails', async () => {
    const preConnect = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(ticketDispenser().preConnect);
    const sockets: FakeSocket[] = [];
    const connection = new LiveConnection({
      preConnect,
      createSocket: (url, options) => {
        const socket = new FakeSocket(url, options);
        sockets.push(socket);
        return socket.asLiveSocket();
      },
      backoff: BACKOFF,
      random: () => 0.5,
      store: { status: 'idle', refusal: null },
    });
    connection.start();
    await flush();
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(sockets).toHaveLength(1);
    expect((await sockets[0]!.accept()).ticket).toBe('t1');
  });

  it('subscribes through the ack, refuses while disconnected and times out', async () => {
    const { connection, socket } = setup();
    await expect(connection.subscribe({ channelId: 'a' })).rejects.toThrow(/not connected/);
    connection.start();
    await flush();
    await socket().accept();

    const answered = connection.subscribe({ channelId: 'a', afterSeq: 4 });
    expect(socket().ackLast({ ok: true, seq: 9 })).toEqual({ channelId: 'a', afterSeq: 4 });
    await expect(answered).resolves.toEqual({ ok: true, seq: 9 });

    const silent = connection.subscribe({ channelId: 'b' });
    const timedOut = expect(silent).rejects.toThrow(/timed out/);
    await vi.advanceTimersByTimeAsync(3_000);
    await timedOut;

    connection.unsubscribe('a');
    expect(socket().unsubscribes).toEqual(['a']);
  });

  it('hands server events and resyncs to its listeners', async () => {
    const { connection, socket } = setup();
    const event = vi.fn();
    const resync = vi.fn();
    connection.listen({ event, resync });
    connection.start();
    await flush();
    await socket().accept();
    const sample = {
      channelId: 'a',
      seq: 1,
      type: 'member.joined',
      at: 1,
      data: { userId: 'u', name: 'U', avatar: '', isCreator: false, joinedAt: 1 },
    } as const;
    socket().sendEvent(sample);
    socket().sendResync('a');
    expect(event).toHaveBeenCalledWith(sample);
    expect(resync).toHaveBeenCalledWith('a');
  });

  it.each([HandshakeRefusal.ClientTooOld, HandshakeRefusal.ServerTooOld])(
    'gives up on a %s refusal: says refused, tells its listeners once, and never retries',
    async (reason) => {
      const { connection, socket, store, tickets } = setup(1_000);
      const refused = vi.fn();
      connection.listen({ refused });
      connection.start();
      await flush();
      await socket().refuse(reason);
      expect(store).toEqual({ status: 'refused', refusal: reason });
      expect(refused).toHaveBeenCalledExactlyOnceWith(reason);
      // Neither the backoff, the offline deadline nor the browser coming back online tries again.
      connection.retryNow();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(socket().attempting).toBe(false);
      expect(tickets.issued()).toBe(1);
      expect(store.status).toBe('refused');
    },
  );

  it('keeps retrying refusals a new ticket can cure, and errors without a reason', async () => {
    const { connection, socket, store } = setup();
    connection.start();
    await flush();
    await socket().refuse(HandshakeRefusal.InvalidTicket);
    await vi.advanceTimersByTimeAsync(100);
    await socket().refuse(null);
    await vi.advanceTimersByTimeAsync(200);
    await socket().accept();
    expect(store).toEqual({ status: 'live', refusal: null });
  });

  it('stops for good: disconnects, goes idle and does not retry', async () => {
    const { connection, socket, store, tickets } = setup();
    connection.start();
    await flush();
    await socket().accept();
    connection.stop();
    expect(store.status).toBe('idle');
    expect(socket().connected).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tickets.issued()).toBe(1);
  });
});

describe('retryWhenBrowserReturns', () => {
  function setVisibility(state: DocumentVisibilityState) {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  }

  /** Live, then dropped, with the next attempt far away (a long backoff). */
  async function droppedWithLongBackoff() {
    const { connection, socket, store } = setup();
    const stop = retryWhenBrowserReturns(connection, window);
    connection.start();
    await flush();
    await socket().accept();
    socket().drop();
    await vi.advanceTimersByTimeAsync(100);
    await socket().refuse();
    await vi.advanceTimersByTimeAsync(10);
    expect(socket().attempting).toBe(false);
    return { connection, socket, store, stop };
  }

  afterEach(() => setVisibility('visible'));

  it('tries at once when the browser comes back online', async () => {
    const { socket, store, stop } = await droppedWithLongBackoff();
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(socket().attempting).toBe(true);
    await socket().accept();
    expect(store.status).toBe('live');
    stop();
  });

  it('tries at once when the tab becomes visible, not when it is hidden', async () => {
    const { socket, stop } = await droppedWithLongBackoff();
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(socket().attempting).toBe(false);
    setVisibility('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(socket().attempting).toBe(true);
    stop();
  });

  it('leaves a live connection alone, and stops listening when asked', async () => {
    const { connection, socket } = setup();
    const stop = retryWhenBrowserReturns(connection, window);
    connection.start();
    await flush();
    await socket().accept();
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(socket().attempting).toBe(false);
    stop();
    socket().drop();
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(socket().attempting).toBe(false);
  });
});

describe('getLiveConnection', () => {
  it('is one connection per tab, and logging out (the token going) closes it', async () => {
    setToken('token-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelope({ url: '', path: '/socket.io', ticket: 'from-server', expiresAt: Date.now() + 60_000 }),
      ),
    );
    const connection = getLiveConnection();
    expect(getLiveConnection()).toBe(connection);
    connection.start();
    await flush();
    const socket = ioSockets[0] as FakeSocket;
    expect(socket.url).toBeUndefined();
    expect((await socket.accept()).ticket).toBe('from-server');
    expect(liveStore.status).toBe('live');

    removeToken();
    await flush();
    expect(liveStore.status).toBe('idle');
    expect(socket.connected).toBe(false);
  });
});
