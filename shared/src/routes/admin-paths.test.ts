import { describe, expect, it } from 'vitest';
import { adminRoutes } from './admin';
import { adminRoutePaths } from './admin-paths';
import { Access } from './route';

describe('the console’s route paths', () => {
  it('name every console route with its method and path, and nothing else', () => {
    const of = (table: Record<string, { method: string; path: string }>) =>
      Object.entries(table)
        .map(([name, r]) => `${name} ${r.method} ${r.path}`)
        .sort();
    expect(of(adminRoutePaths)).toEqual(of(adminRoutes));
  });

  it('are all under /api/admin and open to site admins only', () => {
    for (const route of Object.values(adminRoutes)) {
      expect(route.path.startsWith('/api/admin/')).toBe(true);
      expect(route.access).toBe(Access.Admin);
      expect(route.caller).toBe('user');
    }
  });
});
