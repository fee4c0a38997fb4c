import type { Static, TSchema } from 'typebox';
import type { RouteBounds } from './bounds';
import type { HttpMethod } from './paths';

export { HttpMethod, pathOf, routePaths, type RoutePath } from './paths';
export { boundsOf, DefaultBounds, MINUTE_MS, RatePer, schemaDepth, type RateRule, type RouteBounds } from './bounds';

/**
 * What a route answers on success. `envelope`: the spec's `{ code, message, data, success }` with
 * `answer` as `data` (every refusal is the failure envelope, whatever the kind). `file`: the bytes
 * themselves (`contentType`), e.g. the archive's ZIP or a QR code. `raw`: a provider's own
 * protocol (WeChat Pay's callback), neither enveloped nor typed here.
 */
export const AnswerKind = { Envelope: 'envelope', File: 'file', Raw: 'raw' } as const;
export type AnswerKind = (typeof AnswerKind)[keyof typeof AnswerKind];

/** Who may call: a signed-in user (bearer token), anyone, or an upstream/provider calling back. */
export const Caller = { User: 'user', Anyone: 'anyone' } as const;
export type Caller = (typeof Caller)[keyof typeof Caller];

/**
 * One /api route, declared once for the server (registration, validation, /docs) and the web
 * client (URL, method and types of `call`). `path` is in Fastify's form (`/api/draw/channel/:id`).
 */
export interface ApiRoute {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly caller: Caller;
  /** The /docs group. */
  readonly tag: string;
  readonly summary?: string;
  readonly params?: TSchema;
  readonly query?: TSchema;
  readonly body?: TSchema;
  /** `data` of the success envelope (kind `envelope`), or what the file is (documentation). */
  readonly answer: TSchema;
  readonly kind: AnswerKind;
  /** For kind `file`: the Content-Type of the answer. */
  readonly contentType?: string;
  /** The body is multipart form data (uploads): documented, not validated by `body`. */
  readonly multipart?: boolean;
  /**
   * What the route may cost where it differs from its kind's defaults (`boundsOf`): body size,
   * JSON depth, rate, requests in flight. Checked before the body is read.
   */
  readonly bounds?: Partial<RouteBounds>;
}

/** Declares a route, keeping its literal types (the path and each schema) for inference. */
export function route<const R extends Omit<ApiRoute, 'kind'> & { kind?: AnswerKind }>(definition: R): R & { kind: R['kind'] extends AnswerKind ? R['kind'] : 'envelope' } {
  return { ...definition, kind: definition.kind ?? AnswerKind.Envelope } as R & { kind: R['kind'] extends AnswerKind ? R['kind'] : 'envelope' };
}

type StaticOf<S> = S extends TSchema ? Static<S> : undefined;
export type ParamsOf<R extends ApiRoute> = StaticOf<R['params']>;
export type QueryOf<R extends ApiRoute> = StaticOf<R['query']>;
export type BodyOf<R extends ApiRoute> = StaticOf<R['body']>;
/** The `data` of the success envelope (or the documented file) this route answers. */
export type AnswerOf<R extends ApiRoute> = Static<R['answer']>;

/** `METHOD /path` (Fastify form): how the table, the server and /docs name a route. */
export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Compile-time proof that two types are the same (both ways assignable). */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** `const _: Assert<Same<X, Y>> = true` fails to compile when X and Y differ. */
export type Assert<T extends true> = T;
