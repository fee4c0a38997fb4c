import type { TSchema } from 'typebox';
import type { HttpMethod } from './paths';

/**
 * What one route may cost, declared on its entry in the table beside who may call it. The server
 * applies every rule before it reads a byte of the body (`server/src/http/routes.ts`), and the
 * resilience suite's attacks are generated from the same entries, so a new route gets its bounds
 * and its attacks without anyone asking.
 */

/** Whom a rate limit counts: the signed-in person, or the client's address (anonymous routes). */
export const RatePer = { User: 'user', Ip: 'ip' } as const;
export type RatePer = (typeof RatePer)[keyof typeof RatePer];

export interface RateRule {
  /** Requests allowed in one window. */
  readonly max: number;
  readonly windowMs: number;
  readonly per: RatePer;
  /**
   * Routes naming the same bucket share one count (the five submits are one budget of work). Absent:
   * the route counts alone.
   */
  readonly bucket?: string;
}

export interface RouteBounds {
  /** The largest request body, in bytes. A route with no body still gets a small one. */
  readonly bodyBytes: number;
  /** How deeply a JSON body may nest objects and arrays (refused before it is parsed). */
  readonly jsonDepth: number;
  /** Requests per window (null: none; the route is a cheap read bounded by `concurrent`). */
  readonly rate: RateRule | null;
  /** Requests of this route one caller (person, or address when anonymous) may have in flight. */
  readonly concurrent: number;
}

export const MINUTE_MS = 60_000;

/** The defaults, by kind of route: an entry states only where it differs. */
export const DefaultBounds = {
  /** A JSON body: a form's worth of fields. */
  bodyBytes: 16 * 1024,
  /** A route that takes no body (GET, DELETE, a POST whose path says it all). */
  noBodyBytes: 1024,
  /**
   * Writes: a busy person's clicking, never a script's loop; per person when signed in, else per
   * address. Reads are bounded by `concurrent` only (one address may be a whole office behind NAT).
   */
  writeRate: { max: 120, windowMs: MINUTE_MS, per: RatePer.User },
  /** In flight at once per person, per route: a page's parallel loads with room to spare. */
  userConcurrent: 16,
  /** In flight at once per address: several people behind one NAT share it. */
  anonymousConcurrent: 32,
  /** Depth used when a body's schema does not bound it (an open object). */
  openJsonDepth: 8,
} as const;

/** How deeply a value valid against `schema` can nest objects and arrays (null: unbounded). */
export function schemaDepth(schema: TSchema | undefined): number | null {
  // No body declared: whatever a client sends (often `{}`) is bounded by the open depth and a small size.
  if (!schema) return null;
  const s = schema as Record<string, unknown>;
  const children: unknown[] = [];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (Array.isArray(s[key])) children.push(...(s[key] as unknown[]));
  let own = 0;
  if (s.type === 'object' || s.properties) {
    own = 1;
    if (s.properties) children.push(...Object.values(s.properties as object));
    if (s.additionalProperties !== undefined && s.additionalProperties !== false) {
      if (s.additionalProperties === true) return null;
      children.push(s.additionalProperties);
    } else if (s.additionalProperties === undefined) {
      // An object that allows any extra property: its extras may nest without end.
      return null;
    }
    if (s.patternProperties) children.push(...Object.values(s.patternProperties as object));
  } else if (s.type === 'array' || s.items) {
    own = 1;
    if (s.items) children.push(...[s.items].flat());
    else return null;
  } else if (Array.isArray(s.type) || s.type === undefined) {
    // A union of JSON types or no type at all (Type.Unknown): any value.
    if (children.length === 0 && !s.const && !s.enum) return null;
  }
  let deepest = 0;
  for (const child of children) {
    const depth = schemaDepth(child as TSchema);
    if (depth === null) return null;
    deepest = Math.max(deepest, depth);
  }
  return own + deepest;
}

interface BoundedRoute {
  readonly method: HttpMethod;
  readonly caller: 'user' | 'anyone';
  readonly body?: TSchema;
  readonly multipart?: boolean;
  readonly bounds?: Partial<RouteBounds>;
}

/** A route's bounds: what its entry declares, the defaults of its kind for the rest. */
export function boundsOf(route: BoundedRoute): RouteBounds {
  const declared = route.bounds ?? {};
  const anonymous = route.caller === 'anyone';
  const takesBody = route.body !== undefined || route.multipart === true;
  const writes = route.method !== 'GET';
  return {
    bodyBytes: declared.bodyBytes ?? (takesBody ? DefaultBounds.bodyBytes : DefaultBounds.noBodyBytes),
    jsonDepth: declared.jsonDepth ?? schemaDepth(route.body) ?? DefaultBounds.openJsonDepth,
    rate: declared.rate !== undefined ? declared.rate : writes ? DefaultBounds.writeRate : null,
    concurrent:
      declared.concurrent ?? (anonymous ? DefaultBounds.anonymousConcurrent : DefaultBounds.userConcurrent),
  };
}
