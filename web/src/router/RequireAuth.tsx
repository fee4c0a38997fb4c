import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { loginPath } from '../lib/navigation';
import { authStore } from '../stores/auth';

/** Shows its children only with a token; otherwise sends the user to /login?redirect=<path>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSnapshot(authStore);
  const location = useLocation();
  if (!token) return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  return children;
}
