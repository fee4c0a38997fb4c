import type { FastifyPluginAsync } from 'fastify';
import type { EngineInfo, ImageEngineName } from '@draw/shared';
import { api } from '@draw/shared/routes';
import { serve } from '../http/routes';
import type { EnginePricing } from '../features/billing/prices';
import type { EngineRegistry } from './registry';

interface EnginesPluginOptions {
  engines: EngineRegistry;
  pricing: EnginePricing;
}

/** What GET /api/draw/engines says of each enabled engine: from memory, never a probe on the request. */
export function engineInfos(engines: EngineRegistry, pricing: EnginePricing): EngineInfo[] {
  return engines.all.map((engine) => ({
    id: engine.name as ImageEngineName,
    name: engine.displayName,
    features: engines.featuresOf(engine),
    isDefault: engine === engines.default,
    available: engines.isAvailable(engine.name),
    prices: pricing.pricesOn(engine.name),
  }));
}

export const enginesPlugin: FastifyPluginAsync<EnginesPluginOptions> = async (app, { engines, pricing }) => {
  serve(app, api.engines.list, async () => ({ engines: engineInfos(engines, pricing) }));
};
