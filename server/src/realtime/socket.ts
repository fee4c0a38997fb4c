import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import {
  ErrorReason,
  PROTOCOL_VERSION,
  SOCKET_PATH,
  type ClientToServerEvents,
  type HandshakeAuth,
  type ServerToClientEvents,
  type SubscribeAck,
  type SubscribeRequest,
} from '@draw/shared';
import { languageOf, translate, type MessageKey } from '../i18n/messages';
import { roomOf, userRoomOf, type ChannelHub } from './hub';

/** The room of one session's sockets (its id is the SHA-256 of its token, never the token). */
const sessionRoomOf = (sessionId: string) => `session:${sessionId}`;
import type { SocketTickets } from './tickets';

export interface ChannelAccess {
  /** Whether the user may watch the channel's room (a member, today). */
  canSubscribe(userId: string, channelId: string): Promise<boolean>;
}

/** One session of a user (a logout), or all of them (`sessionId` absent: a password reset). */
export interface EndedSessions {
  userId: string;
  sessionId?: string;
}

export interface SessionEvents {
  /** Called with the user whose session(s) just ended: logout, password reset. */
  onSessionsEnded(listener: (ended: EndedSessions) => void): void;
}

interface SocketData {
  userId: string;
}

export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

function isSubscribeRequest(value: unknown): value is SubscribeRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { channelId, afterSeq } = value as Record<string, unknown>;
  const validAfter = afterSeq === undefined || (Number.isSafeInteger(afterSeq) && (afterSeq as number) >= 0);
  return typeof channelId === 'string' && channelId.length > 0 && channelId.length <= 64 && validAfter;
}

export function createSocketServer(
  httpServer: HttpServer,
  deps: { hub: ChannelHub; tickets: SocketTickets; access: ChannelAccess; log: FastifyBaseLogger; sessions?: SessionEvents },
): SocketServer {
  const { hub, tickets, access, log } = deps;
  const io: SocketServer = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    cors: { origin: false },
  });

  io.use(async (socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as Partial<HandshakeAuth>;
    if (auth.v !== PROTOCOL_VERSION) return next(new Error(`unsupported protocol version; this server speaks v${PROTOCOL_VERSION}`));
    const redeemed = await tickets.redeem(auth.ticket ?? '').catch(() => null);
    if (!redeemed) return next(new Error('invalid or expired ticket'));
    const { userId, sessionId } = redeemed;
    socket.data.userId = userId;
    await socket.join(sessionId ? [userRoomOf(userId), sessionRoomOf(sessionId)] : userRoomOf(userId));
    next();
  });

  io.on('connection', (socket) => {
    const language = languageOf(socket.handshake.headers['accept-language']);
    const refuse = (reason: ErrorReason, key: MessageKey): SubscribeAck => ({ ok: false, reason, message: translate(key, language) });

    socket.on('channel:subscribe', async (request, ack) => {
      if (typeof ack !== 'function') return;
      try {
        if (!isSubscribeRequest(request)) return ack(refuse(ErrorReason.BadRequest, 'socket.badRequest'));
        const { channelId, afterSeq } = request;
        if (!(await access.canSubscribe(socket.data.userId, channelId))) {
          return ack(refuse(ErrorReason.Forbidden, 'channel.notMember'));
        }
        await socket.join(roomOf(channelId));
        // Between two publications of the channel: the backlog goes out complete and before any
        // live event, each event once, in seq order (protocol v1), however busy the channel is.
        await hub.exclusive(channelId, async () => {
          // A removal (or deletion) between the check and the join evicted nobody, as the socket was
          // not in the room yet: ask again now that it is. One after this point finds it and evicts it.
          if (!(await access.canSubscribe(socket.data.userId, channelId))) {
            await socket.leave(roomOf(channelId));
            return ack(refuse(ErrorReason.Forbidden, 'channel.notMember'));
          }
          const seq = await hub.currentSeq(channelId);
          ack({ ok: true, seq });
          if (afterSeq === undefined || afterSeq >= seq) return;
          const missed = await hub.eventsAfter(channelId, afterSeq, seq);
          if (missed.length !== seq - afterSeq) return void socket.emit('channel:resync', { channelId });
          for (const event of missed) socket.emit('channel:event', event);
        });
      } catch (error) {
        log.error({ err: error }, 'subscribe failed');
        ack(refuse(ErrorReason.Internal, 'error.internal'));
      }
    });

    socket.on('channel:unsubscribe', async (request, ack) => {
      if (typeof request?.channelId === 'string') await socket.leave(roomOf(request.channelId));
      if (typeof ack === 'function') ack({ ok: true });
    });
  });

  // A socket does not outlive the session it was opened with: a logout ends that session's
  // sockets (the user's other devices stay connected), a password reset all of the user's.
  deps.sessions?.onSessionsEnded(({ userId, sessionId }) =>
    void io.in(sessionId ? sessionRoomOf(sessionId) : userRoomOf(userId)).disconnectSockets(true),
  );

  hub.attach({
    emit: (event) => void io.to(roomOf(event.channelId)).emit('channel:event', event),
    notify: (userIds, change) => void io.to(userIds.map(userRoomOf)).emit('channels:changed', change),
    favorite: (userId, change) => void io.to(userRoomOf(userId)).emit('archive:favorite', change),
    evict: (channelId, userId) => void io.in(userRoomOf(userId)).socketsLeave(roomOf(channelId)),
    close: (channelId) => void io.in(roomOf(channelId)).socketsLeave(roomOf(channelId)),
  });
  return io;
}
