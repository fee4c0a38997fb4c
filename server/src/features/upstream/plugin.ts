import type { FastifyPluginAsync } from 'fastify';
import { ErrorReason } from '@draw/shared';
import { api } from '@draw/shared/routes';
import { AppError } from '../../errors';
import { nestsDeeperThan } from '../../http/json-depth';
import { serve } from '../../http/routes';
import type { UpstreamHooks } from './service';

/**
 * A real hook is a few KB (the fake upstream's, with buttons and properties: 0.4–2.2 KB); the largest plausible one,
 * a 4,000-character CJK prompt \u-escaped in prompt, promptEn and finalPrompt (C# line), stays
 * under 80 KB.
 */
export const HOOK_BODY_LIMIT = 128 * 1024;
/** The Task nests four levels (task → buttons → button, or properties → value); extras get room. */
export const HOOK_MAX_DEPTH = 16;

/**
 * `POST /api/open/notify/:id/:token`: the upstream's notify hook (body: its Task). Our task id and
 * the task's hook token travel in the path (the logger masks the token), never in a query string.
 * Anyone can reach it, so its body is small, shallow and typed before anything reads it.
 */
export const upstreamPlugin: FastifyPluginAsync<{ hooks: UpstreamHooks }> = async (app, { hooks }) => {
  // Encapsulated: this JSON parser applies to the routes of this plugin only.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: HOOK_BODY_LIMIT }, (request, body, done) => {
    if (nestsDeeperThan(body as string, HOOK_MAX_DEPTH)) return done(new AppError(ErrorReason.BadRequest, 'upstream.hookTooDeep', { max: HOOK_MAX_DEPTH }), undefined);
    parseJson(request, body as string, done);
  });

  serve(app, api.upstream.notify, (request) => hooks.receive(request.params.id, request.params.token, request.body), { bodyLimit: HOOK_BODY_LIMIT });
};
