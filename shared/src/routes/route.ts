import type { Static, TSchema } from 'typebox';
import type { RouteBounds } from './bounds';
import type { HttpMethod } from './paths';

export { HttpMethod, pathOf, routePaths, type RoutePath } from './paths';
export {
  boundsOf,
  DefaultBounds,
  MINUTE_MS,
  RatePer,
  schemaDepth,
  type RateRule,
  type RouteBounds,
} from './bounds';

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
 * Whom the server lets through, and the relation it checks to decide: the rule each route entry
 * states, from which its `caller`, the resilience suite's permission expectations and its fuzz
 * rows' tokens are derived. A refusal inside the product answers 400 `forbidden` (never 403, see
 * the server's `httpStatusOf`); one that must not reveal the thing exists answers 404.
 */
export const Access = {
  /** No sign-in: public pages, signing in, the session probe (never 401). */
  Anyone: 'anyone',
  /** Any signed-in person; what they get is their own (settings, orders, uploads, channels list). */
  SignedIn: 'signedIn',
  /** A member of the channel the path names, directly or through its task: others are refused (400). */
  Member: 'member',
  /** A member who may post there: under 全员禁言 (the channel muted) only its creator (others 423). */
  Poster: 'poster',
  /** The channel's creator: its settings, invites, members and bans. */
  Creator: 'creator',
  /** The author of the message or task the path names (the creator also moderates messages). */
  Author: 'author',
  /** Whoever may see the archived image: its author, or a member of its channel; to anyone else it does not exist (404). */
  Viewer: 'viewer',
  /** The owner of the order the path names; to anyone else it does not exist (404). */
  Owner: 'owner',
  /** A secret the caller holds, not who they are: a task's hook token, a payment link, a provider's signature. */
  Token: 'token',
  /**
   * A signed-in site admin (`isAdmin`, read on each request): the operator's console. To anyone
   * else signed in it does not exist (404), so the console is not revealed.
   */
  Admin: 'admin',
} as const;
export type Access = (typeof Access)[keyof typeof Access];

/** Routes open without a sign-in: the public ones and those a secret in the request opens. */
type AnonymousAccess = typeof Access.Anyone | typeof Access.Token;
export type CallerOf<A extends Access> = A extends AnonymousAccess
  ? typeof Caller.Anyone
  : typeof Caller.User;
/** Whether a route takes a bearer token, from its access rule. */
export const callerOf = <A extends Access>(access: A): CallerOf<A> =>
  (access === Access.Anyone || access === Access.Token ? Caller.Anyone : Caller.User) as CallerOf<A>;

/**
 * One /api route, declared once for the server (registration, validation, /docs) and the web
 * client (URL, method and types of `call`). `path` is in Fastify's form (`/api/draw/channel/:id`).
 */
export interface ApiRoute {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  /** Who may call, the relation the server checks (required: a new route states it). */
  readonly access: Access;
  /** Whether a bearer token is required: derived from `access` by `route()`. */
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

/** What an entry declares: everything but what `route()` derives (`caller`) or defaults (`kind`). */
export type RouteDefinition = Omit<ApiRoute, 'kind' | 'caller'> & { kind?: AnswerKind };
type Declared<R extends RouteDefinition> = R & {
  kind: R['kind'] extends AnswerKind ? R['kind'] : 'envelope';
  caller: CallerOf<R['access']>;
};

/** Declares a route, keeping its literal types (the path and each schema) for inference. */
export function route<const R extends RouteDefinition>(definition: R): Declared<R> {
  return {
    ...definition,
    kind: definition.kind ?? AnswerKind.Envelope,
    caller: callerOf(definition.access),
  } as Declared<R>;
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
