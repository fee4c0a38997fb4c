import { formatProgress } from '@draw/machines';
import type {
  EngineJob,
  EngineResult,
  EngineRunContext,
  ImageEngine,
} from '../../../server/src/engines/port';
import { clockMs } from './clock';

/** One progress callback: which task, which step, when. */
export interface EngineStamp {
  taskId: string;
  key: string;
  at: number;
}

/** The progress percentages one task reports: `steps` distinct values strictly between 0 and 100. */
export function progressSteps(steps: number): number[] {
  return Array.from({ length: steps }, (_, i) => Math.round(((i + 1) * 100) / (steps + 1)));
}

/** 1×1 transparent PNG: the finished task carries an image like a real one, at no drawing cost. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function waitUntil(at: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, at - clockMs()),
    );
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * An engine that draws nothing and reports `steps` progress values on a fixed timetable (one every
 * `stepMs` from the start of the run), stamping the moment it calls the runner's progress callback:
 * the start of everything the product does for a progress step (store, event log, fan-out).
 */
export class StampingEngine implements ImageEngine {
  readonly name = 'bench';
  readonly displayName = 'Benchmark engine';
  readonly stamps: EngineStamp[] = [];
  maxLateMs = 0;
  private finished = 0;
  private readonly waiters: { count: number; resolve: () => void }[] = [];

  constructor(
    private readonly steps: number,
    private readonly stepMs: number,
  ) {}

  async run(_job: EngineJob, context: EngineRunContext): Promise<EngineResult> {
    try {
      const start = clockMs();
      const percents = progressSteps(this.steps);
      for (const [index, percent] of percents.entries()) {
        const due = start + (index + 1) * this.stepMs;
        await waitUntil(due, context.signal);
        const at = clockMs();
        this.maxLateMs = Math.max(this.maxLateMs, at - due);
        this.stamps.push({ taskId: context.taskId, key: `${context.taskId} ${formatProgress(percent)}`, at });
        await context.onProgress({ progress: percent });
      }
      return { image: { data: PIXEL, mime: 'image/png', width: 1, height: 1 }, buttons: [], seed: '1' };
    } finally {
      this.finished += 1;
      for (const waiter of this.waiters.filter((w) => this.finished >= w.count)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }

  /** Runs ended since the engine was made. */
  get finishedCount(): number {
    return this.finished;
  }

  /** Resolves once `count` runs have ended since the engine was made. */
  whenFinished(count: number): Promise<void> {
    if (this.finished >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }
}
