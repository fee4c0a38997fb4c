import { BotType, TaskAction, TaskStatus, type Task } from '@draw/shared';

/** A stored task for tests: a fresh imagine by default. */
export function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 'task-1',
    channelId: 'channel-1',
    userId: 'user-1',
    botType: BotType.MidJourney,
    action: TaskAction.Imagine,
    status: TaskStatus.NotStart,
    prompt: 'a red fox in snow',
    promptEn: 'a red fox in snow',
    finalPrompt: 'a red fox in snow',
    description: '/imagine a red fox in snow',
    submitTime: 1_000,
    startTime: null,
    finishTime: null,
    progress: '0%',
    previewUrl: null,
    imageUrl: null,
    videoUrl: null,
    failReason: null,
    buttons: [],
    parentId: null,
    seed: null,
    engine: 'builtin',
    properties: {},
    ...overrides,
  };
}

export const ALL_TASK_STATUSES = Object.values(TaskStatus);
