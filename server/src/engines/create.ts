import type { Config } from '../config';
import { createBuiltinEngine } from './builtin/engine';
import type { ImageEngine } from './port';

/** The engine the configuration asks for. */
export function createEngine(config: Config): ImageEngine {
  switch (config.IMAGE_ENGINE) {
    case 'builtin':
      return createBuiltinEngine({ stepMs: config.BUILTIN_ENGINE_STEP_MS });
    case 'midjourney-proxy':
      throw new Error('IMAGE_ENGINE=midjourney-proxy is not available in this build yet; use builtin.');
    default: {
      const never: never = config.IMAGE_ENGINE;
      throw new Error(`unknown engine ${String(never)}`);
    }
  }
}
