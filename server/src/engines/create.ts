import type { FastifyBaseLogger } from 'fastify';
import type { ImageEngineName } from '@draw/shared';
import { ConfigError, enabledEngines, type Config } from '../config';
import { createBuiltinEngine } from './builtin/engine';
import { createComfyUIEngine } from './comfyui/engine';
import { WorkflowError } from './comfyui/workflows';
import { createMidjourneyProxyEngine } from './midjourney-proxy/engine';
import { createOpenAIImagesEngine } from './openai-images/engine';
import type { ImageEngine } from './port';

/** One engine, configured from its own variables (by default the site's default engine). */
export function createEngine(
  config: Config,
  log?: FastifyBaseLogger,
  name: ImageEngineName = enabledEngines(config)[0]!,
): ImageEngine {
  switch (name) {
    case 'builtin':
      return createBuiltinEngine({
        stepMs: config.BUILTIN_ENGINE_STEP_MS,
        drawThreads: config.BUILTIN_DRAW_THREADS,
      });
    case 'midjourney-proxy':
      return createMidjourneyProxyEngine({
        baseUrl: config.MJ_PROXY_URL,
        secret: config.MJ_PROXY_SECRET,
        publicUrl: config.PUBLIC_URL,
        timeoutMs: config.MJ_PROXY_TIMEOUT_MS,
        pollMinMs: config.MJ_PROXY_POLL_MS,
        pollMaxMs: Math.max(config.MJ_PROXY_POLL_MS, config.MJ_PROXY_POLL_MAX_MS),
        ...(log ? { log } : {}),
      });
    case 'openai-images':
      return createOpenAIImagesEngine({
        baseUrl: config.OPENAI_IMAGES_URL,
        apiKey: config.OPENAI_IMAGES_KEY,
        model: config.OPENAI_IMAGES_MODEL.trim(),
        timeoutMs: config.OPENAI_IMAGES_TIMEOUT_MS,
      });
    case 'comfyui':
      return comfyUIFrom(config, log);
    default: {
      const never: never = name;
      throw new Error(`unknown engine ${String(never)}`);
    }
  }
}

/** A replaced workflow that cannot be read stops the start, naming its file. */
function comfyUIFrom(config: Config, log?: FastifyBaseLogger): ImageEngine {
  try {
    return createComfyUIEngine({
      url: config.COMFYUI_URL,
      checkpoint: config.COMFYUI_CHECKPOINT.trim(),
      workflowsDir: config.COMFYUI_WORKFLOWS_DIR,
      imageSize: config.COMFYUI_IMAGE_SIZE,
      timeoutMs: config.COMFYUI_TIMEOUT_MS,
      ...(log ? { log } : {}),
    });
  } catch (error) {
    if (error instanceof WorkflowError) throw new ConfigError(`Invalid configuration:\n  - ${error.message}`);
    throw error;
  }
}
