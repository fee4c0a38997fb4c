import type { Message, NotifyLevel } from '@draw/shared';
import { api } from '../../../lib/api';
import { call } from '../../../lib/http';
import { setChannelUnread } from '../../../stores/unread';

/** The conversation's calls (issue #34): edit, react, the channel's notification level. */

export function editMessageCall(messageId: string, content: string): Promise<Message> {
  return call(api.messages.edit, { params: { id: messageId }, body: { content } });
}

export function setReaction(messageId: string, emoji: string, add: boolean): Promise<Message> {
  const params = { id: messageId, emoji };
  return add ? call(api.messages.react, { params }) : call(api.messages.unreact, { params });
}

export async function setChannelNotify(channelId: string, level: NotifyLevel): Promise<void> {
  setChannelUnread(await call(api.reads.notifications, { params: { channelId }, body: { level } }));
}
