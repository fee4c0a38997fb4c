import { io, type Socket } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  type ChannelEvent,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SubscribeAck,
} from '@draw/shared';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents> & {
  events: ChannelEvent[];
  resyncs: string[];
  subscribe(channelId: string, afterSeq?: number): Promise<SubscribeAck>;
  waitFor(predicate: (events: ChannelEvent[]) => boolean, timeoutMs?: number): Promise<ChannelEvent[]>;
};

/** `GET /api/ws/pre-connect` with the session's token. */
export async function fetchTicket(origin: string, token: string): Promise<{ ticket: string; path: string }> {
  const res = await fetch(`${origin}/api/ws/pre-connect`, { headers: { authorization: `Bearer ${token}` } });
  const { data } = (await res.json()) as { data: { ticket: string; path: string } };
  return data;
}

/** A real Socket.IO client that signs in the way the web does: pre-connect ticket, then handshake. */
export async function connectSocket(origin: string, token: string): Promise<TestSocket> {
  return connectWithTicket(origin, await fetchTicket(origin, token));
}

/** The handshake with a ticket fetched earlier; rejects with the server's refusal. */
export async function connectWithTicket(
  origin: string,
  data: { ticket: string; path: string },
): Promise<TestSocket> {
  const socket = io(origin, {
    path: data.path,
    auth: { ticket: data.ticket, v: PROTOCOL_VERSION },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  }) as TestSocket;
  socket.events = [];
  socket.resyncs = [];
  socket.on('channel:event', (event) => socket.events.push(event));
  socket.on('channel:resync', ({ channelId }) => socket.resyncs.push(channelId));
  socket.subscribe = (channelId, afterSeq) =>
    new Promise((resolve) =>
      socket.emit(
        'channel:subscribe',
        afterSeq === undefined ? { channelId } : { channelId, afterSeq },
        resolve,
      ),
    );
  socket.waitFor = async (predicate, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(socket.events)) {
      if (Date.now() > deadline)
        throw new Error(`timed out; got ${socket.events.map((e) => `${e.seq}:${e.type}`).join(', ')}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return socket.events;
  };
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
