import { Navigate, type RouteObject } from 'react-router-dom';
import { DrawPage } from '../pages/draw/DrawPage';
import { NotFoundPage } from '../pages/errors/NotFoundPage';
import { ServerErrorPage } from '../pages/errors/ServerErrorPage';
import { InvitePage } from '../pages/invite/InvitePage';
import { PrivacyPolicyPage } from '../pages/legal/PrivacyPolicyPage';
import { UserAgreementPage } from '../pages/legal/UserAgreementPage';
import { LoginPage } from '../pages/login/LoginPage';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';

/** Spec §2 routes. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
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
        path: 'invite/:code',
        element: (
          <RequireAuth>
            <InvitePage />
          </RequireAuth>
        ),
      },
      { path: 'login', element: <LoginPage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'user-agreement', element: <UserAgreementPage /> },
      { path: '404', element: <NotFoundPage /> },
      { path: '500', element: <ServerErrorPage /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
