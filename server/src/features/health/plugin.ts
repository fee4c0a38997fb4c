import type { FastifyPluginAsync } from 'fastify';
import type { Storage } from '../../storage/port';

/** Liveness for load balancers and compose: answers once the store is reachable. */
export const healthPlugin: FastifyPluginAsync<{ storage: Storage; startedAt: number }> = async (app, { storage, startedAt }) => {
  app.get('/healthz', { schema: { hide: true } }, async () => {
    await storage.ready();
    return { status: 'ok', storage: storage.kind, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) };
  });
};
