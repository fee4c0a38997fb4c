import { ErrorReason } from '@draw/shared';
import { AppError } from '../../errors';

/** The refusals of task routes (keys of `i18n/messages.ts`). */
export type TaskRefusalKey =
  | 'task.badPrompt'
  | 'task.tooManyImages'
  | 'task.blendCount'
  | 'task.badButton'
  | 'task.notFound'
  | 'task.notModal'
  | 'task.maskRequired'
  | 'task.badMask'
  | 'task.maskSize'
  | 'task.emptyMask'
  | 'task.badZoom'
  | 'task.notFinished'
  | 'task.finished'
  | 'task.notYours';

export function taskRefusal(key: TaskRefusalKey, params?: Record<string, string | number>): AppError {
  const reason = key === 'task.notFound' ? ErrorReason.NotFound : key === 'task.notYours' ? ErrorReason.Forbidden : ErrorReason.BadRequest;
  return new AppError(reason, key, params);
}
