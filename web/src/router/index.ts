import { createBrowserRouter } from 'react-router-dom';
import { registerNavigate } from '../lib/navigation';
import { routes } from './routes';

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // The router bridge: the HTTP client and stores navigate through this router.
  registerNavigate((to, options) => router.navigate(to, { replace: options?.replace ?? false }));
  return router;
}
