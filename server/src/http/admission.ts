import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import {
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterMongo,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { ErrorReason } from '@draw/shared';
import {
  Access,
  Caller,
  DefaultBounds,
  RatePer,
  routeKey,
  type ApiRoute,
  type RateRule,
  type RouteBounds,
} from '@draw/shared/routes';
import { AppError } from '../errors';
import { requireAdmin, requireUser } from './auth';
import { nestsDeeperThan } from './json-depth';

/**
 * Admission: what a request of the route table must pass before a byte of its body is read, in
 * this order: sign-in (for signed-in routes), the route's rate (counted across every process of
 * the site), and its requests in flight per caller. Then JSON bodies are parsed within the
 * route's size and depth. The rules come from the route's entry (`boundsOf`), so a route cannot
 * be registered without them.
 */

/** Where rate counts live: this process, the cluster's primary (WORKERS > 1), or MongoDB (hosts). */
export type RateCounts = { kind: 'memory' } | { kind: 'cluster' } | { kind: 'mongo'; connection: Connection };

/** A rate store that does not answer in time lets the request through: a limit is no reason for an outage. */
const RATE_STORE_TIMEOUT_MS = 1_000;

declare module 'fastify' {
  interface FastifyInstance {
    admission: Admission;
  }
  interface FastifyContextConfig {
    /** The route's bounds (routes of the table): the JSON parser reads its depth here. */
    bounds?: RouteBounds;
  }
}

export interface Admission {
  /** The onRequest hooks of one route of the table. */
  hooksFor(route: ApiRoute, bounds: RouteBounds): onRequestHookHandler[];
}

/** Whom a rule counts: the signed-in person, else the client's address. */
function callerKey(request: FastifyRequest, per: RatePer): string {
  return per === RatePer.User && request.user ? `u:${request.user._id}` : `ip:${request.ip}`;
}

function createAdmission(counts: RateCounts): Admission {
  // One limiter per (max, window): the rule's bucket goes in the key. Each cluster limiter is an
  // IPC channel of its own, so they are few whatever the number of routes.
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (rule: RateRule): RateLimiterAbstract => {
    const keyPrefix = `route-${rule.max}-${rule.windowMs}`;
    let limiter = limiters.get(keyPrefix);
    if (!limiter) {
      const options = { keyPrefix, points: rule.max, duration: rule.windowMs / 1000 };
      limiter =
        counts.kind === 'cluster'
          ? new RateLimiterCluster({ ...options, timeoutMs: RATE_STORE_TIMEOUT_MS })
          : counts.kind === 'mongo'
            ? new RateLimiterMongo({ ...options, storeClient: counts.connection })
            : new RateLimiterMemory(options);
      limiters.set(keyPrefix, limiter);
    }
    return limiter;
  };

  const limitRate = (rule: RateRule, name: string): onRequestHookHandler => {
    const limiter = limiterFor(rule);
    return async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await limiter.consume(`${rule.bucket ?? name}|${callerKey(request, rule.per)}`);
      } catch (refused) {
        if (!(refused instanceof RateLimiterRes)) {
          request.log.warn({ err: refused }, 'rate count unavailable; request let through');
          return;
        }
        const seconds = Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
        reply.header('retry-after', String(seconds));
        throw new AppError(ErrorReason.RateLimited, 'error.rateLimited', { seconds });
      }
    };
  };

  // Requests in flight per route and caller, in this process (a slot is held by a connection here).
  const inFlight = new Map<string, number>();
  const holdSlot =
    (concurrent: number, name: string): onRequestHookHandler =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const key = `${name}|${callerKey(request, RatePer.User)}`;
      const held = inFlight.get(key) ?? 0;
      if (held >= concurrent)
        throw new AppError(ErrorReason.RateLimited, 'error.tooManyAtOnce', { max: concurrent });
      inFlight.set(key, held + 1);
      let released = false;
      // 'close' comes once the answer is sent or the client went away, whichever is first.
      reply.raw.once('close', () => {
        if (released) return;
        released = true;
        const left = (inFlight.get(key) ?? 1) - 1;
        if (left <= 0) inFlight.delete(key);
        else inFlight.set(key, left);
      });
    };

  return {
    hooksFor(route, bounds) {
      const name = routeKey(route.method, route.path);
      return [
        ...(route.caller === Caller.User ? [requireUser as onRequestHookHandler] : []),
        ...(route.access === Access.Admin ? [requireAdmin as onRequestHookHandler] : []),
        ...(bounds.rate ? [limitRate(bounds.rate, name)] : []),
        holdSlot(bounds.concurrent, name),
      ];
    },
  };
}

/**
 * Decorates the app with `admission` and parses every JSON body within its route's depth (its
 * size is the route's `bodyLimit`): a deep body is refused by one pass over its text, before
 * JSON.parse builds it and validation walks it.
 */
export const admissionPlugin = fp<{ counts: RateCounts }>(async (app: FastifyInstance, { counts }) => {
  app.decorate('admission', createAdmission(counts));
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const maxDepth = request.routeOptions.config.bounds?.jsonDepth ?? DefaultBounds.openJsonDepth;
    if (nestsDeeperThan(body as string, maxDepth))
      return done(new AppError(ErrorReason.BadRequest, 'error.tooDeep', { max: maxDepth }), undefined);
    parseJson(request, body as string, done);
  });
});
