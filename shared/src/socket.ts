import type { ErrorReason } from './errors';
import type { ChannelState, Member, Message, Task } from './entities';

/** Live feed protocol version; a client announces it in the handshake (`auth.v`). */
export const PROTOCOL_VERSION = 1 as const;
export type ProtocolVersion = typeof PROTOCOL_VERSION;

/** Default Socket.IO path; `GET /api/ws/pre-connect` also returns it. */
export const SOCKET_PATH = '/socket.io';

interface ChannelEventOf<TType extends string, TData> {
  channelId: string;
  seq: number;
  type: TType;
  at: number;
  data: TData;
}

export type ChannelEvent =
  | ChannelEventOf<'task.created', Task>
  | ChannelEventOf<'task.updated', Task>
  | ChannelEventOf<'message.created', Message>
  | ChannelEventOf<'message.deleted', Message>
  | ChannelEventOf<'channel.updated', ChannelState>
  | ChannelEventOf<'channel.deleted', ChannelState>
  | ChannelEventOf<'member.joined', Member>
  | ChannelEventOf<'member.left', Member>
  | ChannelEventOf<'member.removed', Member>;

export type ChannelEventType = ChannelEvent['type'];
export type ChannelEventData<T extends ChannelEventType> = Extract<ChannelEvent, { type: T }>['data'];

export const CHANNEL_EVENT_TYPES = [
  'task.created',
  'task.updated',
  'message.created',
  'message.deleted',
  'channel.updated',
  'channel.deleted',
  'member.joined',
  'member.left',
  'member.removed',
] as const satisfies readonly ChannelEventType[];

export interface SubscribeRequest {
  channelId: string;
  afterSeq?: number;
}

export type SubscribeAck = { ok: true; seq: number } | { ok: false; reason: ErrorReason; message: string };

export interface ClientToServerEvents {
  'channel:subscribe': (request: SubscribeRequest, ack: (answer: SubscribeAck) => void) => void;
  'channel:unsubscribe': (request: { channelId: string }, ack?: (answer: { ok: true }) => void) => void;
}

export interface ServerToClientEvents {
  'channel:event': (event: ChannelEvent) => void;
  'channel:resync': (request: { channelId: string }) => void;
}

export interface HandshakeAuth {
  ticket: string;
  v: ProtocolVersion;
}

export interface PreConnectAnswer {
  url: string;
  path: string;
  ticket: string;
  expiresAt: number;
}
