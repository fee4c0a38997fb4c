import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import type { FastifyBaseLogger } from 'fastify';
import {
  ClusterAdapterWithHeartbeat,
  MessageType,
  type ClusterMessage,
  type ClusterResponse,
  type Offset,
  type Room,
  type SocketId,
} from 'socket.io-adapter';
import type { Namespace } from 'socket.io';
import type { SocketServer } from './socket';

/**
 * Socket.IO rooms shared by the members of a cluster (WORKERS > 1), member to member.
 *
 * Each member listens on a private Unix socket beside the session sockets and connects to every
 * other member's: a broadcast crosses once, from the member that made it to the members that need
 * it, with no primary in between. A member needs a broadcast only when one of its sockets is in
 * one of its rooms, so each member tells the others which of our rooms (`channel:…`, `user:…`,
 * `session:…`) it holds, and a room broadcast goes only to those members. A task's steps in a
 * channel nobody watches from another member cost that member nothing.
 *
 * Every event once and in order, catch-up exact: a socket's join of a room its member did not hold
 * resolves only once every other member has acknowledged it. A member handles that word before it
 * acknowledges, so what it publishes afterwards reaches the new room, and what it published before
 * was stored before the joining member reads its catch-up (an event is sent after its commit).
 * Between two members, everything travels on one stream, so a room's broadcasts arrive in the
 * order they were made, and a room given up and held again is told in that order too.
 */

/** The wire between two members: what one tells another, in order, on the stream it opened. */
type Wire =
  /** First on a stream: who is speaking, and every room it holds at that moment. */
  | { k: 'hello'; v: typeof WIRE_VERSION; member: number; rooms: string[] }
  /** Rooms the sender now holds; with `ack`, it waits for the receiver's acknowledgement. */
  | { k: 'held'; rooms: string[]; ack?: number }
  /** Rooms the sender no longer holds. */
  | { k: 'released'; rooms: string[] }
  | { k: 'message'; message: ClusterMessage }
  | { k: 'response'; response: ClusterResponse };

/** The receiver's only word back on a stream it accepted. */
type Ack = { k: 'ack'; ack: number };

const WIRE_VERSION = 1;
/** How long a join waits for another member's acknowledgement before it gives up on that member. */
const ACK_TIMEOUT_MS = 5_000;
/** How long a starting member waits for the members it found to greet it. */
const GREETING_TIMEOUT_MS = 5_000;
/** Heartbeats of the cluster adapter, sent whatever else is (or is not) sent to a member. */
const HEARTBEAT_MS = 5_000;
/** Far above any broadcast of ours (a socket packet is at most 64 KiB): a larger frame is a bug. */
const FRAME_MAX_BYTES = 64 * 1024 * 1024;

export const roomsSocketPath = (dir: string, member: number) => path.join(dir, `m${member}.rooms.sock`);
const ROOMS_SOCKET = /^m(\d+)\.rooms\.sock$/;

/** Our rooms have a kind before a colon; a socket's own room (its id) is never shared this way. */
const isNamedRoom = (room: Room) => room.includes(':');
const keyOf = (nsp: string, room: Room) => `${nsp}\u0000${room}`;

function frame(value: Wire | Ack): Buffer {
  const body = v8.serialize(value);
  const head = Buffer.allocUnsafe(4);
  head.writeUInt32BE(body.length);
  return Buffer.concat([head, body]);
}

/** Calls `onFrame` with each whole frame the stream brings, in order. */
function readFrames(socket: net.Socket, onFrame: (value: unknown) => void): void {
  let pending: Buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= 4) {
      const size = pending.readUInt32BE(0);
      if (size > FRAME_MAX_BYTES) {
        socket.destroy(new Error(`a frame of ${size} bytes from another member`));
        return;
      }
      if (pending.length < 4 + size) break;
      const body = pending.subarray(4, 4 + size);
      pending = pending.subarray(4 + size);
      onFrame(v8.deserialize(body));
    }
  });
}

