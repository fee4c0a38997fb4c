import type { FastifyPluginAsync } from 'fastify';
import type { Storage } from '../../storage/port';
import { storeHealth } from './service';

/**
 * Health for load balancers and compose: 200 while the store answers, 503 while it does not (a
 * MongoDB outage, a closed store), so traffic moves away from a process that cannot serve.
 */
export const healthPlugin: FastifyPluginAsync<{
  storage: Storage;
  startedAt: number;
  now?: () => number;
}> = async (app, { storage, startedAt, now = Date.now }) => {
  const healthy = storeHealth(storage, now);
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    if (!(await healthy())) return reply.status(503).send({ status: 'unavailable', storage: storage.kind });
    return { status: 'ok', storage: storage.kind, uptimeSeconds: Math.round((now() - startedAt) / 1000) };
  });
};
