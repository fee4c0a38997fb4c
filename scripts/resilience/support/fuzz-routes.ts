import fc from 'fast-check';
import type { TSchema } from 'typebox';
import { API_ROUTES, Caller, routeKey, type AnswerKind, type ApiRoute } from '@draw/shared/routes';
import { arbitraryOf, fieldsOf } from './fuzz-schema';
import {
  anyString,
  anyValue,
  badAuthorization,
  deepJsonText,
  hostileKey,
  hugeString,
  nastySegment,
  notJsonText,
  wrongContentType,
} from './fuzz-inputs';

export const Area = {
  Auth: 'auth',
  Channels: 'channels',
  Chat: 'chat',
  Tasks: 'tasks',
  Settings: 'settings',
  Billing: 'billing',
  Uploads: 'uploads',
  Archive: 'archive',
  Open: 'open hooks',
  Realtime: 'realtime',
  /** The operator's console, fuzzed by people who are not site admins: 404 whatever they send. */
  Admin: 'admin',
} as const;
export type Area = (typeof Area)[keyof typeof Area];

/** Which part of the fuzz suite a route's /docs group falls in. */
const AREA_OF_TAG: Record<string, Area> = {
  login: Area.Auth,
  home: Area.Auth,
  channels: Area.Channels,
  engines: Area.Channels,
  messages: Area.Chat,
  reads: Area.Chat,
  tasks: Area.Tasks,
  upload: Area.Uploads,
  settings: Area.Settings,
  billing: Area.Billing,
  archive: Area.Archive,
  // A result's public link is one of the person's images, as the archive's are.
  share: Area.Archive,
  open: Area.Open,
  upstream: Area.Open,
  realtime: Area.Realtime,
  admin: Area.Admin,
};

/** Real ids made by the fixture, so a fuzzed field can sit next to otherwise valid input. */
export interface FixtureIds {
  channelId: string;
  othersChannelId: string;
  taskId: string;
  messageId: string;
  orderId: string;
  inviteCode: string;
  memberUserId: string;
  productId: string;
  uploadId: string;
  phone: string;
}
type FixtureKey = keyof FixtureIds;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Valid values of each field, as arbitraries; the fuzzer mixes them with hostile ones. */
type Fields = Record<string, (ids: FixtureIds) => fc.Arbitrary<unknown>>;

export interface RouteRow {
  area: Area;
  method: Method;
  /** Fastify path with `:param`s. */
  path: string;
  /** What a success answers: the envelope, a file, or a provider's own protocol. */
  kind: AnswerKind;
  /** For kind `file`: the Content-Type of a success. */
  contentType?: string;
  /** Whether the route needs a signed-in user (fuzzed requests then mostly carry a valid token). */
  signedIn: boolean;
  /**
   * Per path param, the fixture id that makes it valid, or null when there is none or a valid id
   * would let a fuzz run destroy the fixture (delete, quit, remove): those get only hostile and unknown ids.
   */
  params?: Record<string, FixtureKey | null>;
  query?: Fields;
  /** JSON body fields; `opaque` when the route takes any JSON. */
  body?: Fields | 'opaque';
  /** False for routes a valid token would let destroy the fixture's sessions (logout). */
  validTokens?: false;
}

// ---- Generated from the route table -------------------------------------------------------------

/** Params and fields that name something of the fixture, by name, take its id. */
const FIXTURE_OF_NAME: Readonly<Record<string, FixtureKey>> = {
  channelId: 'channelId',
  taskId: 'taskId',
  orderId: 'orderId',
  code: 'inviteCode',
  userId: 'memberUserId',
  productId: 'productId',
  imageId: 'uploadId',
  maskImageId: 'uploadId',
  account: 'phone',
  phone: 'phone',
};
/** Lists of ids, by field name. */
const FIXTURE_LIST_OF_NAME: Readonly<Record<string, FixtureKey>> = {
  imageIds: 'uploadId',
  taskIds: 'taskId',
  ids: 'taskId',
};
/** `:id` names a different thing on each family of paths. */
const FIXTURE_OF_ID: readonly (readonly [RegExp, FixtureKey])[] = [
  [/^\/api\/draw\/(channel|chat|settings|info)\//, 'channelId'],
  [/^\/api\/mj\/task\//, 'taskId'],
  [/^\/api\/home\/(orders|cancel-order|pay)\//, 'orderId'],
  [/^\/api\/open\/notify\//, 'taskId'],
];
/**
 * Params that get no valid id although one exists: with it a fuzz run would destroy the fixture
 * (delete or quit the channel, remove or ban its member, delete its message, cancel its order) or
 * spend what is not a code to guess (a redeem code is not an invite code).
 */
const WITHHELD: Readonly<Record<string, readonly string[]>> = {
  'DELETE /api/draw/channel/:id': ['id'],
  'POST /api/draw/quit-channel/:id': ['id'],
  'POST /api/draw/remove-user/:channelId/:userId': ['userId'],
  'POST /api/draw/channel/:id/ban': ['id'],
  'DELETE /api/draw/chat/:id': ['id'],
  'POST /api/home/cancel-order/:id': ['id'],
  'POST /api/home/redeem/:code': ['code'],
};
/** A valid token on logout would end the fixture's sessions. */
const NO_VALID_TOKEN: ReadonlySet<string> = new Set(['POST /api/login/logout']);

function paramSource(route: ApiRoute, name: string): FixtureKey | null {
  if (WITHHELD[routeKey(route.method, route.path)]?.includes(name)) return null;
  if (name === 'id') return FIXTURE_OF_ID.find(([pattern]) => pattern.test(route.path))?.[1] ?? null;
  return FIXTURE_OF_NAME[name] ?? null;
}

function fieldsFrom(schema: TSchema | undefined): Fields | undefined {
  const fields = fieldsOf(schema);
  if (!fields) return undefined;
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]): [string, Fields[string]] => {
      const one = FIXTURE_OF_NAME[name];
      if (one) return [name, (ids) => fc.constant(ids[one])];
      const many = FIXTURE_LIST_OF_NAME[name];
      if (many) return [name, (ids) => fc.array(fc.constant(ids[many]), { minLength: 1, maxLength: 3 })];
      const valid = arbitraryOf(field);
      return [name, () => valid];
    }),
  );
}

