import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import { ok } from '../../http/envelope';
import type { UpstreamHooks } from './service';

const Params = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  token: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
});

/**
 * `POST /api/open/notify/:id/:token`: the upstream's notify hook (body: its Task). Our task id and
 * the task's hook token travel in the path (the logger masks the token), never in a query string.
 */
export const upstreamPlugin: FastifyPluginAsync<{ hooks: UpstreamHooks }> = async (app, { hooks }) => {
  app.post('/api/open/notify/:id/:token', { bodyLimit: 1024 * 1024, schema: { tags: ['upstream'], params: Params } }, async (request) => {
    const { id, token } = request.params as { id: string; token: string };
    return ok(await hooks.receive(id, token, request.body ?? null));
  });
};
