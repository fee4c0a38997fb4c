import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { ErrorReason } from '@draw/shared';
import { AppError } from '../errors';

export interface SecurityOptions {
  webDistDir: string;
  /** Origins allowed to call the API from other sites; empty = same origin only. */
  corsOrigins: string[];
  /** True when the site is served over HTTPS (PUBLIC_URL is https://…). */
  https: boolean;
}

/** Hashes of the inline scripts in the built index.html, so the CSP can allow exactly them. */
export function inlineScriptHashes(indexHtml: string): string[] {
  const hashes: string[] = [];
  for (const match of indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? '';
    if (body.trim()) hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/**
 * Rate limits per route, in one table: attempts against accounts per IP, work per user.
 * Stricter per-account and per-phone limits live in the auth service.
 */
const LIMITS: { match: RegExp; method?: string; max: number; windowMs?: number; per: 'ip' | 'user' }[] = [
  { match: /^\/api\/login\/login$/, max: 20, per: 'ip' },
  { match: /^\/api\/login\/send-login-code$/, max: 10, per: 'ip' },
  { match: /^\/api\/login\/forget-reset-pwd$/, max: 10, per: 'ip' },
  { match: /^\/api\/mj\/submit\//, max: 30, per: 'user' },
  { match: /^\/api\/upload$/, max: 30, per: 'user' },
  { match: /^\/api\/home\/redeem\//, max: 10, per: 'user' },
  // Chat: a quick typist's burst, never a flood that fills every member's feed.
  { match: /^\/api\/draw\/chat\/:id$/, method: 'POST', max: 20, windowMs: 10_000, per: 'user' },
  // Each ticket opens a socket: reconnects with backoff need a few a minute.
  { match: /^\/api\/ws\/pre-connect$/, max: 30, per: 'user' },
];

/** Default window of the limits above. */
const LIMIT_WINDOW_MS = 60_000;

const keyOf = (per: 'ip' | 'user') => (request: FastifyRequest) =>
  per === 'user' && request.user ? `user:${request.user._id}` : `ip:${request.ip}`;

export const securityPlugin = fp<SecurityOptions>(async (app: FastifyInstance, options) => {
  const indexHtml = path.join(options.webDistDir, 'index.html');
  /**
   * The inline scripts' hashes of index.html: none while it is not built; null when it is there but
   * cannot be read now (no descriptor left, EMFILE): the caller keeps what it had, never throws.
   */
  const readHashes = (): string[] | null => {
    try {
      return inlineScriptHashes(fs.readFileSync(indexHtml, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      app.log.warn({ err: error }, 'index.html could not be read: its inline scripts stay as they were');
      return null;
    }
  };

  // helmet's middleware, built once per index.html: @fastify/helmet rebuilt it (and re-parsed the
  // CSP) on every request, about 7% of the CPU of a cheap route (scripts/bench/rest.ts).
  const headersFor = (scriptHashes: string[]) =>
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...scriptHashes],
          // Radix positions popovers with inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // Only over HTTPS: on a plain-HTTP deployment (npm start reached at http://<host>:3000)
          // the browser would rewrite every asset to https:// and show a blank page.
          upgradeInsecureRequests: options.https ? [] : null,
        },
      },
      strictTransportSecurity: options.https,
      crossOriginEmbedderPolicy: false,
    });
  let securityHeaders = headersFor(readHashes() ?? []);
  // A deploy may rebuild web/dist under the running server (it serves the new files at once):
  // the allowed inline scripts follow the new index.html, checked by a cheap stat poll. This runs
  // in a timer: a throw here would end the process.
  const onIndexChange = () => {
    const hashes = readHashes();
    if (hashes) securityHeaders = headersFor(hashes);
  };
  fs.watchFile(indexHtml, { interval: 2_000, persistent: false }, onIndexChange);
  app.addHook('onClose', async () => fs.unwatchFile(indexHtml, onIndexChange));
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
  );

  await app.register(cors, { origin: options.corsOrigins.length ? options.corsOrigins : false, credentials: false });

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const rule = LIMITS.find((l) => l.match.test(route.url) && (!l.method || methods.includes(l.method)));
    if (!rule) return;
    const rateLimit = { max: rule.max, timeWindow: rule.windowMs ?? LIMIT_WINDOW_MS, keyGenerator: keyOf(rule.per) };
    route.config = { ...(route.config as object), rateLimit } as typeof route.config;
  });
  await app.register(rateLimit, {
    global: false,
    // Runs after authentication, so per-user limits can see the user.
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) => {
      const error = new AppError(ErrorReason.RateLimited, 'error.rateLimited', { seconds: Math.ceil(context.ttl / 1000) });
      return Object.assign(error, { statusCode: 429 });
    },
  });
});
