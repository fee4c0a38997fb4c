import { DEFAULT_CHANNEL_SESSION_TIMING } from '@draw/machines';
import {
  PROTOCOL_VERSION,
  isHandshakeRefusalData,
  isVersionRefusal,
  type ChannelEvent,
  type ChannelsChange,
  type CreditsChanged,
  type PauseChanged,
  type FavoriteChange,
  type ImageHidden,
  type SiteAnnouncement,
  type NotifyChange,
  type ReadMark,
  type UnreadActivity,
  type ClientToServerEvents,
  type HandshakeAuth,
  type PreConnectAnswer,
  type VersionRefusal,
  type ServerToClientEvents,
  type SubscribeAck,
  type SubscribeRequest,
} from '@draw/shared';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { proxy } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { api } from '../lib/api';
import { call } from '../lib/http';
import { authStore } from '../stores/auth';
import { announceRefusal } from './refusal';

/**
 * The tab's one Socket.IO connection (live feed protocol v1). Every connection attempt redeems a
 * fresh single-use ticket from `GET /api/ws/pre-connect` (the socket's `auth` callback), lost
 * connections come back with exponential backoff, and logging out closes it.
 */

/** `refused`: the server cannot speak with this client's protocol version; no retry helps. */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'offline' | 'refused';

export interface LiveState {
  status: LiveStatus;
  /** Why the status is `refused` (null otherwise). */
  refusal: VersionRefusal | null;
}

/**
 * The connection as the UI shows it. Its one writer is the tab's `LiveConnection`; views read it
 * through `useLiveStatus()` (hooks.ts). The channel session machine's `socket` region is its own
 * input for deciding when to subscribe, fed by the same connection, and no view reads it.
 */
export const liveStore = proxy<LiveState>({ status: 'idle', refusal: null });

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type LiveSocketOptions = Partial<ManagerOptions & SocketOptions>;

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  factor: number;
  /** ± this share of the delay, so many tabs do not come back at the same instant. */
  jitter: number;
}

/**
 * 0.5, 1, 2, 4, 8, 8… s (±25 %). The cap was 30 s: a server back after a restart was only noticed
 * ~23 s later. Socket.IO's own reconnection (its `reconnectionDelayMax`, 5 s by default) is off,
 * since every attempt needs a fresh ticket; this cap plays its part.
 */
export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 500, maxMs: 8_000, factor: 2, jitter: 0.25 };

/** The wait before retry number `attempt` (0-based): initial × factor^attempt, capped, with jitter. */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const base = Math.min(options.maxMs, options.initialMs * options.factor ** Math.max(0, attempt));
  const spread = base * options.jitter * (random() * 2 - 1);
  return Math.max(0, Math.round(base + spread));
}

export interface LiveConnectionListener {
  connected?(): void;
  /** A live connection was lost (not called for failed attempts before it was live). */
  disconnected?(): void;
  event?(event: ChannelEvent): void;
  resync?(channelId: string): void;
  /** `channels:changed`: the user's channel list changed, whichever channel is subscribed. */
  changed?(change: ChannelsChange): void;
  /** `archive:favorite`: the user starred or unstarred an image (here or on another device). */
  favorite?(change: FavoriteChange): void;
  /** `unread:activity`: someone else posted in one of the user's channels (any channel, subscribed or not). */
  unreadActivity?(activity: UnreadActivity): void;
  /** `unread:read`: the user marked a channel read (here or on another device). */
  unreadRead?(mark: ReadMark): void;
  /** `unread:notify` (v2): the user set a channel's notification level (here or on another device). */
  unreadNotify?(change: NotifyChange): void;
  /** `site:announcement`: the site's banner changed (to every socket). */
  announcement?(announcement: SiteAnnouncement): void;
  /** `image:hidden`: an admin hid (or showed again) an image (to every socket). */
  imageHidden?(change: ImageHidden): void;
  /** `credits:changed`: the user's balance changed outside their own tasks (an admin's adjustment). */
  creditsChanged?(change: CreditsChanged): void;
  /** `moderation:pause`: the user's pause of submits began (in another tab) or a moderator lifted it. */
  pauseChanged?(change: PauseChanged): void;
  /** The server refused this client's protocol version: the connection gives up until a reload. */
  refused?(reason: VersionRefusal): void;
}

export interface LiveConnectionDeps {
  /** `GET /api/ws/pre-connect`; rejects when no ticket could be had. */
  preConnect(): Promise<PreConnectAnswer>;
  createSocket(url: string | undefined, options: LiveSocketOptions): LiveSocket;
  backoff?: Partial<BackoffOptions>;
  /** How long without a connection before the status says offline. */
  offlineAfterMs?: number;
  subscribeTimeoutMs?: number;
  random?: () => number;
  now?: () => number;
  /** Where the status goes (default: `liveStore`). */
  store?: LiveState;
}

