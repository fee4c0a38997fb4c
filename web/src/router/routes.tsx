import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { loadChunk } from '../lib/staleBuild';
import { DrawPage } from '../pages/draw/DrawPage';
import { AdminRoute } from './AdminRoute';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';

/**
 * A page whose code is fetched when its route is first shown. The drawing screen, where signed-in
 * users land, stays in the initial bundle; the other pages do not slow its first load.
 */
function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(async () => ({ default: await loadChunk(load) }));
  return function LazyPage() {
    return (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    );
  };
}

const LoginPage = lazyPage(async () => (await import('../pages/login/LoginPage')).LoginPage);
const InvitePage = lazyPage(async () => (await import('../pages/invite/InvitePage')).InvitePage);
const PrivacyPolicyPage = lazyPage(
  async () => (await import('../pages/legal/PrivacyPolicyPage')).PrivacyPolicyPage,
);
const UserAgreementPage = lazyPage(
  async () => (await import('../pages/legal/UserAgreementPage')).UserAgreementPage,
);
const ArchivePage = lazyPage(async () => (await import('../pages/archive/ArchivePage')).ArchivePage);
const NotFoundPage = lazyPage(async () => (await import('../pages/errors/NotFoundPage')).NotFoundPage);
const ServerErrorPage = lazyPage(
  async () => (await import('../pages/errors/ServerErrorPage')).ServerErrorPage,
);

/** Spec §2 routes. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Never a blank page: `RouteErrorBoundary` (router/index.tsx) shows the error screen.
    children: [
      { index: true, element: <Navigate to="/draw" replace /> },
      {
        path: 'draw/:uuid?',
        element: (
          <RequireAuth>
            <DrawPage />
          </RequireAuth>
        ),
      },
      { path: 'chat', element: <Navigate to="/chat/index" replace /> },
      {
        path: 'chat/:uuid',
        element: (
          <RequireAuth>
            <DrawPage />
          </RequireAuth>
        ),
      },
      {
        path: 'archive',
        element: (
          <RequireAuth>
            <ArchivePage />
          </RequireAuth>
        ),
      },
      {
        path: 'admin/*',
        element: (
          <RequireAuth>
            <AdminRoute />
          </RequireAuth>
        ),
      },
      // Public, like Discord's: a visitor sees where the link leads before signing in to join.
      { path: 'invite/:code', element: <InvitePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'user-agreement', element: <UserAgreementPage /> },
      { path: '404', element: <NotFoundPage /> },
      { path: '500', element: <ServerErrorPage /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
