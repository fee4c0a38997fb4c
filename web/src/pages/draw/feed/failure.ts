import {
  BlendDimensions,
  parseCustomId,
  TaskAction,
  type BotType,
  type ImagineReference,
  type SubmitAnswer,
  type Task,
} from '@draw/shared';
import type { TFunction } from 'i18next';
import { api } from '../../../lib/api';
import { call, reportFailure } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { submitAction } from './feedApi';
import { referenceUrlsOf } from './taskView';

/**
 * Why a task failed, in the reader's language: from its code when it has one; a task stored before
 * codes existed (or a code this page does not know yet) shows the server's text as it was.
 */
export function failureTextOf(task: Task, t: TFunction, exists: (key: string) => boolean): string | null {
  const failure = task.properties.failure;
  if (failure) {
    const key = `failure.reason.${failure.code}`;
    if (exists(key)) return t(key as 'failure.reason.engineError', failure.params);
  }
  return task.failReason || null;
}

/** An upload's id from the URL the task stores (`/files/<id>`). */
const uploadIdOf = (url: string) => (url.startsWith('/files/') ? url.slice('/files/'.length) : null);

/** Sends the same thing again: the new task's id, or null when it was refused (and the person told). */
export type RetryCall = (channelId: string) => Promise<string | null>;

const viaCommand =
  (send: (channelId: string) => Promise<SubmitAnswer>): RetryCall =>
  async (channelId) => {
    try {
      return (await send(channelId)).taskId;
    } catch (error) {
      reportFailure(error);
      return null;
    }
  };

/** U, V and 🔄 are pressed again on the grid that made the task, where the button still is. */
function viaParentButton(task: Task, parent: Task | undefined): RetryCall | null {
  if (!parent) return null;
  const index = task.properties.index;
  const button = parent.buttons.find((candidate) => {
    const parsed = parseCustomId(candidate.customId);
    if (task.action === TaskAction.Upscale) return parsed?.kind === 'upscale' && parsed.index === index;
    if (task.action === TaskAction.Variation) return parsed?.kind === 'variation' && parsed.index === index;
    return task.action === TaskAction.Reroll && parsed?.kind === 'reroll';
  });
  if (!button) return null;
  return async (channelId) => {
    try {
      const result = await submitAction(channelId, parent.id, button.customId);
      if (result.ok) return result.taskId;
      if (result.message) notify.error(result.message);
    } catch {
      // The HTTP client already showed the server's message.
    }
    return null;
  };
}

/**
 * The same command again, from what the task stored (its prompt and images, or the parent's
 * button); null when it cannot be sent the same way (a region, zoom, pan or clip: its editor or
 * parameters are not kept).
 */
export function retryOf(task: Task, parent?: Task): RetryCall | null {
  const ids = referenceUrlsOf(task).map(uploadIdOf);
  if (ids.some((id) => id === null)) return null;
  const imageIds = ids as string[];
  const botType: BotType = task.botType;
  switch (task.action) {
    case TaskAction.Imagine: {
      if (!task.prompt.trim()) return null;
      const kinds = task.properties.referenceKinds;
      const references: ImagineReference[] | undefined =
        kinds?.length === imageIds.length
          ? imageIds.map((imageId, i) => ({ imageId, kind: kinds[i]! }))
          : undefined;
      const images = references ? { references } : imageIds.length > 0 ? { imageIds } : {};
      return viaCommand((channelId) =>
        call(api.tasks.imagine, { params: { channelId }, body: { prompt: task.prompt, botType, ...images } }),
      );
    }
    case TaskAction.Shorten:
      return task.prompt.trim()
        ? viaCommand((channelId) =>
            call(api.tasks.shorten, { params: { channelId }, body: { prompt: task.prompt, botType } }),
          )
        : null;
    case TaskAction.Describe:
      return imageIds[0]
        ? viaCommand((channelId) =>
            call(api.tasks.describe, { params: { channelId }, body: { imageId: imageIds[0]!, botType } }),
          )
        : null;
    case TaskAction.Blend:
      return imageIds.length >= 2
        ? viaCommand((channelId) =>
            call(api.tasks.blend, {
              params: { channelId },
              body: { imageIds, dimensions: task.properties.dimensions ?? BlendDimensions.Square, botType },
            }),
          )
        : null;
    case TaskAction.Upscale:
    case TaskAction.Variation:
    case TaskAction.Reroll:
      return viaParentButton(task, parent);
    default:
      return null;
  }
}

/** The command a person edits to try again: `/imagine <prompt>` (or `/shorten`); null without a prompt. */
export function editCommandOf(task: Task): string | null {
  const prompt = task.prompt.trim();
  if (!prompt || task.action === TaskAction.Describe || task.action === TaskAction.Blend) return null;
  return `${task.action === TaskAction.Shorten ? '/shorten' : '/imagine'} ${prompt}`;
}