/** What the channel session needs from the connection (a fake in tests). */
export interface LiveConnectionPort {
  readonly connected: boolean;
  start(): void;
  listen(listener: LiveConnectionListener): () => void;
  subscribe(request: SubscribeRequest): Promise<SubscribeAck>;
  unsubscribe(channelId: string): void;
}

export class LiveConnection implements LiveConnectionPort {
  private socket: LiveSocket | null = null;
  private started = false;
  private wasLive = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private offlineTimer: ReturnType<typeof setTimeout> | null = null;
  /** The ticket that came with the first pre-connect answer, for the first attempt only. */
  private firstTicket: PreConnectAnswer | null = null;
  private readonly listeners = new Set<LiveConnectionListener>();
  private readonly backoff: BackoffOptions;
  private readonly store: LiveState;

  constructor(private readonly deps: LiveConnectionDeps) {
    this.backoff = { ...DEFAULT_BACKOFF, ...deps.backoff };
    this.store = deps.store ?? liveStore;
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  /** Connects if not already started; safe to call again. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.wasLive = false;
    this.store.refusal = null;
    this.attempt = 0;
    this.setStatus('connecting');
    this.armOfflineTimer();
    void this.open();
  }

  /** Disconnects for good (logout); `start()` begins afresh. */
  stop(): void {
    this.started = false;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    this.firstTicket = null;
    if (socket) {
      socket.removeAllListeners();
      socket.disconnect();
    }
    this.store.refusal = null;
    this.setStatus('idle');
  }

  /** Retries at once (the browser came back online, the tab was shown, "Reconnect now"). */
  retryNow(): void {
    if (!this.started || this.connected || this.store.status === 'refused') return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.attempt = 0;
    void this.open();
  }

  listen(listener: LiveConnectionListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** `channel:subscribe`, answered by the server's ack; rejects when not connected or on timeout. */
  subscribe(request: SubscribeRequest): Promise<SubscribeAck> {
    const socket = this.socket;
    return new Promise<SubscribeAck>((resolve, reject) => {
      // Never let Socket.IO buffer it: a request queued now would go out on a later connection.
      if (!socket?.connected) return reject(new Error('live connection is not connected'));
      const timer = setTimeout(
        () => reject(new Error('channel:subscribe timed out')),
        this.deps.subscribeTimeoutMs ?? 10_000,
      );
      socket.emit('channel:subscribe', request, (ack) => {
        clearTimeout(timer);
        resolve(ack);
      });
    });
  }

  unsubscribe(channelId: string): void {
    if (this.socket?.connected) this.socket.emit('channel:unsubscribe', { channelId });
  }

  private async open(): Promise<void> {
    if (!this.started) return;
    if (this.socket) {
      this.socket.connect();
      return;
    }
    let answer: PreConnectAnswer;
    try {
      answer = await this.deps.preConnect();
    } catch {
      this.scheduleRetry();
      return;
    }
    if (!this.started || this.socket) return;
    this.firstTicket = answer;
    const socket = this.deps.createSocket(answer.url || undefined, {
      path: answer.path || undefined,
      autoConnect: false,
      // We retry ourselves: Socket.IO gives up after a refused handshake, and each try needs a new ticket.
      reconnection: false,
      forceNew: true,
      // A WebSocket first: one connection that stays on the server process that accepted it (with
      // WORKERS > 1 nothing has to route it); long-polling only where a WebSocket cannot open.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      auth: (send: (auth: HandshakeAuth) => void) => void this.ticketFor(send),
    });
    this.socket = socket;
    socket.on('connect', () => this.onConnect());
    socket.on('disconnect', (reason) => this.onDisconnect(reason));
    socket.on('connect_error', (error: Error & { data?: unknown }) => this.onConnectError(error.data));
    socket.on('channel:event', (event) => this.forEach((listener) => listener.event?.(event)));
    socket.on('channel:resync', ({ channelId }) => this.forEach((listener) => listener.resync?.(channelId)));
    socket.on('channels:changed', (change) => this.forEach((listener) => listener.changed?.(change)));
    socket.on('archive:favorite', (change) => this.forEach((listener) => listener.favorite?.(change)));
    socket.on('unread:activity', (activity) =>
      this.forEach((listener) => listener.unreadActivity?.(activity)),
    );
    socket.on('unread:read', (mark) => this.forEach((listener) => listener.unreadRead?.(mark)));
    socket.on('unread:notify', (change) => this.forEach((listener) => listener.unreadNotify?.(change)));
    socket.on('site:announcement', (banner) => this.forEach((listener) => listener.announcement?.(banner)));
    socket.on('image:hidden', (change) => this.forEach((listener) => listener.imageHidden?.(change)));
    socket.on('credits:changed', (change) => this.forEach((listener) => listener.creditsChanged?.(change)));
    socket.on('moderation:pause', (change) => this.forEach((listener) => listener.pauseChanged?.(change)));
    socket.connect();
  }

  /** The handshake's `auth`: a ticket nobody used yet, fetched for this very attempt. */
  private async ticketFor(send: (auth: HandshakeAuth) => void): Promise<void> {
    const first = this.firstTicket;
    this.firstTicket = null;
    const now = this.deps.now?.() ?? Date.now();
    if (first && first.expiresAt > now + 1_000) return send({ ticket: first.ticket, v: PROTOCOL_VERSION });
    try {
      const answer = await this.deps.preConnect();
      send({ ticket: answer.ticket, v: PROTOCOL_VERSION });
    } catch {
      // No ticket: the server refuses the handshake and we try again later.
      send({ ticket: '', v: PROTOCOL_VERSION });
    }
  }

  private onConnect(): void {
    this.attempt = 0;
    this.wasLive = true;
    this.clearTimers();
    this.setStatus('live');
    this.forEach((listener) => listener.connected?.());
  }

  private onDisconnect(reason: string): void {
    if (!this.started || reason === 'io client disconnect') return;
    this.setStatus('reconnecting');
    this.armOfflineTimer();
    this.forEach((listener) => listener.disconnected?.());
    this.scheduleRetry();
  }

  private onConnectError(data: unknown): void {
    if (!this.started) return;
    if (isHandshakeRefusalData(data) && isVersionRefusal(data.reason)) return this.onRefused(data.reason);
    if (this.store.status !== 'offline') this.setStatus(this.wasLive ? 'reconnecting' : 'connecting');
    this.armOfflineTimer();
    this.scheduleRetry();
  }

  /** A new ticket cannot change the protocol we speak: stop, and let the person reload. */
  private onRefused(reason: VersionRefusal): void {
    this.clearTimers();
    this.store.refusal = reason;
    this.setStatus('refused');
    this.forEach((listener) => listener.refused?.(reason));
  }

  private scheduleRetry(): void {
    if (!this.started || this.retryTimer) return;
    const delay = backoffDelay(this.attempt, this.backoff, this.deps.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.started && !this.connected) void this.open();
    }, delay);
  }

