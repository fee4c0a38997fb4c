import type { Channel, ChannelEvent, ChannelsChange } from '@draw/shared';

/** Why the current user no longer sees a channel. */
export const LeaveReason = {
  /** Its creator deleted it (`channel.deleted`). */
  Deleted: 'deleted',
  /** The creator removed the user (`member.removed` of the user). */
  Removed: 'removed',
  /** The user quit or deleted it, here or in another tab (`member.left` of the user, `channel.removed`). */
  Left: 'left',
  /** The server refused the subscription (no longer a member, or the channel is gone). */
  Denied: 'denied',
} as const;
export type LeaveReason = (typeof LeaveReason)[keyof typeof LeaveReason];

/**
 * The channel to show: the route's if it is in the list (a shared /draw/{id} link), else the one
 * already shown if it still is, else the first; `null` for an empty list.
 */
export function pickChannelId(
  channels: readonly Channel[],
  routeUuid: string | null,
  currentId: string | null,
): string | null {
  const listed = (id: string | null) => id !== null && channels.some((channel) => channel.id === id);
  if (listed(routeUuid)) return routeUuid;
  if (listed(currentId)) return currentId;
  return channels[0]?.id ?? null;
}

export interface ListEffect {
  channels: Channel[];
  /** Set when the event takes the channel away from the current user. */
  leave: LeaveReason | null;
}

/** What an applied feed event does to the channel list, for the user `userId`. */
export function applyEventToList(channels: Channel[], event: ChannelEvent, userId: string): ListEffect {
  const update = (change: (channel: Channel) => Channel): ListEffect => ({
    channels: channels.map((channel) => (channel.id === event.channelId ? change(channel) : channel)),
    leave: null,
  });
  switch (event.type) {
    case 'channel.updated':
      // Live events carry the shared view; whether the user created it never changes.
      return update((channel) => ({ ...channel, ...event.data, isCreator: channel.isCreator }));
    case 'channel.deleted':
      return { channels, leave: LeaveReason.Deleted };
    case 'member.joined':
      return update((channel) => ({ ...channel, memberCount: channel.memberCount + 1 }));
    case 'member.left':
    case 'member.removed':
      if (event.data.userId === userId) {
        return { channels, leave: event.type === 'member.removed' ? LeaveReason.Removed : LeaveReason.Left };
      }
      return update((channel) => ({ ...channel, memberCount: Math.max(0, channel.memberCount - 1) }));
    default:
      return { channels, leave: null };
  }
}

/** What a `channels:changed` does to the list. */
export const ListChangeKind = {
  /** Update or drop a listed entry (`applyEventToList`). */
  Entry: 'entry',
  /** The user joined a channel not listed yet: reload the list, which has its whole entry. */
  Added: 'added',
  /** Nothing: not listed (already gone, or never ours), or not about this user. */
  None: 'none',
} as const;
export type ListChangeKind = (typeof ListChangeKind)[keyof typeof ListChangeKind];

export function listChangeOf(
  channels: readonly Channel[],
  change: ChannelsChange,
  userId: string,
): ListChangeKind {
  const listed = channels.some((channel) => channel.id === change.channelId);
  switch (change.type) {
    case 'channel.updated':
    case 'channel.deleted':
      return listed ? ListChangeKind.Entry : ListChangeKind.None;
    case 'member.joined':
      return change.data.userId === userId && !listed ? ListChangeKind.Added : ListChangeKind.None;
    case 'member.left':
    case 'member.removed':
      // Only the user's own: other members' comings and goings reach the list through the feed.
      return change.data.userId === userId && listed ? ListChangeKind.Entry : ListChangeKind.None;
    default:
      // A type a newer server adds must not break this client: it changes nothing here.
      return unknownChange(change);
  }
}

function unknownChange(_change: never): ListChangeKind {
  return ListChangeKind.None;
}