interface Peer {
  member: number;
  /** The stream this member opened to the peer: everything it tells the peer goes there. */
  out: net.Socket;
  connected: boolean;
  queued: Buffer[];
  /** The stream the peer opened to this member, once it has said hello. */
  in: net.Socket | null;
  /** Rooms (by `keyOf`) where the peer holds sockets. */
  held: Set<string>;
  /** The peer's adapters' ids, learnt from its messages: where responses go. */
  uids: Set<string>;
  greeted: Promise<void>;
  greet: () => void;
}

interface PendingAck {
  waiting: Set<number>;
  resolve: () => void;
  timer: NodeJS.Timeout;
}

/** This member's connections to the others, and what each of them holds. */
export class MemberMesh {
  private readonly peers = new Map<number, Peer>();
  private readonly adapters = new Map<string, MemberRoomsAdapter>();
  private readonly acks = new Map<number, PendingAck>();
  private readonly server: net.Server;
  private nextAck = 1;
  private closed = false;

  constructor(
    readonly member: number,
    private readonly dir: string,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {
    this.server = net.createServer((socket) => this.accept(socket));
  }

  /** Listens, then greets every member found in the folder and waits for their rooms. */
  async start(): Promise<void> {
    const own = roomsSocketPath(this.dir, this.member);
    fs.rmSync(own, { force: true });
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(own, () => resolve());
    });
    this.server.on('error', (err) => this.log.error({ err }, 'the members’ room socket failed'));
    const found = fs
      .readdirSync(this.dir)
      .map((name) => Number(ROOMS_SOCKET.exec(name)?.[1]))
      .filter((member) => Number.isSafeInteger(member) && member !== this.member);
    const greetings = found.map((member) => this.peerOf(member).greeted);
    // A member that listens no more (its file left behind by a crash) refuses the connection and is dropped.
    await Promise.race([
      Promise.all(greetings),
      new Promise((resolve) => setTimeout(resolve, GREETING_TIMEOUT_MS).unref()),
    ]);
    for (const member of found) {
      const peer = this.peers.get(member);
      if (peer && !peer.in) {
        this.log.warn(
          { member },
          'a cluster member did not greet this one in time; rooms are not shared with it',
        );
        this.drop(member);
      }
    }
  }

  /** The members this one shares rooms with now. */
  members(): number[] {
    return [...this.peers.keys()].sort((a, b) => a - b);
  }

  /** What `io.adapter()` takes: Socket.IO calls it with `new` for each namespace. */
  adapterFactory(): (nsp: Namespace) => MemberRoomsAdapter {
    const make = (nsp: Namespace) => {
      const adapter = new MemberRoomsAdapter(nsp, this);
      this.adapters.set(nsp.name, adapter);
      return adapter;
    };
    // A function, not an arrow: an arrow cannot be called with `new`.
    return function (nsp: Namespace) {
      return make(nsp);
    };
  }

  /** Tells the others these rooms are now held here; resolves once each has acknowledged. */
  hold(nsp: string, rooms: Room[]): Promise<void> {
    const keys = rooms.map((room) => keyOf(nsp, room));
    if (this.peers.size === 0) return Promise.resolve();
    const ack = this.nextAck++;
    const waiting = new Set(this.peers.keys());
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.acks.delete(ack);
        this.log.warn({ members: [...waiting] }, 'a cluster member did not acknowledge a room in time');
        resolve();
      }, ACK_TIMEOUT_MS);
      timer.unref();
      this.acks.set(ack, { waiting, resolve, timer });
      const message = frame({ k: 'held', rooms: keys, ack });
      for (const peer of this.peers.values()) this.write(peer, message);
    });
  }

  release(nsp: string, rooms: Room[]): void {
    if (this.peers.size === 0) return;
    const message = frame({ k: 'released', rooms: rooms.map((room) => keyOf(nsp, room)) });
    for (const peer of this.peers.values()) this.write(peer, message);
  }

  /**
   * Sends an adapter message to the members that need it: a room broadcast without acks to those
   * holding one of its rooms, anything else (heartbeats, joins and leaves by room, disconnects,
   * requests) to every member.
   */
  publish(message: ClusterMessage): void {
    if (this.peers.size === 0) return;
    const rooms =
      message.type === MessageType.BROADCAST && !message.data.requestId ? message.data.opts.rooms : null;
    const keys =
      rooms && rooms.length > 0 && rooms.every(isNamedRoom) ? rooms.map((r) => keyOf(message.nsp, r)) : null;
    let encoded: Buffer | null = null;
    for (const peer of this.peers.values()) {
      if (keys && !keys.some((key) => peer.held.has(key))) continue;
      encoded ??= frame({ k: 'message', message });
      this.write(peer, encoded);
    }
  }

  respond(requesterUid: string, response: ClusterResponse): void {
    const encoded = frame({ k: 'response', response });
    const owner = [...this.peers.values()].find((peer) => peer.uids.has(requesterUid));
    for (const peer of owner ? [owner] : this.peers.values()) this.write(peer, encoded);
  }

  /** The rooms this member's adapters hold now, as `keyOf` keys. */
  private heldHere(): string[] {
    const keys: string[] = [];
    for (const [nsp, adapter] of this.adapters)
      for (const room of adapter.rooms.keys()) if (isNamedRoom(room)) keys.push(keyOf(nsp, room));
    return keys;
  }

  private peerOf(member: number): Peer {
    const known = this.peers.get(member);
    if (known) return known;
    let greet = () => undefined as void;
    const greeted = new Promise<void>((resolve) => (greet = resolve));
    const out = net.connect(roomsSocketPath(this.dir, member));
    const peer: Peer = {
      member,
      out,
      connected: false,
      queued: [],
      in: null,
      held: new Set(),
      uids: new Set(),
      greeted,
      greet,
    };
    this.peers.set(member, peer);
    out.setNoDelay(true);
    out.on('connect', () => {
      if (this.peers.get(member) !== peer) return;
      // The hello carries the rooms held at this moment; every later change follows it on this stream.
      out.write(frame({ k: 'hello', v: WIRE_VERSION, member: this.member, rooms: this.heldHere() }));
      for (const queued of peer.queued) out.write(queued);
      peer.queued = [];
      peer.connected = true;
    });
    readFrames(out, (value) => this.acknowledged(member, value as Ack));
    out.on('error', () => undefined);
    out.on('close', () => this.drop(member, peer));
    return peer;
  }

  private write(peer: Peer, encoded: Buffer): void {
    if (peer.connected) peer.out.write(encoded);
    else peer.queued.push(encoded);
  }

  /** A stream another member opened: its hello, then everything it tells this member. */
  private accept(socket: net.Socket): void {
    socket.setNoDelay(true);
    let peer: Peer | null = null;
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (peer?.in === socket) this.drop(peer.member, peer);
    });
    readFrames(socket, (value) => {
      const wire = value as Wire;
      if (!peer) {
        if (wire.k !== 'hello' || wire.v !== WIRE_VERSION) {
          this.log.error({ got: wire.k }, 'a cluster member spoke another version of the room wire');
          socket.destroy();
          return;
        }
        peer = this.peerOf(wire.member);
        peer.in?.destroy();
        peer.in = socket;
        peer.held = new Set(wire.rooms);
        peer.greet();
        return;
      }
      this.receive(peer, socket, wire);
    });
  }

  private receive(peer: Peer, socket: net.Socket, wire: Wire): void {
    switch (wire.k) {
      case 'hello':
        return;
      case 'held':
        for (const key of wire.rooms) peer.held.add(key);
        // Acknowledged only now: whatever this member publishes from here on reaches those rooms.
        if (wire.ack !== undefined) socket.write(frame({ k: 'ack', ack: wire.ack }));
        return;
      case 'released':
        for (const key of wire.rooms) peer.held.delete(key);
        return;
      case 'message': {
        const { message } = wire;
        if (message.uid) peer.uids.add(message.uid);
        this.adapters.get(message.nsp)?.receive(message);
        return;
      }
      case 'response':
        this.adapters.get(wire.response.nsp)?.receiveResponse(wire.response);
        return;
      default:
        wire satisfies never;
    }
  }

  private acknowledged(member: number, ack: Ack): void {
    if (ack?.k !== 'ack') return;
    this.settle(ack.ack, member);
  }

  private settle(ack: number, member: number): void {
    const pending = this.acks.get(ack);
    if (!pending) return;
    pending.waiting.delete(member);
    if (pending.waiting.size > 0) return;
    clearTimeout(pending.timer);
    this.acks.delete(ack);
    pending.resolve();
  }

  /** A member gone (stopped, crashed, or never there): it publishes nothing more, so nothing waits for it. */
  private drop(member: number, which?: Peer): void {
    const peer = this.peers.get(member);
    if (!peer || (which && which !== peer)) return;
    this.peers.delete(member);
    peer.out.destroy();
    peer.in?.destroy();
    peer.greet();
    for (const ack of [...this.acks.keys()]) this.settle(ack, member);
    for (const [nsp, adapter] of this.adapters)
      for (const uid of peer.uids) adapter.receive({ type: MessageType.ADAPTER_CLOSE, uid, nsp });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Closing the Socket.IO server closed the adapters, whose last word (ADAPTER_CLOSE) leaves before the streams end.
    await Promise.all(
      [...this.peers.values()].map(
        (peer) => new Promise<void>((resolve) => (peer.connected ? peer.out.end(resolve) : resolve())),
      ),
    );
    for (const member of [...this.peers.keys()]) this.drop(member);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    fs.rmSync(roomsSocketPath(this.dir, this.member), { force: true });
  }
}

