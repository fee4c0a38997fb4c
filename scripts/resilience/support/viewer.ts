import { channelSessionMachine, type ChannelSessionTiming } from '@draw/machines';
import type { Channel, ChannelEvent, MessagePage, SubscribeAck, SubscribeRequest } from '@draw/shared';
import { createActor, fromPromise } from 'xstate';
import { connectSocket, type TestSocket } from '../../../server/test/support/socket';
import {
  feedItems,
  feedReducer,
  initialFeedState,
  type FeedState,
} from '../../../web/src/pages/draw/feed/feedState';
import { must, visibleItem, type Member } from './client';
import { sleep } from './random';

/** What one socket connection of a viewer saw: its subscribe acks and the raw events, in arrival order. */
export interface ConnectionLog {
  acks: SubscribeAck[];
  received: ChannelEvent[];
  resyncs: number;
}

const RECONNECT_GIVE_UP_MS = 180_000;
const RELOAD_GIVE_UP_MS = 180_000;
const SUBSCRIBE_TIMEOUT_MS = 5_000;
const CONNECT_ATTEMPT_MS = 8_000;
const PAGE_LIMIT = 100;
const MAX_OLDER_PAGES = 50;
/** How many of the machine's latest steps a viewer keeps, to explain a reload in a failure message. */
const TRAIL_LENGTH = 30;

/**
 * `connectSocket` with a time limit. A server killed between the WebSocket opening and the
 * Socket.IO handshake makes the client emit only `disconnect`, so the helper's promise would
 * never settle; a socket that connects after we gave up is closed at once.
 */
