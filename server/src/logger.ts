import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** Paths pino blanks out wherever they appear: secrets and tokens never reach the logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["mj-api-secret"]',
  '*.password',
  '*.token',
  '*.ticket',
  '*.code',
  '*.secret',
  'MJ_PROXY_SECRET',
  'MONGODB_URI',
];

/**
 * Some URLs carry a secret (hook tokens, redeem and invite codes: whoever holds one can use it) or
 * a phone number; log them without it.
 */
export function maskUrl(url: string): string {
  return url
    .replace(/(\/api\/open\/notify\/[^/?]+\/)[^/?]+/, '$1[redacted]')
    .replace(/(\/(?:api\/open\/sandbox|pay\/sandbox)\/[^/?]+\/)[^/?]+/, '$1[redacted]')
    .replace(/(\/api\/(?:home\/redeem|draw\/join-channel|login\/channel)\/)[^/?]+/, '$1[redacted]')
    .replace(/([?&](?:token|ticket|code|url|phone)=)[^&]+/g, '$1[redacted]');
}

export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>,
): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; id: string; ip?: string }) {
        return { id: request.id, method: request.method, url: maskUrl(request.url), ip: request.ip };
      },
    },
  };
}
