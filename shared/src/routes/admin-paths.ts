import type { RoutePath } from './paths';

/**
 * The method and path of every operator's console route (`/api/admin/*`), apart from `routePaths`
 * so that the drawing screen's first download never carries them: only the lazily loaded `/admin`
 * bundle imports this map. `admin-paths.test.ts` keeps it equal to `adminRoutes`.
 *
 * The one member route of moderation (reporting an image) lives with the archive's routes
 * (`routePaths.archive.report`), since every member's page calls it.
 */
export const adminRoutePaths = {
  overview: { method: 'GET', path: '/api/admin/overview' },
  users: { method: 'GET', path: '/api/admin/users' },
  user: { method: 'GET', path: '/api/admin/users/:id' },
  adjustCredits: { method: 'POST', path: '/api/admin/users/:id/credits' },
  disableUser: { method: 'POST', path: '/api/admin/users/:id/disable' },
  enableUser: { method: 'POST', path: '/api/admin/users/:id/enable' },
  setAdmin: { method: 'PUT', path: '/api/admin/users/:id/admin' },
  signOutUser: { method: 'POST', path: '/api/admin/users/:id/sign-out' },
  liftPause: { method: 'DELETE', path: '/api/admin/users/:id/pause' },
  orders: { method: 'GET', path: '/api/admin/orders' },
  products: { method: 'GET', path: '/api/admin/products' },
  createProduct: { method: 'POST', path: '/api/admin/products' },
  updateProduct: { method: 'PUT', path: '/api/admin/products/:id' },
  retireProduct: { method: 'DELETE', path: '/api/admin/products/:id' },
  prices: { method: 'GET', path: '/api/admin/prices' },
  setPrice: { method: 'PUT', path: '/api/admin/prices' },
  codes: { method: 'GET', path: '/api/admin/codes' },
  mintCodes: { method: 'POST', path: '/api/admin/codes' },
  exportCodes: { method: 'GET', path: '/api/admin/codes/export' },
  revokeCodes: { method: 'POST', path: '/api/admin/codes/revoke' },
  channels: { method: 'GET', path: '/api/admin/channels' },
  channel: { method: 'GET', path: '/api/admin/channels/:id' },
  deleteChannel: { method: 'DELETE', path: '/api/admin/channels/:id' },
  tasks: { method: 'GET', path: '/api/admin/tasks' },
  cancelTask: { method: 'POST', path: '/api/admin/tasks/:id/cancel' },
  hideImage: { method: 'PUT', path: '/api/admin/tasks/:id/hidden' },
  engines: { method: 'GET', path: '/api/admin/engines' },
  company: { method: 'GET', path: '/api/admin/company' },
  updateCompany: { method: 'PUT', path: '/api/admin/company' },
  announcement: { method: 'GET', path: '/api/admin/announcement' },
  setAnnouncement: { method: 'PUT', path: '/api/admin/announcement' },
  settings: { method: 'GET', path: '/api/admin/settings' },
  updateSettings: { method: 'PUT', path: '/api/admin/settings' },
  bannedWords: { method: 'GET', path: '/api/admin/banned-words' },
  addBannedWord: { method: 'POST', path: '/api/admin/banned-words' },
  removeBannedWord: { method: 'DELETE', path: '/api/admin/banned-words/:id' },
  hits: { method: 'GET', path: '/api/admin/moderation/hits' },
  reports: { method: 'GET', path: '/api/admin/reports' },
  resolveReport: { method: 'POST', path: '/api/admin/reports/:id/resolve' },
  audit: { method: 'GET', path: '/api/admin/audit' },
} as const satisfies Record<string, RoutePath>;
