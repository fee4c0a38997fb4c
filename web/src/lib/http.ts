import {
  isEnvelope,
  type Envelope,
  type ErrorReason,
  type FailureDetail,
  type UploadAnswer,
} from '@draw/shared';
import type { AnswerKind, AnswerOf, ApiRoute, BodyOf, ParamsOf, QueryOf } from '@draw/shared/routes';
import { pathOf } from '@draw/shared/routes/paths';
import i18n from '../i18n';
import { appSettingStore } from '../stores/appSetting';
import { getToken, removeToken } from '../stores/auth';
import { loginPath, navigateTo } from './navigation';
import type * as AnswerCheckModule from './answerCheck';
import { api, type RouteRef } from './api';
import { notify, type ToastAction } from './notify';

/**
 * Development (and unit tests) only: an answer of another shape than the route table's is a
 * failure like the others, so a drift between server and table shows at once. Production trusts
 * the answers: the server's handlers are typed by the same table, and the check would ship
 * TypeBox and every schema (about 30 KB gzip) to every first load; the build drops this import.
 * Once loaded the check runs synchronously (the test setup loads it before any test).
 */
type AnswerCheck = typeof AnswerCheckModule;
let loadedCheck: AnswerCheck | null = null;
const answerCheck: Promise<AnswerCheck | null> | null = import.meta.env.DEV
  ? import('./answerCheck').then(
      (check) => (loadedCheck = check),
      () => null,
    )
  : null;

/** Base URL of every call: empty, so calls go to the site's own origin (spec §7). */
export const BASE_URL = '';

export const UNKNOWN_ERROR_MESSAGE = 'Unknown error occurred';

