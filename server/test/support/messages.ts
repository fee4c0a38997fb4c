import { MessageKind, type Message } from '@draw/shared';

/** A plain text message of Ann's, for publishing straight to a hub (tests that need a long log). */
export const textMessageIn = (
  channelId: string,
  content: string,
  id = `${channelId}-${content}`,
): Message => ({
  id,
  channelId,
  author: { id: 'u1', name: 'Ann', avatar: '' },
  kind: MessageKind.Text,
  content,
  taskId: null,
  createdAt: Date.now(),
});
