import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import {
  CatchUp,
  ErrorReason,
  HandshakeRefusal,
  PROTOCOL_VERSION,
  SOCKET_PATH,
  type ClientToServerEvents,
  type HandshakeAuth,
  type HandshakeRefusalData,
  type ServerToClientEvents,
  type SubscribeAck,
  type SubscribeRequest,
  versionRefusal,
} from '@draw/shared';
import { languageOf, translate, type MessageKey, type MessageParams } from '../i18n/messages';
import { roomOf, userRoomOf, type ChannelHub } from './hub';
import { eventLimit, SOCKET_FLOOD_LIMIT, SOCKETS_PER_USER_MAX, SUBSCRIBE_LIMIT } from './limits';
import type { SocketTickets } from './tickets';

/** The room of one session's sockets (its id is the SHA-256 of its token, never the token). */
const sessionRoomOf = (sessionId: string) => `session:${sessionId}`;

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
  sessionId: string;
}

export type SocketServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type ServerSocket = Parameters<Parameters<SocketServer['on']>[1]>[0];

function isSubscribeRequest(value: unknown): value is SubscribeRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { channelId, afterSeq, paged } = value as Record<string, unknown>;
  const validAfter = afterSeq === undefined || (Number.isSafeInteger(afterSeq) && (afterSeq as number) >= 0);
  return (
    typeof channelId === 'string' &&
    channelId.length > 0 &&
    channelId.length <= 64 &&
    validAfter &&
    (paged === undefined || typeof paged === 'boolean')
  );
}

/**
 * A refused handshake: Socket.IO hands `message` and `data` to the client's `connect_error`, so
 * clients switch on `data.reason`; the message is for people reading logs.
 */
function handshakeRefusal(reason: HandshakeRefusal, message: string): Error & { data: HandshakeRefusalData } {
  return Object.assign(new Error(message), { data: { reason, serverVersion: PROTOCOL_VERSION } });
}

