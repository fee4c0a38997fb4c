import fc from 'fast-check';
import { BlendDimensions, BotType, INVITE_EXPIRE_HOURS, Language, LoginType, Theme } from '@draw/shared';
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
  Open: 'open hooks',
  Realtime: 'realtime',
} as const;
export type Area = (typeof Area)[keyof typeof Area];

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
  /** Whether the route needs a signed-in user (fuzzed requests then mostly carry a valid token). */
  signedIn: boolean;
  /**
   * Per path param, the fixture id that makes it valid, or null when a valid id would let a fuzz
   * run destroy the fixture (delete, quit, remove): those get only hostile and unknown ids.
   */
  params?: Record<string, FixtureKey | null>;
  query?: Fields;
  /** JSON body fields; `opaque` when the route takes any JSON (the upstream's hook). */
  body?: Fields | 'opaque';
  /** False for routes a valid token would let destroy the fixture's sessions (logout). */
  validTokens?: false;
}

const constant = (value: unknown) => () => fc.constant(value);
const anyOf = (...values: unknown[]) => () => fc.constantFrom(...values);
const shortText = () => fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 });
const uploadIds = (ids: FixtureIds) => fc.array(fc.constant(ids.uploadId), { minLength: 1, maxLength: 3 });
const botType = anyOf(BotType.MidJourney, BotType.NijiJourney);

