import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import cors from '@fastify/cors';

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

  await app.register(cors, {
    origin: options.corsOrigins.length ? options.corsOrigins : false,
    credentials: false,
  });
});
