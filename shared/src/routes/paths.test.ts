import { describe, expect, it } from 'vitest';
import { api } from './index';
import { routePaths, type RoutePath } from './paths';
import type { Same } from './route';

type Table = typeof api;
/** The map the browser bundles has exactly the table's features, names, methods and paths. */
type PathsOfTable = {
  [F in keyof Table]: {
    [K in keyof Table[F]]: Table[F][K] extends RoutePath ? Pick<Table[F][K], 'method' | 'path'> : never;
  };
};
type Mutable<T> = {
  -readonly [F in keyof T]: { -readonly [K in keyof T[F]]: { -readonly [P in keyof T[F][K]]: T[F][K][P] } };
};
export const pathsMatchTable: Same<Mutable<typeof routePaths>, Mutable<PathsOfTable>> = true;

const entries = (table: Record<string, Record<string, RoutePath>>) =>
  Object.entries(table).flatMap(([feature, routes]) =>
    Object.entries(routes).map(([name, r]) => `${feature}.${name} ${r.method} ${r.path}`),
  );

describe('the route paths the browser bundles', () => {
  it('name every route of the table with its method and path, and nothing else', () => {
    expect(entries(routePaths).sort()).toEqual(entries(api).sort());
  });

  it('name each method + path once', () => {
    const keys = entries(routePaths).map((entry) => entry.split(' ').slice(1).join(' '));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
