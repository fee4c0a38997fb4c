import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Access, Caller, HttpMethod, SharePageBounds, api, boundsOf } from '@draw/shared/routes';
import { currentUser } from '../../http/auth';
import { serve } from '../../http/routes';
import { languageOf } from '../../i18n/messages';
import { goneSharePage, sharePage } from './page';
import type { ShareService } from './service';

const routes = api.share;

/** Where a public link points: the page, and the image its preview tags name. */
export const sharePagePath = (token: string) => `/s/${token}`;
const shareImagePath = (token: string) => `/s/${token}/image`;

/** The public pages: anyone, per address, like an anonymous route of the table. */
const publicPage = { method: HttpMethod.Get, caller: Caller.Anyone, access: Access.Anyone } as const;
const publicBounds = boundsOf({ ...publicPage, bounds: SharePageBounds });
// A revoked link must stop at once: caches may keep the page and image a minute, never longer.
const SHORT_CACHE = 'public, max-age=60';
// The page runs no script and loads nothing but its own image.
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const sharePlugin: FastifyPluginAsync<{
  share: ShareService;
  /** PUBLIC_URL: the origin links are made under; empty = the request's own (TRUST_PROXY honoured). */
  publicUrl: string;
  siteName: string;
}> = async (app, { share, publicUrl, siteName }) => {
  const configuredOrigin = publicUrl ? new URL(publicUrl).origin : '';
  const originOf = (request: FastifyRequest) =>
    configuredOrigin || new URL(`${request.protocol}://${request.host}`).origin;

  serve(app, routes.create, async (request) => {
    const token = await share.create(currentUser(request)._id, request.params.taskId);
    return { url: `${originOf(request)}${sharePagePath(token)}` };
  });
  serve(app, routes.revoke, async (request) => {
    await share.revoke(currentUser(request)._id, request.params.taskId);
    return null;
  });

  const gone = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(404)
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex')
      .header('Content-Security-Policy', PAGE_POLICY)
      .type('text/html; charset=utf-8')
      .send(goneSharePage(languageOf(request.headers['accept-language']), siteName));

  app.get<{ Params: { token: string } }>(
    '/s/:token',
    {
      schema: { hide: true },
      onRequest: app.admission.hooksFor({ ...publicPage, path: '/s/:token' }, publicBounds),
    },
    async (request, reply) => {
      const { token } = request.params;
      const result = await share.page(token);
      if (!result) return gone(request, reply);
      const origin = originOf(request);
      return reply
        .header('Cache-Control', SHORT_CACHE)
        .header('Vary', 'Accept-Language')
        .header('X-Robots-Tag', 'noindex')
        .header('Referrer-Policy', 'no-referrer')
        .header('Content-Security-Policy', PAGE_POLICY)
        .type('text/html; charset=utf-8')
        .send(
          sharePage(result, {
            language: languageOf(request.headers['accept-language']),
            siteName,
            pageUrl: `${origin}${sharePagePath(token)}`,
            imageUrl: `${origin}${shareImagePath(token)}`,
          }),
        );
    },
  );

  app.get<{ Params: { token: string } }>(
    '/s/:token/image',
    {
      schema: { hide: true },
      onRequest: app.admission.hooksFor({ ...publicPage, path: '/s/:token/image' }, publicBounds),
    },
    async (request, reply) => {
      const image = await share.image(request.params.token);
      if (!image)
        return reply.status(404).header('Cache-Control', 'no-store').type('text/plain').send('Not found');
      return reply
        .header('Cache-Control', SHORT_CACHE)
        .header('X-Content-Type-Options', 'nosniff')
        .header('X-Robots-Tag', 'noindex')
        .header('Content-Length', image.size)
        .type(image.type)
        .send(image.stream);
    },
  );
};