/** One fuzz row of a route of the table: its method, path, whether it takes a token, and valid values from its schemas. */
export function rowOf(route: ApiRoute): RouteRow {
  const key = routeKey(route.method, route.path);
  const area = AREA_OF_TAG[route.tag];
  if (!area) throw new Error(`${key}: no fuzz area for the /docs group ${route.tag}`);
  const paramNames = Object.keys(fieldsOf(route.params) ?? {});
  const query = fieldsFrom(route.query);
  const body = fieldsFrom(route.body) ?? (route.body || route.method !== 'GET' ? 'opaque' : undefined);
  return {
    area,
    method: route.method,
    path: route.path,
    kind: route.kind,
    ...(route.contentType ? { contentType: route.contentType } : {}),
    signedIn: route.caller === Caller.User,
    ...(paramNames.length > 0
      ? { params: Object.fromEntries(paramNames.map((name) => [name, paramSource(route, name)])) }
      : {}),
    ...(query ? { query } : {}),
    ...(body ? { body } : {}),
    ...(NO_VALID_TOKEN.has(key) ? { validTokens: false as const } : {}),
  };
}

/** Every route of the table, one row each. */
export const ROUTES: readonly RouteRow[] = API_ROUTES.map(rowOf);

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;

/** A short, readable account of a request for failure reports. */
export function describeRequest(r: FuzzRequest): string {
  const auth =
    r.headers.authorization === undefined ? '' : ` auth=${JSON.stringify(clip(r.headers.authorization, 60))}`;
  const body = r.payload === undefined ? '' : ` body=${JSON.stringify(clip(r.payload, 160))}`;
  return `${r.method} ${clip(r.url, 200)} [${r.label}] type=${r.headers['content-type'] ?? '-'}${auth}${body}`;
}

/** One request as `app.http.inject` takes it. */
export interface FuzzRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What the request is made of, for failure messages. */
  label: string;
}

export interface FuzzContext {
  ids: FixtureIds;
  /** Valid Bearer tokens of users who may use the fixture ids. */
  tokens: readonly string[];
}

/** Node refuses header values outside Latin-1 and with control characters: keep the rest. */
const headerSafe = (value: string) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?').slice(0, 16_000);

const querySafe = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');

function paramArbitrary(ids: FixtureIds, source: FixtureKey | null): fc.Arbitrary<string> {
  if (source === null) return nastySegment;
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(encodeURIComponent(ids[source])) },
    { weight: 2, arbitrary: nastySegment },
  );
}

/** A field's value: valid, hostile, or (via `requiredKeys: []`) missing. */
const fieldArbitrary = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 2, arbitrary: valid }, { weight: 3, arbitrary: anyValue });

/** Sets a key as an own property even when it is `__proto__`, as JSON.parse would. */
function withOwnKeys(base: Record<string, unknown>, extras: [string, unknown][]): Record<string, unknown> {
  const out = { ...base };
  for (const [key, value] of extras)
    Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
  return out;
}

function fieldsArbitrary(fields: Fields, ids: FixtureIds): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, valid] of Object.entries(fields)) model[name] = fieldArbitrary(valid(ids));
  return fc
    .tuple(fc.record(model, { requiredKeys: [] }), fc.array(fc.tuple(hostileKey, anyValue), { maxLength: 2 }))
    .map(([base, extras]) => withOwnKeys(base, extras));
}

interface BodyShape {
  payload?: string;
  contentType?: string;
  label: string;
}

