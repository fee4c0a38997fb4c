import type { FastifyPluginAsync } from 'fastify';
import { ENGINE_FEATURES, type EngineFeature } from '@draw/shared';
import { api } from '@draw/shared/routes';
import { serve } from '../../http/routes';
import type { CompanyService } from './service';

interface CompanyPluginOptions {
  company: CompanyService;
  /** Whether the drawing engine serves a feature now (absent: it serves all). */
  offers?: (feature: EngineFeature) => boolean;
  /** Whether a translator is configured (the settings promise translation only then). */
  translatesPrompts?: boolean;
}

export const companyPlugin: FastifyPluginAsync<CompanyPluginOptions> = async (
  app,
  { company, offers, translatesPrompts = false },
) => {
  // Asked at each load: an upstream's line is learnt after the start.
  serve(app, api.company.info, async () => ({
    ...(await company.info()),
    engineFeatures: ENGINE_FEATURES.filter((f) => offers?.(f) ?? true),
    translatesPrompts,
  }));
};
