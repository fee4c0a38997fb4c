import { API_ROUTES, routeKey, type RoutePath } from '@draw/shared/routes';
import { Check } from 'typebox/schema';

const byKey = new Map(API_ROUTES.map((route) => [routeKey(route.method, route.path), route]));

/**
 * Development only (`import.meta.env.DEV`, loaded by a dynamic import that a production build
 * drops): has an answer the table's shape? Fields the table does not know are let through (a
 * newer server's additions).
 */
export function answerMatches(route: RoutePath, data: unknown): boolean {
  const entry = byKey.get(routeKey(route.method, route.path));
  return entry === undefined || Check(entry.answer, data);
}
