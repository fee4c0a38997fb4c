import { useEffect } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { registerNavigate } from '../lib/navigation';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { routes } from './routes';

/**
 * The app's routes in react-router's declarative mode: the app loads no data through the router,
 * and the data router (`createBrowserRouter`) alone cost about 16 KB gzip of the first download.
 * What it gave that is used here, the root's error screen, is `RouteErrorBoundary`.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  // A new address gets a new try, as the data router's errorElement did.
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}

/** The router bridge: the HTTP client and stores navigate through this router. */
function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigate((to, options) => navigate(to, { replace: options?.replace ?? false }));
    return () => registerNavigate(null);
  }, [navigate]);
  return null;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <NavigationBridge />
      <AppRoutes />
    </BrowserRouter>
  );
}
