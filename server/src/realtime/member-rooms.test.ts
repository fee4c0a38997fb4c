import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { MessageType, type ClusterMessage } from 'socket.io-adapter';
import { afterEach, describe, expect, it } from 'vitest';
import { MemberMesh, roomsSocketPath, type MemberRoomsAdapter } from './member-rooms';

/** One cluster member as the server makes it: a Socket.IO server whose rooms the mesh shares. */
interface Member {
  id: number;
  io: Server;
  mesh: MemberMesh;
  url: string;
  /** Room broadcasts this member received from the others, in order. */
  broadcasts: string[][];
  warnings: unknown[];
  stop(): Promise<void>;
}

let dir = '';
const running: Member[] = [];
const clients: ClientSocket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  await Promise.all(running.splice(0).map((member) => member.stop()));
  fs.rmSync(dir, { recursive: true, force: true });
  dir = '';
});

/**
 * Starts member `id`. Its sockets `join` a room as the server's subscribe does (awaiting the
 * join); `publishAfterJoin` lets another member publish the moment that join resolves.
 */
async function startMember(id: number, publishAfterJoin?: (room: string) => void): Promise<Member> {
  dir ||= fs.mkdtempSync(path.join(os.tmpdir(), 'draw-rooms-'));
  const http = createServer();
  const io = new Server(http);
  const warnings: unknown[] = [];
  const log = {
    warn: (...args: unknown[]) => warnings.push(args),
    error: (...args: unknown[]) => warnings.push(args),
  };
  const mesh = new MemberMesh(id, dir, log as never);
  io.adapter(mesh.adapterFactory() as never);
  await mesh.start();
  const broadcasts: string[][] = [];
  const adapter = io.of('/').adapter as MemberRoomsAdapter;
  const receive = adapter.receive.bind(adapter);
  adapter.receive = (message: ClusterMessage) => {
    if (message.type === MessageType.BROADCAST) broadcasts.push(message.data.opts.rooms);
    receive(message);
  };
  io.on('connection', (socket) => {
    socket.on('join', async (room: string, ack: () => void) => {
      await socket.join(room);
      publishAfterJoin?.(room);
      ack();
    });
    socket.on('leave', async (room: string, ack: () => void) => {
      await socket.leave(room);
      ack();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const member: Member = {
    id,
    io,
    mesh,
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    broadcasts,
    warnings,
    async stop() {
      const at = running.indexOf(member);
      if (at >= 0) running.splice(at, 1);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await mesh.close();
    },
  };
  running.push(member);
  return member;
}

async function clientOf(member: Member): Promise<ClientSocket & { got: unknown[] }> {
  const client = Object.assign(connect(member.url, { transports: ['websocket'], forceNew: true }), {
    got: [] as unknown[],
  });
  clients.push(client);
  client.on('e', (value: unknown) => client.got.push(value));
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  return client;
}

const join = (client: ClientSocket, room: string) =>
  new Promise<void>((resolve) => client.emit('join', room, () => resolve()));
const leave = (client: ClientSocket, room: string) =>
  new Promise<void>((resolve) => client.emit('leave', room, () => resolve()));

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 3_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Members 1 and 2, and a socket on member 2 that joined `rooms` in order. */
async function twoMembersWatching(...rooms: string[]) {
  const a = await startMember(1);
  const b = await startMember(2);
  const watcher = await clientOf(b);
  for (const room of rooms) await join(watcher, room);
  return { a, b, watcher };
}
describe('rooms shared member to member (WORKERS > 1)', () => {
  it('sends a room’s broadcast to the members holding the room, and to no other', async () => {
    const a = await startMember(1);
    const b = await startMember(2);
    const c = await startMember(3);
    expect(a.mesh.members()).toEqual([2, 3]);
    expect(c.mesh.members()).toEqual([1, 2]);
    const watcher = await clientOf(b);
    await join(watcher, 'channel:x');
    a.io.to('channel:x').emit('e', 'step 1');
    await until(() => watcher.got.length === 1, 'the step on the other member');
    expect(watcher.got).toEqual(['step 1']);
    // C holds no socket in the room: not a byte of the step reached it.
    expect(c.broadcasts).toEqual([]);
    expect(b.broadcasts).toEqual([['channel:x']]);
  });

  it('resolves a join only once every other member knows of the room, so what they publish next reaches it', async () => {
    let a: Member | null = null;
    const b = await startMember(2, (room) => a?.io.to(room).emit('e', room));
    a = await startMember(1);
    await startMember(3);
    const watcher = await clientOf(b);
    const rooms = Array.from({ length: 30 }, (_, i) => `channel:c${i}`);
    for (const room of rooms) await join(watcher, room);
    await until(() => watcher.got.length === rooms.length, 'every publication made right after a join');
    expect(watcher.got).toEqual(rooms);
  });

  it('keeps one member’s broadcasts to a room in the order it made them', async () => {
    const { a, watcher } = await twoMembersWatching('channel:busy');
    const sent = Array.from({ length: 500 }, (_, i) => i);
    for (const n of sent) a.io.to('channel:busy').emit('e', n);
    await until(() => watcher.got.length === sent.length, 'all 500 steps');
    expect(watcher.got).toEqual(sent);
  });

  it('tells a member that starts later which rooms the others already hold', async () => {
    const b = await startMember(2);
    const watcher = await clientOf(b);
    await join(watcher, 'channel:early');
    const late = await startMember(5);
    late.io.to('channel:early').emit('e', 'from the late member');
    await until(() => watcher.got.length === 1, 'the late member’s broadcast');
    expect(watcher.got).toEqual(['from the late member']);
  });

  it('stops sending a room to a member once its last socket there has left', async () => {
    const { a, b, watcher } = await twoMembersWatching('channel:left');
    await leave(watcher, 'channel:left');
    // One stream carries B's word in order: once A acknowledged this join, it had the leave.
    await join(watcher, 'channel:kept');
    a.io.to('channel:left').emit('e', 'nobody here');
    a.io.to('channel:kept').emit('e', 'here');
    await until(() => watcher.got.length === 1, 'the kept room’s broadcast');
    expect(b.broadcasts).toEqual([['channel:kept']]);
  });

  it('takes sockets out of a room from another member (an eviction)', async () => {
    const { a, b, watcher } = await twoMembersWatching('user:u1', 'channel:x');
    a.io.in('user:u1').socketsLeave('channel:x');
    await until(() => !b.io.of('/').adapter.rooms.has('channel:x'), 'the eviction');
    a.io.to('channel:x').emit('e', 'after the eviction');
    a.io.to('user:u1').emit('e', 'to the user');
    await until(() => watcher.got.length === 1, 'the user’s broadcast');
    expect(watcher.got).toEqual(['to the user']);
  });

  it('drops a member that stops: joins on the others no longer wait for it, and a newcomer ignores its socket file', async () => {
    const a = await startMember(1);
    const b = await startMember(2);
    await b.stop();
    await until(() => a.mesh.members().length === 0, 'the stopped member to be dropped');
    const watcher = await clientOf(a);
    // A join waiting on the stopped member would end only by its timeout, which warns.
    await join(watcher, 'channel:after');
    // A crashed member's file stays behind: a newcomer finds nobody listening there and carries on.
    fs.writeFileSync(roomsSocketPath(dir, 9), '');
    const c = await startMember(3);
    expect(c.mesh.members()).toEqual([1]);
    expect(a.warnings).toEqual([]);
  });
});
