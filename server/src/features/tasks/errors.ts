import { ErrorReason, findParameterProblem, type AllowedValues, type ParameterProblem } from '@draw/shared';
import type { ImageEngine } from '../../engines/port';
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
  | 'task.notYours'
  | ParameterRefusalKey;

/** Midjourney's "Invalid parameter", one key per kind of rule (the values go in as params). */
type ParameterRefusalKey =
  | 'task.paramUnknown'
  | 'task.paramRangeInt'
  | 'task.paramRange'
  | 'task.paramChoice'
  | 'task.paramRatio'
  | 'task.paramFlag'
  | 'task.paramText'
  | 'task.paramVersion';

export function taskRefusal(key: TaskRefusalKey, params?: Record<string, string | number>): AppError {
  const reason =
    key === 'task.notFound'
      ? ErrorReason.NotFound
      : key === 'task.notYours'
        ? ErrorReason.Forbidden
        : ErrorReason.BadRequest;
  return new AppError(reason, key, params);
}

function valueRefusal(param: string, allowed: AllowedValues): AppError {
  switch (allowed.kind) {
    case 'range':
      return taskRefusal(allowed.integer ? 'task.paramRangeInt' : 'task.paramRange', {
        param,
        min: allowed.min,
        max: allowed.max,
      });
    case 'choice':
      return taskRefusal('task.paramChoice', { param, values: allowed.values.join(' / ') });
    case 'ratio':
      return taskRefusal('task.paramRatio', { param });
    case 'flag':
      return taskRefusal('task.paramFlag', { param });
    case 'text':
      return taskRefusal('task.paramText', { param });
    default: {
      const never: never = allowed;
      return never;
    }
  }
}

export function parameterRefusal(problem: ParameterProblem): AppError {
  switch (problem.kind) {
    case 'unknown':
      return taskRefusal('task.paramUnknown', { param: problem.param });
    case 'version':
      return taskRefusal('task.paramVersion', {
        param: problem.param,
        model: problem.model,
        takenBy: problem.takenBy.join(' / '),
      });
    case 'value':
      return valueRefusal(problem.param, problem.allowed);
    default: {
      const never: never = problem;
      return never;
    }
  }
}

/** Refuses a prompt whose parameters Midjourney would refuse, before anything is stored or charged. */
export function assertParameters(finalPrompt: string): void {
  const problem = findParameterProblem(finalPrompt);
  if (problem) throw parameterRefusal(problem);
}

/**
 * A midjourney-proxy's lack is its service's ("this Midjourney service"); any other engine's names
 * the engine (its display name, as the picker shows it) and the action (the registry's words).
 */
export const notOffered = (engine: ImageEngine, feature: string) =>
  engine.name === 'midjourney-proxy'
    ? new AppError(ErrorReason.BadRequest, 'upstream.notOffered', { feature })
    : new AppError(ErrorReason.BadRequest, 'engine.notOffered', { feature, engine: engine.displayName });
