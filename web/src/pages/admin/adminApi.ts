import type { adminApi as table } from '@draw/shared/routes';
import { adminRoutePaths } from '@draw/shared/routes/admin-paths';
import type { RouteRef } from '../../lib/api';

type Table = typeof table;
export type AdminWebApi = { readonly [K in keyof Table]: RouteRef<Table[K]> };

/**
 * The console's routes as the browser holds them (methods and paths; the TypeBox table as types
 * only), apart from `api` so that the drawing screen never bundles them. Typechecks only while the
 * map and the table agree.
 */
export const adminApi: AdminWebApi = adminRoutePaths;
