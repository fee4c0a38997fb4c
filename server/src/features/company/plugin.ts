import type { FastifyPluginAsync } from 'fastify';
import { ENGINE_FEATURES, type CompanyInfoAnswer, type EngineFeature } from '@draw/shared';
import { ok } from '../../http/envelope';
import type { CompanyService } from './service';

interface CompanyPluginOptions {
  company: CompanyService;
  /** Whether the drawing engine serves a feature now (absent: it serves all). */
  offers?: (feature: EngineFeature) => boolean;
}

export const companyPlugin: FastifyPluginAsync<CompanyPluginOptions> = async (app, { company, offers }) => {
  app.get('/api/home/company-info', { schema: { tags: ['home'], summary: 'Company name, description, keywords, feature flags and what the drawing engine offers' } }, async () => {
    // Asked at each load: an upstream's line is learnt after the start.
    const answer: CompanyInfoAnswer = { ...(await company.info()), engineFeatures: ENGINE_FEATURES.filter((f) => offers?.(f) ?? true) };
    return ok(answer);
  });
};
