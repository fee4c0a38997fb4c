import { TaskFailureCode } from '@draw/shared';
import { EngineCancelled, EngineFailure } from '../port';
import { isOutOfMemory, type ExecutionError } from './protocol';

/** Why talking to ComfyUI did not work, as our closed failure codes (words in `messages.ts`). */
export const comfyFailure = {
  /** Connection refused, timeout, HTTP 5xx, an answer we cannot read: at submit time. */
  down: (detail: string) => new EngineFailure(TaskFailureCode.ComfyDown, { detail }),
  /** The same, while following a prompt it already accepted. */
  lost: (detail: string) => new EngineFailure(TaskFailureCode.ComfyLost, { detail }),
  unauthorized: () => new EngineFailure(TaskFailureCode.ComfyUnauthorized),
  badWorkflow: (detail: string) => new EngineFailure(TaskFailureCode.ComfyBadWorkflow, { detail }),
  forgotten: () => new EngineFailure(TaskFailureCode.ComfyForgotten),
  noImage: () => new EngineFailure(TaskFailureCode.ComfyNoImage),
  imageCopy: (detail: string) => new EngineFailure(TaskFailureCode.ComfyImageCopy, { detail }),
  interrupted: () => new EngineCancelled(TaskFailureCode.ComfyInterrupted),
  /** `execution_error`: out of memory has its own advice; the rest name the node and ComfyUI's words. */
  execution: (error: ExecutionError) => {
    if (isOutOfMemory(error)) return new EngineFailure(TaskFailureCode.ComfyOutOfMemory);
    const firstLine = error.message.split('\n').find((line) => line.trim()) ?? error.exceptionType;
    const node = [error.nodeType, error.nodeId ? `#${error.nodeId}` : ''].filter(Boolean).join(' ') || '?';
    return new EngineFailure(TaskFailureCode.ComfyFailed, {
      node,
      detail: (firstLine || 'no reason given').trim().slice(0, 300),
    });
  },
};

/** Network-level trouble: the prompt may or may not have reached ComfyUI. */
export const isUnreachable = (error: unknown): boolean =>
  error instanceof EngineFailure &&
  (error.failure.code === TaskFailureCode.ComfyDown || error.failure.code === TaskFailureCode.ComfyLost);
