import { isEnvelope, type Envelope, type ErrorReason, type UploadAnswer } from '@draw/shared';
import i18n from '../i18n';
import { appSettingStore } from '../stores/appSetting';
import { getToken, removeToken } from '../stores/auth';
import { loginPath, navigateTo } from './navigation';
import { notify, type ToastAction } from './notify';

/** Base URL of every call: empty, so calls go to the site's own origin (spec §7). */
export const BASE_URL = '';

export const UNKNOWN_ERROR_MESSAGE = 'Unknown error occurred';

/** Any failed call. `status` is the HTTP status (0 for a network error); `reason` the server's. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: number | null;
  readonly reason: ErrorReason | null;

  constructor(message: string, options: { status: number; code?: number | null; reason?: ErrorReason | null; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.status = options.status;
    this.code = options.code ?? null;
    this.reason = options.reason ?? null;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Query parameters; undefined and null values are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

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

function requestFailed(status: number, cause?: unknown): HttpError {
  const message = i18n.t('http.requestFailed');
  notify.error(message);
  return new HttpError(message, { status, cause });
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

/** Applies the envelope rules of spec §8 to an HTTP 200 answer. */
function handleEnvelope<T>(envelope: Envelope<unknown>): T {
  if (envelope.success) return envelope.data as T;
  const reason = envelope.reason ?? null;
  if (envelope.code === 401 || envelope.code === 403) {
    signOutAndRedirect();
    throw new HttpError(envelope.message || UNKNOWN_ERROR_MESSAGE, { status: 200, code: envelope.code, reason });
  }
  if (envelope.code === 404 || envelope.code === 500) return envelope as T;
  if (envelope.message) {
    showRefusal(envelope.message, reason);
    throw new HttpError(envelope.message, { status: 200, code: envelope.code, reason });
  }
  throw new HttpError(UNKNOWN_ERROR_MESSAGE, { status: 200, code: envelope.code, reason });
}

/**
 * Any status but 200 is a failure, whatever the body (spec §8): the server answers its refusals
 * with their own status and an envelope, and returning that envelope as data would let callers
 * take a refusal for a success. The envelope's message is shown when there is one.
 */
function failedStatus(status: number, payload: unknown): HttpError {
  if (status === 401 || status === 403) signOutAndRedirect();
  const refusal = isEnvelope(payload) && !payload.success ? payload : null;
  if (!refusal) return requestFailed(status);
  const reason = refusal.reason ?? null;
  const message = refusal.message || i18n.t('http.requestFailed');
  showRefusal(message, reason);
  return new HttpError(message, { status, code: refusal.code, reason });
}

/**
 * Calls the API and returns the envelope's `data`. Failures follow spec §8: see CONTEXT.md.
 * Note: an HTTP 200 envelope with code 404 or 500 is returned as is (the raw body), not thrown.
 */
export async function request<T>(method: Method, url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
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
    throw requestFailed(0, error);
  }

  const payload = await readBody(response);
  if (response.status !== 200) throw failedStatus(response.status, payload);
  if (isEnvelope(payload)) return handleEnvelope<T>(payload);
  return payload as T;
}

/**
 * POSTs and answers the body as a file (the archive's ZIP). Refusals come enveloped with their own
 * status and are handled as for `request`.
 */
export async function downloadFile(url: string, body: unknown, options: RequestOptions = {}): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(buildUrl(url, options.params), { method: 'POST', headers: buildHeaders(body, options.headers), body: JSON.stringify(body), signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw requestFailed(0, error);
  }
  if (response.status !== 200) throw failedStatus(response.status, await readBody(response));
  return response.blob();
}

export const http = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('POST', url, body, options),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', url, body, options),
  delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, undefined, options),
};

/** What POST /api/upload answers: one stored file each (declared in @draw/shared). */
export type { UploadAnswer, UploadedFile } from '@draw/shared';

/** Uploads files as multipart form data (each under the field `file`) to POST /api/upload. */
export function upload(files: File | Blob | FileList | ReadonlyArray<File | Blob>, options?: RequestOptions): Promise<UploadAnswer> {
  const list: ReadonlyArray<File | Blob> =
    files instanceof Blob ? [files] : typeof FileList !== 'undefined' && files instanceof FileList ? Array.from(files) : (files as ReadonlyArray<File | Blob>);
  const form = new FormData();
  for (const file of list) form.append('file', file);
  return request<UploadAnswer>('POST', '/api/upload', form, options);
}
