/**
 * Router bridge: lets code outside React (the HTTP client, stores) navigate through the
 * react-router instance registered at start, without a full page reload.
 */
export interface NavigateOptions {
  replace?: boolean;
}
export type NavigateFunction = (to: string, options?: NavigateOptions) => void | Promise<void>;

let registered: NavigateFunction | null = null;

export function registerNavigate(navigate: NavigateFunction | null): void {
  registered = navigate;
}

/** Navigates; the promise settles once the router has moved (callers may ignore it). */
export async function navigateTo(to: string, options?: NavigateOptions): Promise<void> {
  if (registered) {
    await registered(to, options);
    return;
  }
  // Only before the router has started (nothing rendered yet).
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** The path (with query and hash) the user is on now. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** `/login?redirect=<path>`; no redirect when the path is the login screen itself. */
export function loginPath(redirect: string = currentPath()): string {
  if (!redirect || redirect === '/' || redirect.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(redirect)}`;
}

/** A `redirect` query value is followed only when it is a path on this site. */
export function safeRedirect(value: string | null | undefined, fallback = '/draw'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/login')) return fallback;
  return value;
}
