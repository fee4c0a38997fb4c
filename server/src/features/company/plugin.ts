import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import type { CompanyService } from './service';

export const companyPlugin: FastifyPluginAsync<{ company: CompanyService }> = async (app, { company }) => {
  app.get('/api/home/company-info', { schema: { tags: ['home'], summary: 'Company name, description, keywords and feature flags' } }, async () =>
    ok(await company.info()),
  );
};
