import { MessageKind, type Channel, type ChannelEvent, type Member } from '@draw/shared';

/** Test data for the channel session. */
export function makeChannel(id: string, overrides: Partial<Channel> = {}): Channel {
  return {
    id,
    title: `Channel ${id}`,
    isBan: false,
    isCreator: false,
    creatorId: 'owner',
    memberCount: 3,
    createdAt: 1_000,
    engine: null,
    ...overrides,
  };
}

export function messageEvent(seq: number, channelId = 'a'): ChannelEvent {
  return {
    channelId,
    seq,
    type: 'message.created',
    at: 1_000 + seq,
    data: {
      id: `m${seq}`,
      channelId,
      author: { id: 'someone', name: 'Someone', avatar: '' },
      kind: MessageKind.Text,
      content: `message ${seq}`,
      taskId: null,
      createdAt: 1_000 + seq,
      replyTo: null,
      editedAt: null,
      reactions: [],
      mentions: { userIds: [], everyone: false },
    },
  };
}

export function memberEvent(
  seq: number,
  type: 'member.joined' | 'member.left' | 'member.removed',
  userId: string,
  channelId = 'a',
): ChannelEvent {
  const data: Member = { userId, name: userId, avatar: '', isCreator: false, joinedAt: 1_000 };
  return { channelId, seq, type, at: 1_000 + seq, data };
}

export function channelEvent(
  seq: number,
  type: 'channel.updated' | 'channel.deleted',
  channel: Channel,
): ChannelEvent {
  const { isCreator: _ignored, ...data } = channel;
  return { channelId: channel.id, seq, type, at: 1_000 + seq, data };
}

export function seqsOf(events: readonly ChannelEvent[]): number[] {
  return events.map((event) => event.seq);
}