  private armOfflineTimer(): void {
    if (this.offlineTimer) return;
    const after = this.deps.offlineAfterMs ?? DEFAULT_CHANNEL_SESSION_TIMING.offlineAfterMs;
    this.offlineTimer = setTimeout(() => {
      this.offlineTimer = null;
      if (this.started && !this.connected) this.setStatus('offline');
    }, after);
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.offlineTimer) clearTimeout(this.offlineTimer);
    this.retryTimer = null;
    this.offlineTimer = null;
  }

  private setStatus(status: LiveStatus): void {
    if (this.store.status !== status) this.store.status = status;
  }

  private forEach(call: (listener: LiveConnectionListener) => void): void {
    for (const listener of [...this.listeners]) {
      try {
        call(listener);
      } catch (error) {
        console.error(error);
      }
    }
  }
}

function isPreConnectAnswer(value: unknown): value is PreConnectAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Partial<PreConnectAnswer>;
  return (
    typeof answer.ticket === 'string' && answer.ticket.length > 0 && typeof answer.expiresAt === 'number'
  );
}

/** `GET /api/ws/pre-connect` through the app's HTTP client (404/500 envelopes come back raw). */
export async function fetchPreConnect(): Promise<PreConnectAnswer> {
  const answer = await call(api.realtime.preConnect);
  if (!isPreConnectAnswer(answer)) throw new Error('pre-connect answered without a ticket');
  return answer;
}

/**
 * Retries at once when the browser says the network is back (`online`) or the person looks at the
 * tab again (`visibilitychange` → visible): waiting out the backoff then is what felt broken.
 * `retryNow` does nothing while connected. Returns a function that stops listening.
 */
export function retryWhenBrowserReturns(
  connection: Pick<LiveConnection, 'retryNow'>,
  target: Window,
): () => void {
  const retry = () => connection.retryNow();
  const onVisibility = () => {
    if (target.document.visibilityState === 'visible') retry();
  };
  target.addEventListener('online', retry);
  target.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    target.removeEventListener('online', retry);
    target.document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** "Reconnect now": the tab's connection tries at once (no-op while live or before it started). */
export function reconnectNow(): void {
  tabConnection?.retryNow();
}

let tabConnection: LiveConnection | null = null;

/** The tab's connection, created on first use; it closes when the token goes (logout, 401). */
export function getLiveConnection(): LiveConnection {
  if (tabConnection) return tabConnection;
  const connection = new LiveConnection({
    preConnect: fetchPreConnect,
    // No url: the page's own origin (the default; PUBLIC_URL is unset).
    createSocket: (url, options) => (url ? io(url, options) : io(options)) as LiveSocket,
  });
  connection.listen({ refused: announceRefusal });
  subscribeKey(authStore, 'token', (token) => {
    if (!token) connection.stop();
  });
  if (typeof window !== 'undefined') retryWhenBrowserReturns(connection, window);
  tabConnection = connection;
  return connection;
}
