import type { EngineJob, EngineResult, EngineRunContext, ImageEngine } from '../../src/engines/port';
import { blackPng } from './images';

/**
 * An engine behind a gate: every job it is given is noted in the order the runner started it, then
 * waits until `open()` (or its abort), then ends at once with a small black picture. Lets a test
 * fill the queue first and then see the order the runner serves it in. Each job gets an upstream
 * id, so a cancel of a running one reaches `cancelled`, as with an upstream.
 */
export class GatedEngine implements ImageEngine {
  readonly name = 'builtin';
  readonly displayName = 'Gated test engine';
  /** Task ids, in the order their runs began. */
  readonly started: string[] = [];
  /** Upstream ids the runner asked to cancel. */
  readonly cancelled: string[] = [];
  private release!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.release = resolve));

  open(): void {
    this.release();
  }

  async run(_job: EngineJob, context: EngineRunContext): Promise<EngineResult> {
    this.started.push(context.taskId);
    if (!context.upstreamId) await context.rememberUpstreamId?.(`up-${context.taskId}`);
    await new Promise<void>((resolve, reject) => {
      // The runner aborts with its own reason (shutdown, cancel) and reads it back.
      const abort = () => reject(context.signal.reason as Error);
      if (context.signal.aborted) return abort();
      context.signal.addEventListener('abort', abort, { once: true });
      void this.gate.then(() => {
        context.signal.removeEventListener('abort', abort);
        resolve();
      });
    });
    return {
      image: { data: await blackPng(8, 8), mime: 'image/png', width: 8, height: 8 },
      buttons: [],
      seed: '1',
    };
  }

  async cancel(upstreamId: string): Promise<void> {
    this.cancelled.push(upstreamId);
  }
}