function connectWithin(origin: string, token: string, timeoutMs: number): Promise<TestSocket> {
  const attempt = connectSocket(origin, token);
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(new Error(`socket did not connect within ${timeoutMs} ms`));
    }, timeoutMs);
    attempt.then(
      (socket) => {
        clearTimeout(timer);
        if (settled) socket.disconnect();
        else resolve(socket);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!settled) reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * One browser tab looking at one channel, built from the web's own parts: the channel session
 * machine (@draw/machines: ordering, gaps, resubscribe with `afterSeq`, resync) drives a real
 * Socket.IO client, and the web's feed reducer (feedState.ts) turns what the machine applies,
 * plus REST reloads when it asks for them, into what the user sees. It reconnects with a new
 * pre-connect ticket whenever the socket drops, unless paused (a deliberate drop).
 */
export class ChannelViewer {
  state: FeedState;
  /** Every event the machine applied, in order (what reached the screen). */
  readonly applied: ChannelEvent[] = [];
  readonly connections: ConnectionLog[] = [];
  reloads = 0;
  /** For each `feed.reload`, the machine's steps that led to it (oldest first), for failure messages. */
  readonly reloadTrails: string[][] = [];
  readonly problems: string[] = [];
  private readonly trail: string[] = [];
  private socket: TestSocket | null = null;
  private paused = false;
  private stopped = false;
  private reloadWanted = false;
  private reloadRunning: Promise<void> | null = null;
  private listRetry: NodeJS.Timeout | null = null;
  private readonly actor;
  /** Why the current reconnect has not succeeded yet (error → count). */
  private readonly connectFailures = new Map<string, number>();

  constructor(
    private readonly origin: string,
    readonly member: Member,
    readonly channelId: string,
    readonly label: string,
    timing: Partial<ChannelSessionTiming> = {},
  ) {
    this.state = initialFeedState(channelId);
    const machine = channelSessionMachine.provide({
      actors: {
        loadChannels: fromPromise<Channel[]>(() =>
          must<Channel[]>(this.origin, 'GET', '/api/draw/channels', member.token),
        ),
        subscribe: fromPromise<SubscribeAck, SubscribeRequest>(({ input }) => this.subscribe(input)),
      },
    });
    this.actor = createActor(machine, {
      input: { userId: member.userId, routeUuid: channelId, timing },
      inspect: (inspection) => {
        if (inspection.type !== '@xstate.snapshot' || inspection.actorRef !== this.actor) return;
        this.noteStep(
          inspection.event as { type: string; event?: ChannelEvent; output?: SubscribeAck },
          inspection.snapshot as ReturnType<typeof this.actor.getSnapshot>,
        );
      },
    });
    this.actor.on('feed.apply', ({ event }) => {
      this.applied.push(event);
      this.state = feedReducer(this.state, { type: 'event', event });
    });
    this.actor.on('feed.reload', () => {
      this.reloads += 1;
      this.reloadTrails.push([...this.trail]);
      this.requestReload();
    });
    this.actor.on('channel.left', ({ reason }) =>
      this.problems.push(`${label} lost the channel (${reason})`),
    );
    this.actor.subscribe((snapshot) => {
      // The list may fail to load while the server restarts: ask again, as the web's retry does.
      if (snapshot.matches({ list: 'error' }) && !this.listRetry && !this.stopped) {
        this.listRetry = setTimeout(() => {
          this.listRetry = null;
          if (!this.stopped) this.actor.send({ type: 'channels.reload' });
        }, 300);
      }
    });
  }

  async start(): Promise<void> {
    this.actor.start();
    await this.connect();
  }

  /** Drops the socket on purpose and stays offline until `resume()`. */
  pause(): void {
    this.paused = true;
    const socket = this.socket;
    this.socket = null;
    socket?.disconnect();
    this.actor.send({ type: 'socket.disconnected' });
  }

  resume(): Promise<void> {
    this.paused = false;
    return this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.listRetry) clearTimeout(this.listRetry);
    this.socket?.disconnect();
    this.socket = null;
    this.actor.stop();
  }

  /** The last seq the feed applied (its cursor), if anchored. */
  get lastSeq(): number | undefined {
    return this.actor.getSnapshot().context.lastSeq[this.channelId];
  }

  get currentConnection(): ConnectionLog | undefined {
    return this.connections.at(-1);
  }

  /** Live, in order, caught up with `seq`, and no REST reload pending. */
  isSettledAt(seq: number): boolean {
    const snapshot = this.actor.getSnapshot();
    return (
      this.socket?.connected === true &&
      snapshot.matches({ feed: { live: 'inOrder' } }) &&
      this.lastSeq === seq &&
      !this.reloadWanted &&
      this.reloadRunning === null &&
      this.state.status === 'ready'
    );
  }

  /** Where this tab stands, for failure messages. */
  describe(): string {
    const snapshot = this.actor.getSnapshot();
    const last = this.currentConnection;
    return JSON.stringify({
      label: this.label,
      machine: snapshot.value,
      lastSeq: this.lastSeq,
      pending: (snapshot.context.pending[this.channelId] ?? []).map((e) => e.seq),
      connected: this.socket?.connected ?? false,
      connections: this.connections.length,
      lastAcks: last?.acks,
      lastReceived: last?.received.slice(-5).map((e) => e.seq),
      reloads: this.reloads,
      reloading: this.reloadRunning !== null,
      feed: this.state.status,
      problems: this.problems,
      reconnectFailures: [...this.connectFailures],
    });
  }

  /** One line per machine step: when, on which connection, what came in, and where the feed went. */
  private noteStep(
    event: { type: string; event?: ChannelEvent; output?: SubscribeAck },
    snapshot: ReturnType<typeof this.actor.getSnapshot>,
  ): void {
    const detail = event.event
      ? ` seq ${event.event.seq}`
      : event.output
        ? ` ${JSON.stringify(event.output)}`
        : '';
    const feed = JSON.stringify((snapshot.value as { feed?: unknown }).feed);
    this.trail.push(
      `${new Date().toISOString().slice(11, 23)} c${this.connections.length} ${event.type}${detail} → ${feed} lastSeq ${snapshot.context.lastSeq[this.channelId]}`,
    );
    if (this.trail.length > TRAIL_LENGTH) this.trail.shift();
  }

  /** What the user sees: the messages in order, each with its task card. */
  view() {
    return feedItems(this.state).map(({ message, task }) => visibleItem(message, task));
  }

  private async connect(): Promise<void> {
    const deadline = Date.now() + RECONNECT_GIVE_UP_MS;
    const failures = this.connectFailures;
    failures.clear();
    while (!this.stopped && !this.paused) {
      try {
        const socket = await connectWithin(this.origin, this.member.token, CONNECT_ATTEMPT_MS);
        if (this.stopped || this.paused) {
          socket.disconnect();
          return;
        }
        this.attach(socket);
        return;
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        const what = `${String(error)}${cause ? ` (${cause})` : ''}`;
        failures.set(what, (failures.get(what) ?? 0) + 1);
        if (Date.now() > deadline) {
          this.problems.push(`${this.label} could not reconnect: ${JSON.stringify([...failures])}`);
          return;
        }
        await sleep(150);
      }
    }
  }

  private attach(socket: TestSocket): void {
    const log: ConnectionLog = { acks: [], received: [], resyncs: 0 };
    this.connections.push(log);
    socket.on('channel:event', (event) => {
      log.received.push(event);
      this.actor.send({ type: 'feed.event', event });
    });
    socket.on('channel:resync', ({ channelId }) => {
      log.resyncs += 1;
      this.actor.send({ type: 'feed.resync', channelId });
    });
    socket.on('disconnect', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.actor.send({ type: 'socket.disconnected' });
      if (!this.paused && !this.stopped) void this.connect();
    });
    this.socket = socket;
    this.actor.send({ type: 'socket.connected' });
  }

  /** The web's `channel:subscribe` call: rejects when offline or after a timeout (the machine backs off). */
  private subscribe(request: SubscribeRequest): Promise<SubscribeAck> {
    const socket = this.socket;
    const log = this.currentConnection;
    if (!socket?.connected || !log) return Promise.reject(new Error('not connected'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('channel:subscribe timed out')), SUBSCRIBE_TIMEOUT_MS);
      socket.emit('channel:subscribe', request, (ack) => {
        clearTimeout(timer);
        log.acks.push(ack);
        resolve(ack);
      });
    });
  }

  /** Loads the channel over REST as the web does on `feed.reload`, then the older pages a user would scroll to. */
  private requestReload(): void {
    this.reloadWanted = true;
    this.reloadRunning ??= this.reloadUntilDone().finally(() => {
      this.reloadRunning = null;
    });
  }

  private async reloadUntilDone(): Promise<void> {
    const { channelId } = this;
    const deadline = Date.now() + RELOAD_GIVE_UP_MS;
    while (this.reloadWanted && !this.stopped) {
      this.reloadWanted = false;
      this.state = feedReducer(this.state, { type: 'latestStarted', channelId });
      try {
        const page = await must<MessagePage>(
          this.origin,
          'GET',
          `/api/draw/chat/${channelId}?limit=${PAGE_LIMIT}`,
          this.member.token,
        );
        this.state = feedReducer(this.state, { type: 'latestLoaded', channelId, page });
        let { hasMore } = page;
        for (let older = 0; hasMore && older < MAX_OLDER_PAGES; older++) {
          const before = this.state.messages[this.state.order[0]!]!.createdAt;
          const next = await must<MessagePage>(
            this.origin,
            'GET',
            `/api/draw/chat/${channelId}?limit=${PAGE_LIMIT}&before=${before}`,
            this.member.token,
          );
          this.state = feedReducer(this.state, { type: 'olderLoaded', channelId, page: next });
          hasMore = next.hasMore;
        }
      } catch (error) {
        this.state = feedReducer(this.state, { type: 'latestFailed', channelId });
        if (Date.now() > deadline) {
          this.problems.push(`${this.label} could not reload: ${String(error)}`);
          return;
        }
        this.reloadWanted = true;
        await sleep(200);
      }
    }
  }
}
