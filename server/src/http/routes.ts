import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import { boundsOf, type AnswerKind, type AnswerOf, type ApiRoute } from '@draw/shared/routes';
import { ok } from './envelope';

/** What Fastify validates for a route of the table; the answer is documented, not serialised by it. */
type RouteSchema<R extends ApiRoute> = FastifySchema & {
  params: R['params'];
  querystring: R['query'];
  body: R['body'];
};

/** A request of route R: `body`, `params` and `query` typed from the table (TypeBox type provider). */
export type RouteRequest<R extends ApiRoute> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RouteSchema<R>,
  TypeBoxTypeProvider
>;

function schemaOf(
  route: ApiRoute,
): FastifySchema & { tags: string[]; summary?: string; consumes?: string[] } {
  return {
    tags: [route.tag],
    ...(route.summary ? { summary: route.summary } : {}),
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...(route.multipart ? { consumes: ['multipart/form-data'] } : {}),
  };
}

/**
 * Every route of the table gets its entry's bounds (`boundsOf`): the body limit, and onRequest
 * hooks that check sign-in, rate and requests in flight before the body is read; the JSON parser
 * reads the depth from `config.bounds` (`admission.ts`).
 */
function register<R extends ApiRoute>(
  app: FastifyInstance,
  route: R,
  handler: (request: RouteRequest<R>, reply: FastifyReply) => unknown,
) {
  const bounds = boundsOf(route);
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .route<RouteGenericInterface, ContextConfigDefault, RouteSchema<R>>({
      method: route.method,
      url: route.path,
      bodyLimit: bounds.bodyBytes,
      config: { bounds },
      onRequest: app.admission.hooksFor(route, bounds),
      schema: schemaOf(route) as RouteSchema<R>,
      handler: (request, reply) => handler(request, reply),
    });
}

/**
 * Registers a route of the table whose answer is the envelope: the handler gets the typed request
 * and returns the route's `data` (its type is the table's answer), wrapped here. A signed-in
 * route is refused before its body is read when nobody is signed in.
 */
export function serve<R extends ApiRoute & { kind: typeof AnswerKind.Envelope }>(
  app: FastifyInstance,
  route: R,
  handler: (request: RouteRequest<R>, reply: FastifyReply) => Promise<AnswerOf<R>> | AnswerOf<R>,
): void {
  register(app, route, async (request, reply) => ok(await handler(request, reply)));
}

/** Registers a route that answers a file or a provider's own protocol: the handler sends it itself. */
export function serveRaw<R extends ApiRoute>(
  app: FastifyInstance,
  route: R,
  handler: (request: RouteRequest<R>, reply: FastifyReply) => Promise<FastifyReply>,
): void {
  register(app, route, handler);
}
