import { ErrorReason } from '@draw/shared';
import type { FastifySchema } from 'fastify';

type RouteSchema = FastifySchema & { tags?: readonly string[]; hide?: boolean; summary?: string; security?: unknown };

/** The spec's envelope, as every /api answer carries it; `data` is the route's own answer. */
const successEnvelope = {
  description: 'Success: `data` holds the answer',
  type: 'object',
  required: ['code', 'message', 'data', 'success'],
  properties: {
    code: { type: 'integer', enum: [200] },
    message: { type: 'string' },
    data: {},
    success: { type: 'boolean', enum: [true] },
  },
} as const;

const failureEnvelope = {
  description: 'Refused: `message` says why in the asker\'s language (Accept-Language), `reason` is machine-readable',
  type: 'object',
  required: ['code', 'message', 'data', 'success', 'reason'],
  properties: {
    code: { type: 'integer', description: 'the HTTP status' },
    message: { type: 'string' },
    data: { type: 'null' },
    success: { type: 'boolean', enum: [false] },
    reason: { type: 'string', enum: Object.values(ErrorReason) },
  },
} as const;

/** Routes outside /api that operators and browsers use; documented, not enveloped. */
const OPERATIONS: Record<string, { summary: string; tags: string[] }> = {
  '/healthz': { summary: 'Liveness: `{ status: "ok", storage, uptimeSeconds }` once the store answers', tags: ['operations'] },
  '/metrics': { summary: 'Prometheus metrics (text); `Authorization: Bearer <METRICS_TOKEN>` when one is configured; 404 in production without one', tags: ['operations'] },
  '/files/:key': { summary: 'An image (upload, preview or result), immutable, cached for a year', tags: ['files'] },
};

/** Public /api routes: no bearer token needed. */
const PUBLIC = /^\/api\/(login\/|open\/|home\/company-info$|home\/qrcode$)/;

/**
 * What /docs shows for a route (documentation only: Fastify still validates and serialises
 * with the route's own schema). Every /api route gets the envelope for its answers and its
 * feature as a tag; the few non-/api routes people call are listed with what they return.
 */
export function documentRoute({ schema, url }: { schema?: FastifySchema; url: string }): { schema: RouteSchema; url: string } {
  const own: RouteSchema = schema ?? {};
  const operation = OPERATIONS[url];
  if (operation) return { schema: { ...own, ...operation, hide: false }, url };
  if (!url.startsWith('/api/')) return { schema: own, url };
  const feature = url.split('/')[2] ?? 'api';
  return {
    schema: {
      ...own,
      tags: own.tags ?? [feature],
      ...(PUBLIC.test(url) ? {} : { security: [{ bearer: [] }] }),
      response: own.response ?? { 200: successEnvelope, '4XX': failureEnvelope, '5XX': failureEnvelope },
    },
    url,
  };
}
