import { makeTask as makeStoredTask } from '@draw/machines/task/fixtures';
import {
  MessageKind,
  TaskStatus,
  type ChannelEvent,
  type Message,
  type MessagePage,
  type Task,
} from '@draw/shared';

/** Test data for the feed (used by unit and component tests only). */

export const CHANNEL = 'channel-1';

/** A task as the feed tests expect it: submitted by user-a, with the final parameters. */
export function makeTask(overrides: Partial<Task> = {}): Task {
  return makeStoredTask({
    channelId: CHANNEL,
    userId: 'user-a',
    status: TaskStatus.Submitted,
    finalPrompt: 'a red fox in snow --v 6.1 --fast',
    description: '',
    ...overrides,
  });
}

export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 'message-1',
    channelId: CHANNEL,
    author: { id: 'user-a', name: 'Alice', avatar: '/discord256.png' },
    kind: MessageKind.Text,
    content: 'hello',
    taskId: null,
    createdAt: 1_000,
    replyTo: null,
    editedAt: null,
    reactions: [],
    mentions: { userIds: [], everyone: false },
    ...overrides,
  };
}

export function taskMessage(task: Task, overrides: Partial<Message> = {}): Message {
  return makeMessage({
    id: `m-${task.id}`,
    kind: MessageKind.Task,
    content: task.prompt,
    taskId: task.id,
    createdAt: task.submitTime,
    ...overrides,
  });
}

export function makePage(overrides: Partial<MessagePage> = {}): MessagePage {
  return { messages: [], tasks: [], hasMore: false, seq: 0, ...overrides };
}

export function event<T extends ChannelEvent['type']>(
  type: T,
  seq: number,
  data: Extract<ChannelEvent, { type: T }>['data'],
): ChannelEvent {
  return { channelId: CHANNEL, seq, type, at: 0, data } as ChannelEvent;
}

/** The conversation's part of `FeedActions` for tests that render rows: names unknown, actions doing nothing. */
export function conversationActions() {
  return {
    nameOf: (): string | undefined => undefined,
    jumpToMessage: () => undefined,
    toggleReaction: () => undefined,
    editMessage: () => Promise.resolve(true),
    useAsReference: () => undefined,
  };
}