/**
 * The Socket.IO adapter of one namespace on a member: the cluster adapter's messages, carried by
 * the mesh; a join of a room new to this member waits until the other members know of it.
 */
export class MemberRoomsAdapter extends ClusterAdapterWithHeartbeat {
  /** Rooms whose holding is being told to the others: a second socket joining waits for it too. */
  private readonly telling = new Map<Room, Promise<void>>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    nsp: Namespace,
    private readonly mesh: MemberMesh,
  ) {
    super(nsp, { heartbeatInterval: HEARTBEAT_MS });
    // A member that holds none of this one's rooms may get no broadcast for a long time: keep it aware of us.
    this.heartbeat = setInterval(() => this.publish({ type: MessageType.HEARTBEAT }), HEARTBEAT_MS);
    this.heartbeat.unref();
    this.on('delete-room', (room: Room) => {
      if (isNamedRoom(room)) this.mesh.release(this.nsp.name, [room]);
    });
  }

  override addAll(id: SocketId, rooms: Set<Room>): Promise<void> | void {
    const fresh = [...rooms].filter((room) => isNamedRoom(room) && !this.rooms.has(room));
    super.addAll(id, rooms);
    if (fresh.length > 0) {
      const told = this.mesh.hold(this.nsp.name, fresh);
      for (const room of fresh) {
        this.telling.set(room, told);
        void told.then(() => {
          if (this.telling.get(room) === told) this.telling.delete(room);
        });
      }
    }
    const waits = [...rooms].flatMap((room) => this.telling.get(room) ?? []);
    if (waits.length === 0) return;
    return Promise.all(new Set(waits)).then(() => undefined);
  }

  receive(message: ClusterMessage): void {
    this.onMessage(message);
  }

  receiveResponse(response: ClusterResponse): void {
    this.onResponse(response);
  }

  override close(): void {
    clearInterval(this.heartbeat);
    super.close();
  }

  protected override doPublish(message: ClusterMessage): Promise<Offset> {
    this.mesh.publish(message);
    return Promise.resolve('');
  }

  protected override doPublishResponse(requesterUid: string, response: ClusterResponse): Promise<void> {
    this.mesh.respond(requesterUid, response);
    return Promise.resolve();
  }
}

/**
 * Makes this member's rooms shared with the other members (see the top of this file); resolves
 * once the members already running have told it their rooms. Returns the stop.
 */
export async function shareRoomsBetweenMembers(
  io: SocketServer,
  options: { member: number; dir: string; log: FastifyBaseLogger },
): Promise<() => Promise<void>> {
  const mesh = new MemberMesh(options.member, options.dir, options.log);
  io.adapter(mesh.adapterFactory() as never);
  await mesh.start();
  return () => mesh.close();
}
