import type { FastifyPluginAsync } from 'fastify';
import { api } from '@draw/shared/routes';
import { serve } from '../../http/routes';
import type { UpstreamHooks } from './service';

/**
 * `POST /api/open/notify/:id/:token`: the upstream's notify hook (body: its Task). Our task id and
 * the task's hook token travel in the path (the logger masks the token), never in a query string.
 * Anyone can reach it, so its body is small, shallow and typed before anything reads it (its
 * bounds are on its entry in the route table).
 */
export const upstreamPlugin: FastifyPluginAsync<{ hooks: UpstreamHooks }> = async (app, { hooks }) => {
  serve(app, api.upstream.notify, (request) =>
    hooks.receive(request.params.id, request.params.token, request.body),
  );
};
