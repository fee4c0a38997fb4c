import {
  HandshakeRefusal,
  PROTOCOL_VERSION,
  type ChannelEvent,
  type ChannelsChange,
  type HandshakeAuth,
  type PreConnectAnswer,
  type SubscribeAck,
  type SubscribeRequest,
} from '@draw/shared';
import type * as ConnectionModule from '../live/connection';
import type { LiveSocket, LiveSocketOptions } from '../live/connection';

/**
 * Test double of a Socket.IO client socket: records what the client emits and lets a test play
 * the server (accept or refuse the handshake, drop the connection, send events, answer acks).
 */

type AnyHandler = (...args: unknown[]) => void;

export interface SentSubscribe {
  request: SubscribeRequest;
  ack: (answer: SubscribeAck) => void;
}

export class FakeSocket {
  connected = false;
  readonly handshakes: HandshakeAuth[] = [];
  readonly subscribes: SentSubscribe[] = [];
  readonly unsubscribes: string[] = [];
  private readonly handlers = new Map<string, Set<AnyHandler>>();
  private pendingAuth: Promise<HandshakeAuth> | null = null;

  constructor(
    readonly url: string | undefined,
    readonly options: LiveSocketOptions,
  ) {}

  on(event: string, handler: AnyHandler): this {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }

  removeAllListeners(): this {
    this.handlers.clear();
    return this;
  }

  /** Like Socket.IO: the `auth` callback runs for every connection attempt. */
  connect(): this {
    const auth = this.options.auth;
    this.pendingAuth = new Promise<HandshakeAuth>((resolve) => {
      if (typeof auth === 'function') auth((data: object) => resolve(data as HandshakeAuth));
      else resolve(auth as HandshakeAuth);
    });
    return this;
  }

  disconnect(): this {
    const was = this.connected;
    this.connected = false;
    if (was) this.fire('disconnect', 'io client disconnect');
    return this;
  }

  emit(event: string, payload: unknown, ack?: (answer: SubscribeAck) => void): this {
    if (event === 'channel:subscribe' && ack)
      this.subscribes.push({ request: payload as SubscribeRequest, ack });
    if (event === 'channel:unsubscribe') this.unsubscribes.push((payload as { channelId: string }).channelId);
    return this;
  }

  // ---- the server's side ------------------------------------------------------------------

  /** Whether an attempt is waiting for the server (its auth was asked for). */
  get attempting(): boolean {
    return this.pendingAuth !== null;
  }

  /** Lets the attempt in progress through; resolves with the auth it carried. */
  async accept(): Promise<HandshakeAuth> {
    const auth = await this.takeAuth();
    this.connected = true;
    this.fire('connect');
    return auth;
  }

  /**
   * Refuses the attempt in progress as the server does (default: a bad ticket); resolves with the
   * auth it carried. `null`: a refusal without data, as a transport error gives.
   */
  async refuse(reason: HandshakeRefusal | null = HandshakeRefusal.InvalidTicket): Promise<HandshakeAuth> {
    const auth = await this.takeAuth();
    const error = reason
      ? Object.assign(new Error(reason), { data: { reason, serverVersion: PROTOCOL_VERSION } })
      : new Error('websocket error');
    this.fire('connect_error', error);
    return auth;
  }

  /** The connection breaks (network, server restart). */
  drop(): void {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }

  sendEvent(event: ChannelEvent): void {
    this.fire('channel:event', event);
  }

  sendResync(channelId: string): void {
    this.fire('channel:resync', { channelId });
  }

  sendChange(change: ChannelsChange): void {
    this.fire('channels:changed', change);
  }

  /** Answers the latest `channel:subscribe`. */
  ackLast(answer: SubscribeAck): SubscribeRequest {
    const last = this.subscribes.at(-1);
    if (!last) throw new Error('no channel:subscribe was sent');
    last.ack(answer);
    return last.request;
  }

  asLiveSocket(): LiveSocket {
    return this as unknown as LiveSocket;
  }

  private async takeAuth(): Promise<HandshakeAuth> {
    if (!this.pendingAuth) throw new Error('no connection attempt in progress');
    const auth = await this.pendingAuth;
    this.pendingAuth = null;
    this.handshakes.push(auth);
    return auth;
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
}

/** A pre-connect endpoint that hands out numbered tickets: t1, t2, … */
export function ticketDispenser(now: () => number = Date.now) {
  let issued = 0;
  const preConnect = async (): Promise<PreConnectAnswer> => {
    issued += 1;
    return { url: '', path: '/socket.io', ticket: `t${issued}`, expiresAt: now() + 60_000 };
  };
  return { preConnect, issued: () => issued };
}

/**
 * The connection module with one live connection over fake sockets, for `vi.mock` of
 * `live/connection` in a page's tests: every socket it opens is pushed to `sockets`.
 */
export function withFakeSockets(
  actual: typeof ConnectionModule,
  sockets: FakeSocket[],
): typeof ConnectionModule {
  const connection = new actual.LiveConnection({
    preConnect: ticketDispenser().preConnect,
    createSocket: (url, options) => {
      const socket = new FakeSocket(url, options);
      sockets.push(socket);
      return socket.asLiveSocket();
    },
  });
  return { ...actual, getLiveConnection: () => connection };
}
