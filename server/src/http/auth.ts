import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorReason } from '@draw/shared';
import { AppError } from '../errors';
import type { SignedIn } from '../features/auth/identity';
import type { UserDoc } from '../features/auth/repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved once per request from the Bearer token; null when anonymous. */
    user: UserDoc | null;
    token: string | null;
  }
}

export interface TokenResolver {
  userForToken(token: string): Promise<UserDoc | null>;
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

export const authenticationPlugin = fp<{ resolver: TokenResolver }>(
  async (app: FastifyInstance, { resolver }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('token', null);
    app.addHook('onRequest', async (request) => {
      // /files too: an image an admin hid still opens for an admin (a Bearer sent by the console).
      if (!request.url.startsWith('/api/') && !request.url.startsWith('/files/')) return;
      const token = bearerToken(request.headers.authorization);
      request.token = token;
      request.user = token ? await resolver.userForToken(token) : null;
    });
  },
);

/** preHandler for routes that need a signed-in user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError(ErrorReason.Unauthorized, 'auth.required');
}

/**
 * onRequest for the operator's console (`Access.Admin`), after requireUser: to anyone but a site
 * admin the route does not exist, answered exactly as an unknown /api path is.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.user?.isAdmin) return;
  const url = request.url.split('?')[0] ?? '';
  throw new AppError(ErrorReason.NotFound, 'error.routeNotFound', { method: request.method, url });
}

/** Who asks, on a route guarded by requireUser: the identity, not the stored user. */
export function currentUser(request: FastifyRequest): SignedIn {
  if (!request.user) throw new AppError(ErrorReason.Unauthorized, 'auth.required');
  return request.user;
}
