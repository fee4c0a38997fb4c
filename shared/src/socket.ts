import type { ErrorReason } from './errors';
import type { api } from './routes/index';
import type { AnswerOf } from './routes/route';
import type { ChannelState, Member, Message, MessageEdit, ReactionChange, Task } from './entities';
import type { FavoriteChange } from './archive';
import type { NotifyChange, ReadMark, UnreadActivity } from './reads';

/**
 * Live feed protocol version; a client announces it in the handshake (`auth.v`), and the server
 * refuses any other with a typed reason (`HandshakeRefusal` in handshake.ts). Raise it only for a
 * change an older client cannot live with; additions a client may ignore stay within a version.
 *
 * v2 (issue #34): the channel events `message.updated` and `message.reactions`, messages with
 * `replyTo`, `editedAt`, `reactions` and `mentions`, `unread:activity` with `mentionsMe` and
 * `kind`, and `unread:notify`. A v1 client would drop edits and reactions without knowing, so it
 * is refused (`client_too_old`: reload) rather than served half the feed.
 */
export const PROTOCOL_VERSION = 2 as const;
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
  /** v2: its author edited a message (`MessageEdit`: the new content, `editedAt`, mentions). */
  | ChannelEventOf<'message.updated', MessageEdit>
  /** v2: a member reacted to a message or took a reaction back (`ReactionChange`). */
  | ChannelEventOf<'message.reactions', ReactionChange>
  | ChannelEventOf<'channel.updated', ChannelState>
  | ChannelEventOf<'channel.deleted', ChannelState>
  | ChannelEventOf<'member.joined', Member>
  | ChannelEventOf<'member.left', Member>
  | ChannelEventOf<'member.removed', Member>
  /** v1 addition: a member's name or avatar changed (to each channel they are in). */
  | ChannelEventOf<'member.updated', Member>;

export type ChannelEventType = ChannelEvent['type'];
export type ChannelEventData<T extends ChannelEventType> = Extract<ChannelEvent, { type: T }>['data'];

/**
 * Protocol v1 addition: the channel events that change a user's channel LIST (the sidebar).
 * Besides `channel:event` to the channel's room, the server sends each of them as
 * `channels:changed` to the sockets of every user it concerns, subscribed to that channel or not:
 * `channel.updated` and `channel.deleted` to every member, `member.joined` / `member.left` /
 * `member.removed` to that member only (`data.userId` is always the receiving user). It is the same
 * event, with the same `seq`, so a client that also watches the channel may apply both. Not
 * replayed: a client that reconnects reloads its list over REST instead.
 */
export const CHANNELS_CHANGE_TYPES = [
  'channel.updated',
  'channel.deleted',
  'member.joined',
  'member.left',
  'member.removed',
] as const satisfies readonly ChannelEventType[];

export const CHANNEL_EVENT_TYPES = [
  'task.created',
  'task.updated',
  'message.created',
  'message.deleted',
  'message.updated',
  'message.reactions',
  'member.updated',
  ...CHANNELS_CHANGE_TYPES,
] as const satisfies readonly ChannelEventType[];

export type ChannelsChangeType = (typeof CHANNELS_CHANGE_TYPES)[number];
export type ChannelsChange = Extract<ChannelEvent, { type: ChannelsChangeType }>;

export function isChannelsChange(event: ChannelEvent): event is ChannelsChange {
  return (CHANNELS_CHANGE_TYPES as readonly string[]).includes(event.type);
}

/**
 * Bounds on a subscriber's catch-up (the events after its `afterSeq`). Protocol v1 addition.
 * A client that sets `paged` takes the backlog a page at a time: the server sends at most
 * `pageSize` events, THEN acks with `more: true` if events remain; the client subscribes again
 * with `afterSeq` = the last seq it got. The socket joins the channel's room with the last page
 * only, so the whole backlog still arrives once, in seq order, before any live event.
 * A backlog longer than `maxBacklog` (or, for a client without `paged`, longer than one page) is
 * answered with `channel:resync`: the client reloads the channel over REST, as after any resync.
 */
export const CatchUp = { pageSize: 200, maxBacklog: 1_000 } as const;

export interface SubscribeRequest {
  channelId: string;
  afterSeq?: number;
  /** v1 addition: take the backlog in pages (see `CatchUp`). */
  paged?: boolean;
}

export type SubscribeAck =
  /** `more` (paged requests only): the page's events came before this ack and more remain; ask again. */
  { ok: true; seq: number; more?: boolean } | { ok: false; reason: ErrorReason; message: string };

export interface ClientToServerEvents {
  'channel:subscribe': (request: SubscribeRequest, ack: (answer: SubscribeAck) => void) => void;
  'channel:unsubscribe': (request: { channelId: string }, ack?: (answer: { ok: true }) => void) => void;
}

export interface ServerToClientEvents {
  'channel:event': (event: ChannelEvent) => void;
  'channel:resync': (request: { channelId: string }) => void;
  /** v1 addition: a change to the receiving user's channel list (see `ChannelsChange`). */
  'channels:changed': (change: ChannelsChange) => void;
  /** v1 addition: the receiving user starred or unstarred an image (on any of their devices). */
  'archive:favorite': (change: FavoriteChange) => void;
  /** v1 addition: someone else posted in one of the receiving user's channels (sent to every other member, subscribed or not). */
  'unread:activity': (activity: UnreadActivity) => void;
  /** v1 addition: the receiving user marked a channel read (on any of their devices). */
  'unread:read': (mark: ReadMark) => void;
  /** v2: the receiving user changed a channel's notification level (on any of their devices). */
  'unread:notify': (change: NotifyChange) => void;
  /** v1 addition: the site's banner changed (to every socket; `text: null` takes it down). */
  'site:announcement': (announcement: SiteAnnouncement) => void;
  /** v1 addition: an admin hid (or showed again) an image; open pages drop it (to every socket). */
  'image:hidden': (change: ImageHidden) => void;
  /** v1 addition: the receiving user's balance changed outside their own tasks (an admin's adjustment). */
  'credits:changed': (change: CreditsChanged) => void;
  /** v1 addition: the receiving user's pause of submits began (repeated banned words) or a moderator lifted it. */
  'moderation:pause': (change: PauseChanged) => void;
}

/** `site:announcement`: the banner as `GET /api/home/announcement` answers it. */
export interface SiteAnnouncement {
  text: string | null;
  updatedAt: number | null;
}

/** `image:hidden`: the task whose image is gone (hidden) or back (not hidden) for everyone but admins. */
export interface ImageHidden {
  taskId: string;
  channelId: string;
  hidden: boolean;
}

/** `credits:changed`: the balance after the change; the client reads the rest (`GET /api/home/credits`). */
export interface CreditsChanged {
  balance: number;
}

/** `moderation:pause`: when the pause ends (epoch ms), or null when there is none any more. */
export interface PauseChanged {
  pausedUntil: number | null;
}

/** Socket.IO's handshake `auth`. */
export interface HandshakeAuth {
  /** Single-use, from `GET /api/ws/pre-connect`. */
  ticket: string;
  /** The protocol version the client speaks (required: see `versionRefusal`). */
  v: ProtocolVersion;
}

/** What `GET /api/ws/pre-connect` answers: where to connect, and the single-use ticket. */
export type PreConnectAnswer = AnswerOf<typeof api.realtime.preConnect>;
