import { BotType, MessageKind, TaskAction, TaskStatus, type ChannelEvent, type Message, type MessagePage, type Task } from '@draw/shared';

/** Test data for the feed (used by unit and component tests only). */

export const CHANNEL = 'channel-1';

export function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 'task-1',
    channelId: CHANNEL,
    userId: 'user-a',
    botType: BotType.MidJourney,
    action: TaskAction.Imagine,
    status: TaskStatus.Submitted,
    prompt: 'a red fox in snow',
    promptEn: 'a red fox in snow',
    finalPrompt: 'a red fox in snow --v 6.1 --fast',
    description: '',
    submitTime: 1_000,
    startTime: null,
    finishTime: null,
    progress: '0%',
    previewUrl: null,
    imageUrl: null,
    failReason: null,
    buttons: [],
    parentId: null,
    seed: null,
    engine: 'builtin',
    properties: {},
    ...overrides,
  };
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
    ...overrides,
  };
}

export function taskMessage(task: Task, overrides: Partial<Message> = {}): Message {
  return makeMessage({ id: `m-${task.id}`, kind: MessageKind.Task, content: task.prompt, taskId: task.id, createdAt: task.submitTime, ...overrides });
}

export function makePage(overrides: Partial<MessagePage> = {}): MessagePage {
  return { messages: [], tasks: [], hasMore: false, seq: 0, ...overrides };
}

export function event<T extends ChannelEvent['type']>(type: T, seq: number, data: Extract<ChannelEvent, { type: T }>['data']): ChannelEvent {
  return { channelId: CHANNEL, seq, type, at: 0, data } as ChannelEvent;
}
