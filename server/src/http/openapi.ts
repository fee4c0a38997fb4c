import type { TSchema } from 'typebox';
import { ErrorReason, FailureDetail } from '@draw/shared';
import { API_ROUTES, AnswerKind, Caller, routeKey, type ApiRoute } from '@draw/shared/routes';
import type { FastifySchema } from 'fastify';

type RouteSchema = FastifySchema & {
  tags?: readonly string[];
  hide?: boolean;
  summary?: string;
  security?: unknown;
};

/** The spec's envelope, as every /api answer carries it; `data` is the route's own answer. */
const successEnvelope = (data: TSchema | Record<string, never>) => ({
  description: 'Success: `data` holds the answer',
  type: 'object',
  required: ['code', 'message', 'data', 'success'],
  properties: {
    code: { type: 'integer', enum: [200] },
    message: { type: 'string' },
    data,
    success: { type: 'boolean', enum: [true] },
  },
});

const failureEnvelope = {
  description:
    "Refused: `message` says why in the asker's language (Accept-Language), `reason` is machine-readable",
  type: 'object',
  required: ['code', 'message', 'data', 'success', 'reason'],
  properties: {
    code: { type: 'integer', description: 'the HTTP status' },
    message: { type: 'string' },
    data: { description: 'null, or facts to act on', anyOf: [{ type: 'null' }, FailureDetail] },
    success: { type: 'boolean', enum: [false] },
    reason: { type: 'string', enum: Object.values(ErrorReason) },
  },
} as const;

/** Routes outside /api that operators and browsers use; documented, not enveloped. */
const OPERATIONS: Record<string, { summary: string; tags: string[] }> = {
  '/healthz': {
    summary: 'Liveness: `{ status: "ok", storage, uptimeSeconds }` once the store answers',
    tags: ['operations'],
  },
  '/metrics': {
    summary:
      'Prometheus metrics (text); `Authorization: Bearer <METRICS_TOKEN>` when one is configured; 404 in production without one',
    tags: ['operations'],
  },
  '/files/:key': {
    summary:
      'An image (upload, preview or result): `private, no-cache` with a strong ETag (a 304 while it may be shown); 404 once an admin hid it, except to an admin',
    tags: ['files'],
  },
};

const ROUTES = new Map(API_ROUTES.map((route) => [routeKey(route.method, route.path), route]));

/** The table's route for a registered method + URL (Fastify form), if it has one. */
export function tableRoute(method: string | readonly string[], url: string): ApiRoute | undefined {
  return ROUTES.get(routeKey(typeof method === 'string' ? method : (method[0] ?? ''), url));
}

/** What a route of the table answers on success: the envelope around its answer, or the file. */
function successOf(route: ApiRoute | undefined) {
  if (!route) return successEnvelope({});
  if (route.kind === AnswerKind.File)
    return {
      description: 'The file',
      content: { [route.contentType ?? 'application/octet-stream']: { schema: route.answer } },
    };
  if (route.kind === AnswerKind.Raw)
    return {
      description: route.summary ?? 'The caller’s own protocol',
      content: { 'application/json': { schema: route.answer } },
    };
  return successEnvelope(route.answer);
}

/**
 * What /docs shows for a route (documentation only: Fastify validates with the route's own
 * schema and serialises answers with JSON.stringify). Every /api route gets its answer from the
 * route table (`@draw/shared/routes`) inside the envelope, the refusal envelope, and its feature
 * as a tag; the few non-/api routes people call are listed with what they return.
 */
export function documentRoute({
  schema,
  url,
  route,
}: {
  schema?: FastifySchema;
  url: string;
  route?: { method: string | string[] };
}): { schema: RouteSchema; url: string } {
  const own: RouteSchema = schema ?? {};
  const operation = OPERATIONS[url];
  if (operation) return { schema: { ...own, ...operation, hide: false }, url };
  if (!url.startsWith('/api/')) return { schema: own, url };
  const entry = route ? tableRoute(route.method, url) : undefined;
  const feature = url.split('/')[2] ?? 'api';
  return {
    schema: {
      ...own,
      tags: own.tags ?? [entry?.tag ?? feature],
      ...(entry?.summary && !own.summary ? { summary: entry.summary } : {}),
      ...(entry?.caller === Caller.User ? { security: [{ bearer: [] }] } : {}),
      response: own.response ?? { 200: successOf(entry), '4XX': failureEnvelope, '5XX': failureEnvelope },
    },
    url,
  };
}