export function createSocketServer(
  httpServer: HttpServer,
  deps: {
    hub: ChannelHub;
    tickets: SocketTickets;
    access: ChannelAccess;
    log: FastifyBaseLogger;
    sessions?: SessionEvents;
  },
): SocketServer {
  const { hub, tickets, access, log } = deps;
  const subscribes = eventLimit(SUBSCRIBE_LIMIT);
  const floods = eventLimit(SOCKET_FLOOD_LIMIT);
  const io: SocketServer = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    cors: { origin: false },
  });
  /** A user's sockets in this process (the local rooms, whatever adapter relays broadcasts). */
  const socketsOfUser = (userId: string) => io.of('/').adapter.rooms.get(userRoomOf(userId))?.size ?? 0;

  /**
   * The catch-up of one subscribe, inside the channel's exclusive section with the socket in its
   * room: at most one page of the log is read and sent (see `CatchUp` in @draw/shared).
   */
  async function catchUp(
    socket: ServerSocket,
    { channelId, afterSeq, paged }: SubscribeRequest,
    ack: (answer: SubscribeAck) => void,
  ) {
    const seq = await hub.currentSeq(channelId);
    const resync = () => {
      ack({ ok: true, seq });
      socket.emit('channel:resync', { channelId });
    };
    if (afterSeq === undefined || afterSeq === seq) return ack({ ok: true, seq });
    // The client saw numbers the log no longer has (steps written without fsync and lost with the
    // machine, or a restored backup): the next events will reuse them, so it must reload.
    if (afterSeq > seq) return resync();
    const backlog = seq - afterSeq;
    if (backlog > CatchUp.maxBacklog || (!paged && backlog > CatchUp.pageSize)) return resync();
    const upTo = Math.min(seq, afterSeq + CatchUp.pageSize);
    const page = await hub.eventsAfter(channelId, afterSeq, upTo);
    // Fewer than asked for: that part of the log was pruned.
    if (page.length !== upTo - afterSeq) return resync();
    if (!paged) {
      ack({ ok: true, seq });
      for (const event of page) socket.emit('channel:event', event);
      return;
    }
    const more = upTo < seq;
    // Out of the room until the last page: no live event can come before the backlog is complete.
    if (more) await socket.leave(roomOf(channelId));
    for (const event of page) socket.emit('channel:event', event);
    ack(more ? { ok: true, seq, more } : { ok: true, seq });
  }

  io.use(async (socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as Partial<HandshakeAuth>;
    // Before the ticket: a client that cannot speak with us keeps its ticket unspent.
    const tooOld = versionRefusal(auth.v);
    if (tooOld)
      return next(
        handshakeRefusal(
          tooOld,
          `unsupported protocol version (${tooOld}); this server speaks v${PROTOCOL_VERSION}`,
        ),
      );
    const redeemed = await tickets.redeem(auth.ticket ?? '').catch(() => null);
    if (!redeemed) return next(handshakeRefusal(HandshakeRefusal.InvalidTicket, 'invalid or expired ticket'));
    const { userId, sessionId } = redeemed;
    socket.data.userId = userId;
    socket.data.sessionId = sessionId;
    await socket.join([userRoomOf(userId), sessionRoomOf(sessionId)]);
    // The user's room holds each of their sockets in this process, this one included (counted after
    // joining, so of two handshakes racing at the cap at least one sees the other). A refused
    // handshake leaves its rooms (Socket.IO cleans up after a failed middleware).
    if (socketsOfUser(userId) > SOCKETS_PER_USER_MAX) {
      const language = languageOf(socket.handshake.headers['accept-language']);
      return next(
        handshakeRefusal(
          HandshakeRefusal.TooManySockets,
          translate('socket.tooMany', language, { max: SOCKETS_PER_USER_MAX }),
        ),
      );
    }
    next();
  });

  io.on('connection', (socket) => {
    const language = languageOf(socket.handshake.headers['accept-language']);
    const refuse = (reason: ErrorReason, key: MessageKey, params?: MessageParams): SubscribeAck => ({
      ok: false,
      reason,
      message: translate(key, language, params),
    });
    // A logout between the ticket's check and this point found the socket in its session's room
    // but not yet connected, so it ended nothing: ask again now that any later one will find it.
    const sessionLive = tickets.isSessionLive(socket.data.sessionId).then(
      (live) => {
        if (!live) socket.disconnect(true);
        return live;
      },
      () => false,
    );

    socket.use((_packet, next) => {
      void floods.wait(socket.id).then(
        (waitMs) => (waitMs > 0 ? socket.disconnect(true) : next()),
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
    });

    socket.on('channel:subscribe', async (request, ack) => {
      if (typeof ack !== 'function') return;
      try {
        const waitMs = await subscribes.wait(socket.data.userId);
        if (waitMs > 0)
          return ack(
            refuse(ErrorReason.RateLimited, 'error.rateLimited', { seconds: Math.ceil(waitMs / 1000) }),
          );
        if (!(await sessionLive)) return ack(refuse(ErrorReason.Unauthorized, 'auth.required'));
        if (!isSubscribeRequest(request)) return ack(refuse(ErrorReason.BadRequest, 'socket.badRequest'));
        const { channelId } = request;
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
          await catchUp(socket, request, ack);
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
  deps.sessions?.onSessionsEnded(
    ({ userId, sessionId }) =>
      void io.in(sessionId ? sessionRoomOf(sessionId) : userRoomOf(userId)).disconnectSockets(true),
  );

  hub.attach({
    emit: (event) => void io.to(roomOf(event.channelId)).emit('channel:event', event),
    notify: (userIds, change) => void io.to(userIds.map(userRoomOf)).emit('channels:changed', change),
    favorite: (userId, change) => void io.to(userRoomOf(userId)).emit('archive:favorite', change),
    unreadActivity: (userIds, activity) =>
      void io.to(userIds.map(userRoomOf)).emit('unread:activity', activity),
    unreadRead: (userId, mark) => void io.to(userRoomOf(userId)).emit('unread:read', mark),
    unreadNotify: (userId, change) => void io.to(userRoomOf(userId)).emit('unread:notify', change),
    evict: (channelId, userId) => void io.in(userRoomOf(userId)).socketsLeave(roomOf(channelId)),
    close: (channelId) => void io.in(roomOf(channelId)).socketsLeave(roomOf(channelId)),
  });
  return io;
}
