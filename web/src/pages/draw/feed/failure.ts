import { BlendDimensions, TaskAction, type BotType, type ImagineReference, type Task } from '@draw/shared';
import type { TFunction } from 'i18next';
import { submitBlend, submitDescribe, submitImagine, submitShorten, type SubmitAnswer } from '../composer/api';
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

/** The same command again, from what the task stored; null when it cannot be sent the same way. */
export type RetryCall = (channelId: string) => Promise<SubmitAnswer>;

export function retryOf(task: Task): RetryCall | null {
  const ids = referenceUrlsOf(task).map(uploadIdOf);
  if (ids.some((id) => id === null)) return null;
  const imageIds = ids as string[];
  const botType: BotType = task.botType;
  switch (task.action) {
    case TaskAction.Imagine: {
      if (!task.prompt.trim()) return null;
      const kinds = task.properties.referenceKinds;
      const references: ImagineReference[] | undefined = kinds?.length === imageIds.length ? imageIds.map((imageId, i) => ({ imageId, kind: kinds[i]! })) : undefined;
      const images = references ? {} : imageIds.length > 0 ? { imageIds } : {};
      return (channelId) => submitImagine(channelId, { prompt: task.prompt, botType, ...images, ...(references ? { references } : {}) });
    }
    case TaskAction.Shorten:
      return task.prompt.trim() ? (channelId) => submitShorten(channelId, { prompt: task.prompt, botType }) : null;
    case TaskAction.Describe:
      return imageIds[0] ? (channelId) => submitDescribe(channelId, { imageId: imageIds[0]!, botType }) : null;
    case TaskAction.Blend:
      return imageIds.length >= 2 ? (channelId) => submitBlend(channelId, { imageIds, dimensions: task.properties.dimensions ?? BlendDimensions.Square, botType }) : null;
    default:
      // A button's job (upscale, vary, zoom…) is pressed again on its parent, where the button still is.
      return null;
  }
}

/** The command a person edits to try again: `/imagine <prompt>` (or `/shorten`); null without a prompt. */
export function editCommandOf(task: Task): string | null {
  const prompt = task.prompt.trim();
  if (!prompt || task.action === TaskAction.Describe || task.action === TaskAction.Blend) return null;
  return `${task.action === TaskAction.Shorten ? '/shorten' : '/imagine'} ${prompt}`;
}
