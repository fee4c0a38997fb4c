import type { ImageEngineName } from '@draw/shared';
import { BuiltinEngine } from '../../src/engines/builtin/engine';
import {
  EngineFailure,
  type EngineFeature,
  type EngineJob,
  type EngineResult,
  type EngineRunContext,
  type ImageEngine,
} from '../../src/engines/port';
import { TaskFailureCode } from '@draw/shared';

export interface StandInOptions {
  /** What it does not offer (the submit is refused). */
  lacks?: readonly EngineFeature[];
}

/**
 * A second engine for tests of several engines at once: it takes another engine's name and draws
 * as the built-in engine does, noting which tasks it ran. A prompt containing `refuse` fails (its
 * credits go back); `hold()` keeps every run waiting until `release()` (or its abort), so a test
 * can stop the server mid-task; `up` is what its health probe answers.
 */
export class StandInEngine implements ImageEngine {
  readonly displayName: string;
  /** Task ids, in the order their runs began. */
  readonly runs: string[] = [];
  up = true;
  private readonly inner = new BuiltinEngine({ stepMs: 0 });
  private gate: Promise<void> | null = null;
  private open: () => void = () => undefined;

  constructor(
    readonly name: ImageEngineName,
    displayName: string,
    private readonly options: StandInOptions = {},
  ) {
    this.displayName = displayName;
  }

  offers(feature: EngineFeature): boolean {
    return !this.options.lacks?.includes(feature);
  }

  async health(): Promise<boolean> {
    return this.up;
  }

  hold(): void {
    this.gate = new Promise<void>((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open();
    this.gate = null;
  }

  async run(job: EngineJob, context: EngineRunContext): Promise<EngineResult> {
    this.runs.push(context.taskId);
    if (this.gate) await untilOpenOrAborted(this.gate, context.signal);
    if ('prompt' in job && job.prompt.includes('refuse'))
      throw new EngineFailure(TaskFailureCode.EngineError, { detail: 'refused by the stand-in' });
    return this.inner.run(job, context);
  }
}

function untilOpenOrAborted(gate: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    // The runner aborts with its own reason (shutdown, cancel) and reads it back.
    const abort = () => reject(signal.reason as Error);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    void gate.then(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    });
  });
}
