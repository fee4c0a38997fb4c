import type { SessionInfo } from '@draw/shared';

/** What the session refresh answers for a signed-in person. */
export type SignedInSession = Extract<SessionInfo, { auth: true }>;

/** Paths the session refresh skips (spec §2). */
export const GUARD_EXEMPT_PATHS = ['/privacy-policy', '/user-agreement', '/login'] as const;

/** Screens that need a token; without one the user goes to /login?redirect=<path>. */
export const AUTH_REQUIRED_PREFIXES = ['/draw', '/chat', '/invite'] as const;

function matchesPath(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

export function isGuardExempt(pathname: string): boolean {
  return GUARD_EXEMPT_PATHS.some((path) => matchesPath(pathname, path));
}

export function requiresAuth(pathname: string): boolean {
  return AUTH_REQUIRED_PREFIXES.some((path) => matchesPath(pathname, path));
}

export interface RouteGuardDeps {
  getToken(): string | null;
  /** GET /api/home/index through the HTTP client. */
  fetchSession(): Promise<unknown>;
  removeToken(): void;
  /** A signed-in session: keep the user info (and its theme), and the person's pause. */
  onSession(session: SignedInSession): void;
}

export type RouteGuardResult =
  | { outcome: 'skipped' }
  | { outcome: 'no-token' }
  | { outcome: 'signed-in' }
  | { outcome: 'signed-out' }
  | { outcome: 'failed'; redirectTo: string | null };

function saysSignedOut(session: Record<string, unknown>): boolean {
  return session.auth === false || session.auth === 'false';
}

/**
 * Spec §2 route guard, run on every navigation. Except on the privacy, agreement and login paths:
 * when a token exists the session is refreshed; `auth: false` removes the token; when the refresh
 * fails and the target is /500 the user is sent to the root; other failures are ignored.
 */
export async function runRouteGuard(pathname: string, deps: RouteGuardDeps): Promise<RouteGuardResult> {
  if (isGuardExempt(pathname)) return { outcome: 'skipped' };
  if (!deps.getToken()) return { outcome: 'no-token' };

  const failed = (): RouteGuardResult => ({
    outcome: 'failed',
    redirectTo: pathname === '/500' ? '/' : null,
  });
  let session: unknown;
  try {
    session = await deps.fetchSession();
  } catch {
    return failed();
  }
  // Every failure, spec §8's 404/500 included, reaches here as a thrown HttpError (caught above).
  if (typeof session !== 'object' || session === null) return failed();

  const record = session as Record<string, unknown>;
  if (saysSignedOut(record)) {
    deps.removeToken();
    return { outcome: 'signed-out' };
  }
  deps.onSession(record as unknown as SignedInSession);
  return { outcome: 'signed-in' };
}