/**
 * Every failed call, whatever went wrong: the one error callers see. `status` is the HTTP status
 * (0 for a network error), `code` the envelope's, `reason` the server's closed reason (null when
 * the server gave none), `message` the server's localized message (or 请求失败，请稍后重试).
 * `shown`: the client already raised it as a toast, so a caller must not show it again.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: number | null;
  readonly reason: ErrorReason | null;
  readonly shown: boolean;
  /** What the refusal hands over to act on (the envelope's `data`), e.g. when a pause ends. */
  readonly detail: FailureDetail | null;

  constructor(
    message: string,
    options: {
      status: number;
      code?: number | null;
      reason?: ErrorReason | null;
      cause?: unknown;
      shown?: boolean;
      detail?: FailureDetail | null;
    },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.status = options.status;
    this.code = options.code ?? null;
    this.reason = options.reason ?? null;
    this.shown = options.shown ?? false;
    this.detail = options.detail ?? null;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Query parameters; undefined and null values are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * No toast for a failure that has no message from the server (network down, a proxy's page):
   * the caller shows it in place (a message that failed to send). Refusals are still shown.
   */
  quiet?: boolean;
  /**
   * No toast at all, refusals included: a call made ahead of need (the first screen's messages
   * page, read from the address before the list says the channel is the user's), whose failure
   * the regular path meets again and shows.
   */
  silent?: boolean;
}

/** A silent call is a quiet one too: no failure of any kind is toasted (applied where options come in: `request`, `requestOf`). */
const withSilence = (options: RequestOptions): RequestOptions =>
  options.silent ? { ...options, quiet: true } : options;

function buildUrl(url: string, params: RequestOptions['params']): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const search = query.toString();
  if (!search) return BASE_URL + url;
  return `${BASE_URL}${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function buildHeaders(body: unknown, extra: Record<string, string> | undefined): Headers {
  const headers = new Headers(extra);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', appSettingStore.language);
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** 401/403: the session is over. Drop the token and go to the login screen, back here afterwards. */
function signOutAndRedirect(): void {
  removeToken();
  void navigateTo(loginPath(), { replace: true });
}

/**
 * Whether the screen already says the connection is down (the drawing screen's banner, while it
 * shows offline or reconnecting): a request that fails for want of a network is then not toasted
 * over it, and counts as shown. Set by `main/ConnectionBanner`.
 */
let networkDownShown = false;

export function setNetworkDownShown(shown: boolean): void {
  networkDownShown = shown;
}

function requestFailed(status: number, cause?: unknown, quiet = false): HttpError {
  const message = i18n.t('http.requestFailed');
  if (!quiet) notify.error(message);
  return new HttpError(message, { status, cause, shown: !quiet });
}

/** No answer at all (the network): said by the banner when it is up, else toasted as any failure. */
function networkFailed(cause: unknown, quiet = false): HttpError {
  if (!networkDownShown) return requestFailed(0, cause, quiet);
  return new HttpError(i18n.t('http.requestFailed'), { status: 0, cause, shown: true });
}

/**
 * A way out offered on the error toast of a refusal, by reason: a feature registers its own (the
 * subscribe dialog offers itself on `insufficient_credits`), so callers need not know about it.
 */
export const refusalActions: Partial<Record<ErrorReason, () => ToastAction>> = {};

/** The server's refusal as an error toast, with the way out registered for its reason if any. */
function showRefusal(message: string, reason: ErrorReason | null): void {
  const action = reason ? refusalActions[reason]?.() : undefined;
  if (action) notify.error(message, action);
  else notify.error(message);
}

/**
 * Applies the envelope rules of spec §8 to an HTTP 200 answer. Spec §8 hands a code 404 or 500
 * back "as the raw body with no message": here that is an `HttpError` like every other failure
 * (so no caller ever mistakes it for data), raised without a toast (`shown: false`).
 */
function handleEnvelope<T>(envelope: Envelope<unknown>, silent = false): T {
  if (envelope.success) return envelope.data as T;
  const reason = envelope.reason ?? null;
  const failure = (message: string, shown = false) =>
    new HttpError(message, { status: 200, code: envelope.code, reason, shown, detail: envelope.data });
  if (envelope.code === 401 || envelope.code === 403) {
    signOutAndRedirect();
    throw failure(envelope.message || UNKNOWN_ERROR_MESSAGE);
  }
  if (envelope.code === 404 || envelope.code === 500)
    throw failure(envelope.message || i18n.t('http.requestFailed'));
  if (envelope.message) {
    if (!silent) showRefusal(envelope.message, reason);
    throw failure(envelope.message, !silent);
  }
  throw failure(UNKNOWN_ERROR_MESSAGE);
}

/**
 * Any status but 200 is a failure, whatever the body (spec §8): the server answers its refusals
 * with their own status and an envelope, and returning that envelope as data would let callers
 * take a refusal for a success. The envelope's message is shown when there is one.
 */
function failedStatus(status: number, payload: unknown, quiet = false, silent = false): HttpError {
  if (status === 401 || status === 403) signOutAndRedirect();
  const refusal = isEnvelope(payload) && !payload.success ? payload : null;
  if (!refusal) return requestFailed(status, undefined, quiet);
  const reason = refusal.reason ?? null;
  const message = refusal.message || i18n.t('http.requestFailed');
  if (!silent) showRefusal(message, reason);
  return new HttpError(message, {
    status,
    code: refusal.code,
    reason,
    shown: !silent,
    detail: refusal.data,
  });
}

/** Sends one request; the answer's body when its status is 200, else the thrown `HttpError`. */
async function send(method: Method, url: string, body: unknown, options: RequestOptions): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(buildUrl(url, options.params), {
      method,
      headers: buildHeaders(body, options.headers),
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkFailed(error, options.quiet);
  }
  if (response.status !== 200)
    throw failedStatus(response.status, await readBody(response), options.quiet, options.silent);
  return response;
}

/**
 * Calls the API and returns the envelope's `data`; every failure throws `HttpError` (spec §8, see
 * CONTEXT.md). An HTTP 200 answer that is not the envelope (a proxy's page) is a failure too.
 */
export async function request<T>(
  method: Method,
  url: string,
  body?: unknown,
  given: RequestOptions = {},
): Promise<T> {
  const options = withSilence(given);
  const payload = await readBody(await send(method, url, body, options));
  if (isEnvelope(payload)) return handleEnvelope<T>(payload, options.silent);
  throw requestFailed(200, undefined, options.quiet);
}

type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : undefined extends T
    ? { [P in K]?: T }
    : { [P in K]: T };
/** What a call of route R sends: its path parameters, query and body, typed by the route table. */
export type CallInput<R extends ApiRoute> = Part<'params', ParamsOf<R>> &
  Part<'query', QueryOf<R>> &
  Part<'body', BodyOf<R>> & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
    quiet?: boolean;
    silent?: boolean;
  };
/** The input may be left out when the route needs none. */
type CallArgs<R extends ApiRoute> =
  object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

function requestOf<R extends ApiRoute>(
  route: RouteRef<R>,
  input: CallInput<R> | undefined,
): { url: string; options: RequestOptions } {
  const { params, query, headers, signal, quiet, silent } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: RequestOptions['params'];
  } & RequestOptions;
  return {
    url: pathOf(route.path, params),
    options: withSilence({ params: query, headers, signal, quiet, silent }),
  };
}

/**
 * Calls a route of the table (`api` of ./api.ts): `call(api.channels.detail, { params: { id } })`.
 * Its input and answer are typed from the table; every failure throws `HttpError`.
 */
export async function call<R extends ApiRoute & { kind: typeof AnswerKind.Envelope }>(
  route: RouteRef<R>,
  ...[input]: CallArgs<R>
): Promise<AnswerOf<R>> {
  const { url, options } = requestOf(route, input);
  const data = await request<unknown>(
    route.method,
    url,
    (input as { body?: unknown } | undefined)?.body,
    options,
  );
  if (answerCheck) {
    const check = loadedCheck ?? (await answerCheck);
    if (check && !check.answerMatches(route, data)) throw requestFailed(200, undefined, options.quiet);
  }
  return data as AnswerOf<R>;
}

/** Calls a route of the table that answers a file (the archive's ZIP): the file, or `HttpError`. */
export async function download<R extends ApiRoute & { kind: typeof AnswerKind.File }>(
  route: RouteRef<R>,
  ...[input]: CallArgs<R>
): Promise<Blob> {
  const { url, options } = requestOf(route, input);
  const response = await send(route.method, url, (input as { body?: unknown } | undefined)?.body, options);
  return response.blob();
}

/** What POST /api/upload answers: one stored file each (declared in @draw/shared). */
export type { UploadAnswer, UploadedFile } from '@draw/shared';

/** Uploads files as multipart form data (each under the field `file`) to POST /api/upload. */
export function upload(
  files: File | Blob | FileList | ReadonlyArray<File | Blob>,
  options?: RequestOptions,
): Promise<UploadAnswer> {
  const list: ReadonlyArray<File | Blob> =
    files instanceof Blob
      ? [files]
      : typeof FileList !== 'undefined' && files instanceof FileList
        ? Array.from(files)
        : (files as ReadonlyArray<File | Blob>);
  const form = new FormData();
  for (const file of list) form.append('file', file);
  const route = api.uploads.upload;
  return request<UploadAnswer>(route.method, route.path, form, options);
}

/** Uploads the files in one multipart request; the ids of the stored images, in order. */
export async function uploadImages(files: readonly File[]): Promise<string[]> {
  return (await upload(files)).files.map((file) => file.id);
}

/**
 * For a caller that shows a failure itself (a submit, a panel's load): toasts only what was not
 * shown yet (every refusal with a message already was; spec §8's 404/500 at HTTP 200 comes back
 * unshown with its message; a failure without a message, or an unexpected error, gets the
 * generic one), and returns the server's reason, if any. An aborted call shows nothing.
 */
export function reportFailure(error: unknown): ErrorReason | null {
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (!(error instanceof HttpError) || error.message === UNKNOWN_ERROR_MESSAGE)
    notify.error(i18n.t('http.requestFailed'));
  else if (!error.shown) notify.error(error.message);
  return error instanceof HttpError ? error.reason : null;
}
