import type { UserInfo } from '@draw/shared';
import { describe, expect, it, vi } from 'vitest';
import { isGuardExempt, requiresAuth, runRouteGuard, type RouteGuardDeps } from './guard';

const user = { id: 'u1', name: 'Ada', theme: 'light' } as UserInfo;

function deps(
  overrides: Partial<RouteGuardDeps> = {},
): RouteGuardDeps & { [K in keyof RouteGuardDeps]: ReturnType<typeof vi.fn> } {
  return {
    getToken: vi.fn(() => 'tok'),
    fetchSession: vi.fn(async () => ({ ...user, auth: true })),
    removeToken: vi.fn(),
    onSession: vi.fn(),
    ...overrides,
  } as never;
}

describe('route guard paths', () => {
  it('skips the privacy, agreement and login paths', () => {
    expect(isGuardExempt('/privacy-policy')).toBe(true);
    expect(isGuardExempt('/user-agreement')).toBe(true);
    expect(isGuardExempt('/login')).toBe(true);
    expect(isGuardExempt('/draw/1')).toBe(false);
    expect(isGuardExempt('/404')).toBe(false);
    expect(isGuardExempt('/loginx')).toBe(false);
  });

  it('requires a token under /draw, /chat and /invite', () => {
    expect(requiresAuth('/draw')).toBe(true);
    expect(requiresAuth('/draw/abc')).toBe(true);
    expect(requiresAuth('/chat/index')).toBe(true);
    expect(requiresAuth('/invite/CODE')).toBe(true);
    expect(requiresAuth('/login')).toBe(false);
    expect(requiresAuth('/privacy-policy')).toBe(false);
    expect(requiresAuth('/drawing')).toBe(false);
  });
});

describe('runRouteGuard', () => {
  it.each(['/login', '/privacy-policy', '/user-agreement'])(
    'does not refresh the session on %s',
    async (path) => {
      const d = deps();
      await expect(runRouteGuard(path, d)).resolves.toEqual({ outcome: 'skipped' });
      expect(d.fetchSession).not.toHaveBeenCalled();
    },
  );

  it('does nothing without a token', async () => {
    const d = deps({ getToken: vi.fn(() => null) });
    await expect(runRouteGuard('/draw', d)).resolves.toEqual({ outcome: 'no-token' });
    expect(d.fetchSession).not.toHaveBeenCalled();
  });

  it('refreshes the session when a token exists and keeps the user info', async () => {
    const d = deps();
    await expect(runRouteGuard('/draw/c1', d)).resolves.toEqual({ outcome: 'signed-in' });
    expect(d.fetchSession).toHaveBeenCalledTimes(1);
    expect(d.onSession).toHaveBeenCalledWith(expect.objectContaining({ id: 'u1', theme: 'light' }));
    expect(d.removeToken).not.toHaveBeenCalled();
  });

  it.each([false, 'false'])('removes the token when auth is %s', async (auth) => {
    const d = deps({ fetchSession: vi.fn(async () => ({ auth })) });
    await expect(runRouteGuard('/draw', d)).resolves.toEqual({ outcome: 'signed-out' });
    expect(d.removeToken).toHaveBeenCalledTimes(1);
    expect(d.onSession).not.toHaveBeenCalled();
  });

  it('sends a failed refresh on /500 to the root', async () => {
    const d = deps({ fetchSession: vi.fn(async () => Promise.reject(new Error('down'))) });
    await expect(runRouteGuard('/500', d)).resolves.toEqual({ outcome: 'failed', redirectTo: '/' });
  });

  it('ignores other failures', async () => {
    const d = deps({ fetchSession: vi.fn(async () => Promise.reject(new Error('down'))) });
    await expect(runRouteGuard('/draw/c1', d)).resolves.toEqual({ outcome: 'failed', redirectTo: null });
    expect(d.removeToken).not.toHaveBeenCalled();
  });

  it('treats a 500 envelope at HTTP 200 (thrown unshown by the client) as a failure', async () => {
    // The shape of lib/http's HttpError (not imported: this test runs without the browser setup).
    const handedBack = Object.assign(new Error('请求失败，请稍后重试'), {
      name: 'HttpError',
      status: 200,
      code: 500,
      reason: 'internal',
      shown: false,
    });
    const d = deps({ fetchSession: vi.fn(async () => Promise.reject(handedBack)) });
    await expect(runRouteGuard('/500', d)).resolves.toEqual({ outcome: 'failed', redirectTo: '/' });
    expect(d.onSession).not.toHaveBeenCalled();
    expect(d.removeToken).not.toHaveBeenCalled();
  });
});
