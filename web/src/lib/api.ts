import type { EditorActionName } from '@draw/shared';
import type { api as table, ApiRoute, EditorRoute, RoutePath } from '@draw/shared/routes';
import { routePaths } from '@draw/shared/routes/paths';

declare const routeType: unique symbol;

/**
 * A route as the browser holds it: only its method and path at run time, its whole table entry
 * (params, query, body, answer, kind) as a type that `call` and `download` read.
 */
export type RouteRef<R extends ApiRoute> = {
  readonly method: R['method'];
  readonly path: R['path'];
  readonly [routeType]?: R;
};

type Table = typeof table;
export type WebApi = {
  readonly [F in keyof Table]: {
    readonly [K in keyof Table[F]]: Table[F][K] extends ApiRoute ? RouteRef<Table[F][K]> : never;
  };
};

/**
 * The route table for the web: `call(api.channels.detail, { params: { id } })`. At run time it is
 * the small map of methods and paths; the TypeBox table (about 40 KB gzip with its library) is
 * imported for its types only and never reaches the browser. The assignment typechecks only
 * while every route of the table is in the map with the same method and path.
 */
export const api: WebApi = routePaths;

/** The route of one editor action of the shared action table (`/retexture` …), typed as any of them. */
export const editorRoute = (name: EditorActionName): RouteRef<EditorRoute> =>
  (api.tasks as unknown as Readonly<Record<string, RouteRef<EditorRoute>>>)[name]!;

export type { RoutePath };
