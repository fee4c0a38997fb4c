import { adminRoutes } from './admin';
import { archiveRoutes } from './archive';
import { billingRoutes } from './billing';
import { channelRoutes, engineRoutes } from './channels';
import { companyRoutes } from './company';
import { homeRoutes, loginRoutes } from './login';
import { messageRoutes } from './messages';
import { readRoutes } from './reads';
import { realtimeRoutes } from './realtime';
import type { ApiRoute } from './route';
import { settingsRoutes } from './settings';
import { shareRoutes } from './share';
import { taskRoutes, uploadRoutes } from './tasks';
import { upstreamRoutes } from './upstream';

export * from './route';
export * from './schemas';
export { BillingPatterns, QR_URL_MAX_LENGTH } from './billing';
export { UpstreamHookBody } from './upstream';
export { SharePageBounds } from './share';
export { editorRoute, type EditorRequest, type EditorRoute } from './tasks';
export * from './admin';
export { adminRoutePaths } from './admin-paths';

/**
 * Every /api route, by feature: the one table the server registers from, /docs is generated
 * from and the web client calls through (`call(api.channels.detail, { params: { id } })`).
 */
export const api = {
  login: loginRoutes,
  home: homeRoutes,
  company: companyRoutes,
  engines: engineRoutes,
  realtime: realtimeRoutes,
  channels: channelRoutes,
  messages: messageRoutes,
  tasks: taskRoutes,
  uploads: uploadRoutes,
  settings: settingsRoutes,
  archive: archiveRoutes,
  billing: billingRoutes,
  upstream: upstreamRoutes,
  reads: readRoutes,
  share: shareRoutes,
} as const;

/**
 * The operator's console (`/api/admin/*`), apart from `api` so that the web's drawing screen
 * never bundles its paths (`admin-paths.ts`); the server registers it like any feature.
 */
export const adminApi = adminRoutes;

/** The table as a list (one entry per method + path), the console's routes included. */
export const API_ROUTES: readonly ApiRoute[] = [...Object.values(api), adminApi].flatMap(
  (feature) => Object.values(feature) as ApiRoute[],
);
