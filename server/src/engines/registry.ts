import type { FastifyBaseLogger } from 'fastify';
import { ENGINE_FEATURES, ErrorReason, type EngineFeature } from '@draw/shared';
import { AppError } from '../errors';
import type { ImageEngine } from './port';

/** How often each engine's health is probed, in the background. */
export const HEALTH_EVERY_MS = 30_000;
/** A probe that has not answered in this long counts as unavailable. */
const HEALTH_TIMEOUT_MS = 10_000;

/**
 * The enabled engines, each created once at start, the site's default first. Tasks name their
 * engine (`task.engine`); the runner, the submits and the hooks look it up here. Availability is
 * what the last background probe found (an engine starts out available: its first probe runs at
 * start, and a task on an engine that is down fails and is refunded as before).
 */
export class EngineRegistry {
  readonly all: readonly ImageEngine[];
  private readonly byName: ReadonlyMap<string, ImageEngine>;
  private readonly health = new Map<string, boolean>();
  private timer: NodeJS.Timeout | null = null;
  private probing: AbortController | null = null;

  constructor(engines: readonly ImageEngine[]) {
    if (engines.length === 0) throw new Error('at least one engine');
    this.all = engines;
    this.byName = new Map(engines.map((engine) => [engine.name, engine]));
  }

  /** The site's default engine (the first of IMAGE_ENGINES). */
  get default(): ImageEngine {
    return this.all[0]!;
  }

  get names(): string[] {
    return this.all.map((engine) => engine.name);
  }

  /** The engine of this name, if enabled. */
  find(name: string | null | undefined): ImageEngine | undefined {
    return name ? this.byName.get(name) : undefined;
  }

  /**
   * The engine a stored task names. A task from before an engine was disabled runs on nothing
   * now: null, and the runner fails it (refunded) instead of drawing it elsewhere.
   */
  forTask(name: string): ImageEngine | null {
    return this.byName.get(name) ?? null;
  }

  /** The engine of this name, or a refusal saying it is not enabled (a submit's or a channel's choice). */
  enabled(name: string): ImageEngine {
    const engine = this.byName.get(name);
    if (!engine)
      throw new AppError(ErrorReason.BadRequest, 'engine.notEnabled', {
        engine: name,
        enabled: this.names.join(', '),
      });
    return engine;
  }

  /** What an engine offers (absent `offers`: everything). */
  featuresOf(engine: ImageEngine): EngineFeature[] {
    return ENGINE_FEATURES.filter((feature) => engine.offers?.(feature) ?? true);
  }

  isAvailable(name: string): boolean {
    return this.health.get(name) ?? true;
  }

  /** Probes every engine that can say (once now, then every `everyMs`), in the background. */
  startProbes(log: FastifyBaseLogger, everyMs = HEALTH_EVERY_MS): void {
    if (this.timer) return;
    void this.probe(log);
    this.timer = setInterval(() => void this.probe(log), everyMs);
    this.timer.unref();
  }

  stopProbes(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.probing?.abort();
  }

  /** One round: each engine's probe in parallel, bounded in time; a round still going is not doubled. */
  async probe(log?: FastifyBaseLogger): Promise<void> {
    if (this.probing) return;
    const controller = new AbortController();
    this.probing = controller;
    try {
      await Promise.all(
        this.all.map(async (engine) => {
          if (!engine.health) return;
          const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(HEALTH_TIMEOUT_MS)]);
          const up = await engine.health(signal).catch(() => false);
          const was = this.health.get(engine.name);
          this.health.set(engine.name, up);
          if (was !== up && !(was === undefined && up))
            log?.warn(
              { engine: engine.name, available: up },
              up ? 'engine answers again' : 'engine unavailable',
            );
        }),
      );
    } finally {
      this.probing = null;
    }
  }
}
