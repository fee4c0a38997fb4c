/**
 * A client process: holds a share of the benchmark's sockets so their CPU is not the server's.
 * Ours: the web's handshake (GET /api/ws/pre-connect for a ticket, Socket.IO with the ticket,
 * `channel:subscribe`). Bare: connect, then `join` the room. Both stamp `channel:event` receipts.
 */
import { io, type Socket } from 'socket.io-client';
import { PROTOCOL_VERSION, SOCKET_PATH, type ChannelEvent, type SubscribeAck } from '@draw/shared';
import { clockMs, sleep } from './clock';
import { serve } from './ipc';
import type { ClientCommands, Member, Mode, Stamp } from './protocol';

const sockets: Socket[] = [];
const membersOfChannel = new Map<string, number>();
let receipts: Stamp[] = [];
let bytesByKey: Record<string, number> = {};

function record(event: ChannelEvent): void {
  const at = clockMs();
  if (event.type !== 'task.updated') return;
  const key = `${event.data.id} ${event.data.progress}`;
  receipts.push({ key, channelId: event.channelId, at });
  // Measured once per step (after the stamp): the baseline pads its payloads to this length.
  bytesByKey[key] ??= JSON.stringify(event).length;
}

function once<T>(socket: Socket, event: string, send: (ack: (answer: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${event}`)), 30_000);
    send((answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
  });
}

async function open(mode: Mode, origin: string, member: Member): Promise<Socket> {
  let auth: Record<string, unknown> = {};
  if (mode === 'ours') {
    const res = await fetch(`${origin}/api/ws/pre-connect`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    const { data } = (await res.json()) as { data: { ticket: string } };
    auth = { ticket: data.ticket, v: PROTOCOL_VERSION };
  }
  const socket = io(origin, {
    path: SOCKET_PATH,
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  socket.on('channel:event', record);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  if (mode === 'ours') {
    const ack = await once<SubscribeAck>(socket, 'channel:subscribe', (done) =>
      socket.emit('channel:subscribe', { channelId: member.channelId }, done),
    );
    if (!ack.ok) throw new Error(`subscribe refused: ${ack.message}`);
  } else {
    await once<boolean>(socket, 'join', (done) => socket.emit('join', member.channelId, done));
  }
  return socket;
}

serve<ClientCommands>(
  {
    async connect({ mode, origin, members, parallel }) {
      const started = clockMs();
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(parallel, members.length) }, async () => {
          for (let member = members[next++]; member; member = members[next++]) {
            sockets.push(await open(mode, member.origin ?? origin, member));
            membersOfChannel.set(member.channelId, (membersOfChannel.get(member.channelId) ?? 0) + 1);
          }
        }),
      );
      return { connected: sockets.length, connectMs: clockMs() - started };
    },
    async collect({ expected, timeoutMs }) {
      const wanted = new Set(expected.map((e) => e.key));
      const total = expected.reduce((sum, e) => sum + (membersOfChannel.get(e.channelId) ?? 0), 0);
      const count = () => receipts.filter((r) => wanted.has(r.key)).length;
      const deadline = Date.now() + timeoutMs;
      while (count() < total && Date.now() < deadline) await sleep(20);
      const matched = receipts.filter((r) => wanted.has(r.key));
      const sizes = bytesByKey;
      receipts = [];
      bytesByKey = {};
      return { receipts: matched, bytesByKey: sizes, missing: Math.max(0, total - matched.length) };
    },
    async disconnect() {
      for (const socket of sockets.splice(0)) socket.disconnect();
      membersOfChannel.clear();
      return null;
    },
  },
  async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  },
);
