import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { loadChunk } from '../lib/staleBuild';
import { userInfoStore } from '../stores/userInfo';

// The console and its chart library are fetched only here, never with the drawing screen.
const AdminPage = lazy(async () => ({
  default: await loadChunk(async () => (await import('../pages/admin/AdminPage')).AdminPage),
}));
const NotFoundPage = lazy(async () => ({
  default: await loadChunk(async () => (await import('../pages/errors/NotFoundPage')).NotFoundPage),
}));

/**
 * `/admin/*` for site admins; anyone else gets the 404 page, as for an address that is not there
 * (in place, so that a session refresh that finds the person an admin shows the console).
 */
export function AdminRoute() {
  const { isAdmin } = useSnapshot(userInfoStore);
  return <Suspense fallback={null}>{isAdmin ? <AdminPage /> : <NotFoundPage />}</Suspense>;
}