/** Every route in the API, one row each: adding a route means adding a row. */
export const ROUTES: readonly RouteRow[] = [
  // ---- auth / home ----
  { area: Area.Auth, method: 'GET', path: '/api/home/company-info', signedIn: false, query: { lang: anyOf('en-US') } },
  {
    area: Area.Auth,
    method: 'POST',
    path: '/api/login/login',
    signedIn: false,
    body: {
      loginType: anyOf(LoginType.Password, LoginType.Captcha),
      account: (ids) => fc.constant(ids.phone),
      password: constant('not-the-password-1'),
      code: constant('000000'),
    },
  },
  { area: Area.Auth, method: 'POST', path: '/api/login/logout', signedIn: false, validTokens: false },
  { area: Area.Auth, method: 'GET', path: '/api/login/send-login-code', signedIn: false, query: { phone: () => fc.constantFrom('13900000000', '+8613900000001', '12') } },
  {
    area: Area.Auth,
    method: 'POST',
    path: '/api/login/forget-reset-pwd',
    signedIn: false,
    body: { phone: (ids) => fc.constant(ids.phone), code: constant('000000'), password: constant('a-new-password-1') },
  },
  { area: Area.Auth, method: 'GET', path: '/api/home/index', signedIn: true },
  {
    area: Area.Auth,
    method: 'PUT',
    path: '/api/home/info',
    signedIn: true,
    body: {
      name: shortText,
      description: shortText,
      avatar: constant('/files/nope.png'),
      theme: anyOf(Theme.Auto, Theme.Light, Theme.Dark),
      nijiRemix: () => fc.boolean(),
      mjRemix: () => fc.boolean(),
      language: anyOf(Language.EnUS, Language.ZhCN, Language.ZhTW),
    },
  },
  { area: Area.Auth, method: 'GET', path: '/api/login/channel/:code', signedIn: false, params: { code: 'inviteCode' } },

  // ---- channels ----
  { area: Area.Channels, method: 'GET', path: '/api/draw/channels', signedIn: true },
  { area: Area.Channels, method: 'POST', path: '/api/draw/channel', signedIn: true, body: { title: shortText, isBan: () => fc.boolean() } },
  {
    area: Area.Channels,
    method: 'PUT',
    path: '/api/draw/channel/:id',
    signedIn: true,
    params: { id: 'channelId' },
    body: { title: shortText, isBan: constant(false) },
  },
  { area: Area.Channels, method: 'GET', path: '/api/draw/channel/:id', signedIn: true, params: { id: 'channelId' } },
  { area: Area.Channels, method: 'DELETE', path: '/api/draw/channel/:id', signedIn: true, params: { id: null } },
  {
    area: Area.Channels,
    method: 'POST',
    path: '/api/draw/invite-code/:channelId',
    signedIn: true,
    params: { channelId: 'channelId' },
    body: { isNew: constant(true), expireHours: anyOf(...INVITE_EXPIRE_HOURS) },
  },
  { area: Area.Channels, method: 'POST', path: '/api/draw/join-channel/:code', signedIn: true, params: { code: 'inviteCode' } },
  { area: Area.Channels, method: 'POST', path: '/api/draw/quit-channel/:id', signedIn: true, params: { id: null } },
  { area: Area.Channels, method: 'POST', path: '/api/draw/remove-user/:channelId/:userId', signedIn: true, params: { channelId: 'channelId', userId: null } },
  // A valid channel would let a run ban (and so remove) the fixture's member.
  {
    area: Area.Channels,
    method: 'POST',
    path: '/api/draw/channel/:id/ban',
    signedIn: true,
    params: { id: null },
    body: { userId: (ids) => fc.constant(ids.memberUserId), reason: shortText },
  },
  { area: Area.Channels, method: 'DELETE', path: '/api/draw/channel/:id/ban/:userId', signedIn: true, params: { id: 'channelId', userId: 'memberUserId' } },
  { area: Area.Channels, method: 'GET', path: '/api/draw/channel/:id/bans', signedIn: true, params: { id: 'channelId' } },

  // ---- chat ----
  {
    area: Area.Chat,
    method: 'GET',
    path: '/api/draw/chat/:id',
    signedIn: true,
    params: { id: 'channelId' },
    query: { before: () => fc.nat(), limit: () => fc.integer({ min: 1, max: 100 }) },
  },
  { area: Area.Chat, method: 'POST', path: '/api/draw/chat/:id', signedIn: true, params: { id: 'channelId' }, body: { content: shortText } },
  { area: Area.Chat, method: 'DELETE', path: '/api/draw/chat/:id', signedIn: true, params: { id: null } },

  // ---- tasks ----
  {
    area: Area.Tasks,
    method: 'POST',
    path: '/api/mj/submit/imagine/:channelId',
    signedIn: true,
    params: { channelId: 'channelId' },
    body: { prompt: shortText, botType, imageIds: uploadIds },
  },
  { area: Area.Tasks, method: 'POST', path: '/api/mj/submit/describe/:channelId', signedIn: true, params: { channelId: 'channelId' }, body: { imageId: (ids) => fc.constant(ids.uploadId), botType } },
  {
    area: Area.Tasks,
    method: 'POST',
    path: '/api/mj/submit/blend/:channelId',
    signedIn: true,
    params: { channelId: 'channelId' },
    body: { imageIds: uploadIds, dimensions: anyOf(BlendDimensions.Portrait, BlendDimensions.Square, BlendDimensions.Landscape), botType },
  },
  { area: Area.Tasks, method: 'POST', path: '/api/mj/submit/shorten/:channelId', signedIn: true, params: { channelId: 'channelId' }, body: { prompt: shortText, botType } },
  {
    area: Area.Tasks,
    method: 'POST',
    path: '/api/mj/submit/action/:channelId',
    signedIn: true,
    params: { channelId: 'channelId' },
    body: { taskId: (ids) => fc.constant(ids.taskId), customId: () => fc.constantFrom('MJ::JOB::upsample::1::x', 'MJ::JOB::variation::2::x', 'nope') },
  },
  {
    area: Area.Tasks,
    method: 'POST',
    path: '/api/mj/submit/modal/:channelId',
    signedIn: true,
    params: { channelId: 'channelId' },
    body: { taskId: (ids) => fc.constant(ids.taskId), prompt: shortText, maskImageId: (ids) => fc.constant(ids.uploadId) },
  },
  { area: Area.Tasks, method: 'GET', path: '/api/mj/task/:id/fetch', signedIn: true, params: { id: 'taskId' } },
  { area: Area.Tasks, method: 'POST', path: '/api/mj/task/:id/cancel', signedIn: true, params: { id: 'taskId' } },
  { area: Area.Tasks, method: 'GET', path: '/api/mj/task/:id/image-seed', signedIn: true, params: { id: 'taskId' } },
  {
    area: Area.Tasks,
    method: 'POST',
    path: '/api/draw/tasks/:channelId',
    signedIn: true,
    params: { channelId: 'channelId' },
    body: { ids: (ids) => fc.array(fc.constant(ids.taskId), { maxLength: 3 }) },
  },

  // ---- settings ----
  { area: Area.Settings, method: 'GET', path: '/api/draw/settings/options', signedIn: true, query: { botType } },
  { area: Area.Settings, method: 'GET', path: '/api/draw/settings/:id', signedIn: true, params: { id: 'channelId' }, query: { botType } },
  {
    area: Area.Settings,
    method: 'PUT',
    path: '/api/draw/settings',
    signedIn: true,
    query: { botType },
    body: {
      botType,
      version: anyOf('6.1', '7', 'niji 6'),
      stylize: () => fc.integer({ min: 0, max: 1000 }),
      style: anyOf('standard', 'raw'),
      speed: anyOf('relax', 'fast', 'turbo'),
      remix: () => fc.boolean(),
      suffix: shortText,
    },
  },
  { area: Area.Settings, method: 'PUT', path: '/api/draw/settings/version/:version', signedIn: true, params: { version: null }, query: { botType } },
  { area: Area.Settings, method: 'PUT', path: '/api/draw/settings/suffix', signedIn: true, query: { botType }, body: { suffix: shortText } },
  {
    area: Area.Settings,
    method: 'PUT',
    path: '/api/draw/settings/option',
    signedIn: true,
    query: { botType },
    body: { name: anyOf('stylize', 'style', 'speed', 'remix'), value: () => fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.constantFrom('raw', 'fast'), fc.boolean()) },
  },
  { area: Area.Settings, method: 'GET', path: '/api/draw/info/:id', signedIn: true, params: { id: 'channelId' }, query: { botType } },

  // ---- billing ----
  { area: Area.Billing, method: 'GET', path: '/api/home/products', signedIn: false },
  { area: Area.Billing, method: 'GET', path: '/api/home/credits', signedIn: true },
  { area: Area.Billing, method: 'POST', path: '/api/home/order', signedIn: true, body: { productId: (ids) => fc.constant(ids.productId) } },
  { area: Area.Billing, method: 'GET', path: '/api/home/orders', signedIn: true },
  { area: Area.Billing, method: 'GET', path: '/api/home/orders/:id', signedIn: true, params: { id: 'orderId' } },
  { area: Area.Billing, method: 'POST', path: '/api/home/cancel-order/:id', signedIn: true, params: { id: null } },
  { area: Area.Billing, method: 'POST', path: '/api/home/pay/:id', signedIn: true, params: { id: 'orderId' } },
  { area: Area.Billing, method: 'POST', path: '/api/home/redeem/:code', signedIn: true, params: { code: null } },
  { area: Area.Billing, method: 'GET', path: '/api/home/qrcode', signedIn: false, query: { url: constant('http://localhost/pay/sandbox/x/y') } },

  // ---- open hooks ----
  { area: Area.Open, method: 'POST', path: '/api/open/notify/:id/:token', signedIn: false, params: { id: 'taskId', token: null }, body: 'opaque' },
  { area: Area.Open, method: 'POST', path: '/api/open/sandbox/:orderId/:token/confirm', signedIn: false, params: { orderId: 'orderId', token: null } },

  // ---- realtime ----
  { area: Area.Realtime, method: 'GET', path: '/api/ws/pre-connect', signedIn: true },
];

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);