function bodyArbitrary(row: RouteRow, ids: FixtureIds): fc.Arbitrary<BodyShape> {
  const json = (value: unknown, label: string): BodyShape => ({
    payload: JSON.stringify(value),
    contentType: 'application/json',
    label,
  });
  const fields =
    row.body && row.body !== 'opaque'
      ? fieldsArbitrary(row.body, ids)
      : fc.dictionary(fc.oneof(hostileKey, fc.string({ maxLength: 8 })), anyValue, { maxKeys: 3 });
  return fc.oneof(
    { weight: 6, arbitrary: fields.map((value) => json(value, 'fields')) },
    { weight: 2, arbitrary: anyValue.map((value) => json(value, 'whole body')) },
    {
      weight: 1,
      arbitrary: notJsonText.map((text) => ({
        payload: text,
        contentType: 'application/json',
        label: 'not JSON',
      })),
    },
    {
      weight: 1,
      arbitrary: deepJsonText.map((text) => ({
        payload: text,
        contentType: 'application/json',
        label: `nested ${text.length / 2} chars deep`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fields, wrongContentType).map(([value, contentType]) => ({
        payload: JSON.stringify(value),
        contentType,
        label: `as ${contentType || 'no type'}`,
      })),
    },
    { weight: 1, arbitrary: hugeString.map((text) => json({ value: text }, `huge ${text.length}`)) },
    {
      weight: 1,
      arbitrary: fc.constant<BodyShape>({ contentType: 'application/json', label: 'empty JSON' }),
    },
    { weight: 1, arbitrary: fc.constant<BodyShape>({ label: 'no body' }) },
  );
}

function queryArbitrary(row: RouteRow, ids: FixtureIds): fc.Arbitrary<string> {
  const fields = row.query ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, valid] of Object.entries(fields)) model[name] = fieldArbitrary(valid(ids));
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [] }),
      fc.array(
        fc.tuple(fc.oneof(hostileKey, fc.constantFrom(...Object.keys(fields), 'x[$gt]', 'a[]')), anyString),
        { maxLength: 2 },
      ),
    )
    .map(([values, extras]) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(values)) {
        // Arrays go out as repeated keys (`?a=1&a=2`), the way form libraries send them.
        if (Array.isArray(value))
          for (const item of value.slice(0, 5)) search.append(name, querySafe(item).slice(0, 20_000));
        else search.append(name, querySafe(value).slice(0, 20_000));
      }
      for (const [name, value] of extras) search.append(name, value.slice(0, 20_000));
      const text = search.toString();
      return text ? `?${text}` : '';
    });
}

function authorizationArbitrary(row: RouteRow, tokens: readonly string[]): fc.Arbitrary<string | null> {
  if (row.validTokens === false) return fc.option(badAuthorization, { nil: null });
  const valid = fc.constantFrom(...tokens).map((token) => `Bearer ${token}`);
  return row.signedIn
    ? fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: badAuthorization })
    : fc.oneof(
        { weight: 2, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: valid },
        { weight: 1, arbitrary: badAuthorization },
      );
}

const otherHeaders = fc.record(
  {
    'accept-language': fc.oneof(
      fc.constantFrom('en-US', 'zh-CN', 'zh-TW', '*', 'xx-YY;q=abc', ''),
      anyString,
    ),
    'x-time-zone': fc.oneof(
      fc.constantFrom('Asia/Shanghai', 'Mars/Olympus', '../../etc/localtime', 'UTC+99'),
      anyString,
    ),
  },
  { requiredKeys: [] },
);

/** A fuzzed request for one route row: hostile params, query, body, content type and headers. */
export function requestArbitrary(row: RouteRow, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const paramNames = Object.keys(row.params ?? {});
  const params = fc.tuple(
    ...paramNames.map((name) => paramArbitrary(context.ids, row.params![name] ?? null)),
  );
  const sendsBody = row.method !== 'GET';
  const body = sendsBody ? bodyArbitrary(row, context.ids) : fc.constant<BodyShape>({ label: 'no body' });
  return fc
    .tuple(
      params,
      queryArbitrary(row, context.ids),
      body,
      authorizationArbitrary(row, context.tokens),
      otherHeaders,
    )
    .map(([values, query, shape, authorization, extra]) => {
      let url = row.path;
      paramNames.forEach((name, i) => {
        url = url.replace(`:${name}`, values[i] ?? '');
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(extra)) headers[name] = headerSafe(value);
      if (authorization !== null) headers.authorization = headerSafe(authorization);
      if (shape.contentType !== undefined) headers['content-type'] = shape.contentType;
      const request: FuzzRequest = { method: row.method, url: url + query, headers, label: shape.label };
      if (shape.payload !== undefined) request.payload = shape.payload;
      // fast-check prints counterexamples with this: megabyte strings would drown the report.
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
}