/** A short, readable account of a request for failure reports. */
export function describeRequest(r: FuzzRequest): string {
  const auth = r.headers.authorization === undefined ? '' : ` auth=${JSON.stringify(clip(r.headers.authorization, 60))}`;
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

const querySafe = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined');

function paramArbitrary(ids: FixtureIds, source: FixtureKey | null): fc.Arbitrary<string> {
  if (source === null) return nastySegment;
  return fc.oneof({ weight: 1, arbitrary: fc.constant(encodeURIComponent(ids[source])) }, { weight: 2, arbitrary: nastySegment });
}

/** A field's value: valid, hostile, or (via `requiredKeys: []`) missing. */
const fieldArbitrary = (valid: fc.Arbitrary<unknown>) => fc.oneof({ weight: 2, arbitrary: valid }, { weight: 3, arbitrary: anyValue });

/** Sets a key as an own property even when it is `__proto__`, as JSON.parse would. */
function withOwnKeys(base: Record<string, unknown>, extras: [string, unknown][]): Record<string, unknown> {
  const out = { ...base };
  for (const [key, value] of extras) Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
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
  const json = (value: unknown, label: string): BodyShape => ({ payload: JSON.stringify(value), contentType: 'application/json', label });
  const fields = row.body && row.body !== 'opaque' ? fieldsArbitrary(row.body, ids) : fc.dictionary(fc.oneof(hostileKey, fc.string({ maxLength: 8 })), anyValue, { maxKeys: 3 });
  return fc.oneof(
    { weight: 6, arbitrary: fields.map((value) => json(value, 'fields')) },
    { weight: 2, arbitrary: anyValue.map((value) => json(value, 'whole body')) },
    { weight: 1, arbitrary: notJsonText.map((text) => ({ payload: text, contentType: 'application/json', label: 'not JSON' })) },
    { weight: 1, arbitrary: deepJsonText.map((text) => ({ payload: text, contentType: 'application/json', label: `nested ${text.length / 2} chars deep` })) },
    {
      weight: 1,
      arbitrary: fc.tuple(fields, wrongContentType).map(([value, contentType]) => ({ payload: JSON.stringify(value), contentType, label: `as ${contentType || 'no type'}` })),
    },
    { weight: 1, arbitrary: hugeString.map((text) => json({ value: text }, `huge ${text.length}`)) },
    { weight: 1, arbitrary: fc.constant<BodyShape>({ contentType: 'application/json', label: 'empty JSON' }) },
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
      fc.array(fc.tuple(fc.oneof(hostileKey, fc.constantFrom(...Object.keys(fields), 'x[$gt]', 'a[]')), anyString), { maxLength: 2 }),
    )
    .map(([values, extras]) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(values)) {
        // Arrays go out as repeated keys (`?a=1&a=2`), the way form libraries send them.
        if (Array.isArray(value)) for (const item of value.slice(0, 5)) search.append(name, querySafe(item).slice(0, 20_000));
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
    : fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: valid }, { weight: 1, arbitrary: badAuthorization });
}

const otherHeaders = fc.record(
  {
    'accept-language': fc.oneof(fc.constantFrom('en-US', 'zh-CN', 'zh-TW', '*', 'xx-YY;q=abc', ''), anyString),
    'x-time-zone': fc.oneof(fc.constantFrom('Asia/Shanghai', 'Mars/Olympus', '../../etc/localtime', 'UTC+99'), anyString),
  },
  { requiredKeys: [] },
);

/** A fuzzed request for one route row: hostile params, query, body, content type and headers. */
export function requestArbitrary(row: RouteRow, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const paramNames = Object.keys(row.params ?? {});
  const params = fc.tuple(...paramNames.map((name) => paramArbitrary(context.ids, row.params![name] ?? null)));
  const sendsBody = row.method !== 'GET';
  const body = sendsBody ? bodyArbitrary(row, context.ids) : fc.constant<BodyShape>({ label: 'no body' });
  return fc
    .tuple(params, queryArbitrary(row, context.ids), body, authorizationArbitrary(row, context.tokens), otherHeaders)
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
