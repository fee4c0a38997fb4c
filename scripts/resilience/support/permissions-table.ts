import { expect } from 'vitest';
import {
  BotType,
  LoginType,
  OrderStatus,
  TaskStatus,
  type Channel,
  type ChannelBan,
  type ChannelDetail,
  type DrawSettings,
  type DrawSettingsOptions,
  type MessagePage,
  type Order,
  type SubscribeAck,
  type Task,
} from '@draw/shared';
import { Users } from '../../../server/src/features/auth/repository';
import { Orders, Redemptions } from '../../../server/src/features/billing/repository';
import { Channels } from '../../../server/src/features/channels/repository';
import { Uploads } from '../../../server/src/features/uploads/repository';
import { Tickets } from '../../../server/src/realtime/repository';
import { nextPhone } from '../../../server/src/testing/harness';
import { connectSocket, type TestSocket } from '../../../server/src/testing/socket';
import {
  MEMBER_ROLES,
  Roles,
  dataOf,
  inject,
  loginCode,
  multipartOf,
  nextAddress,
  openSocket,
  signInAt,
  subscribe,
  unsubscribe,
  type Actor,
  type ChannelRef,
  type HttpAnswer,
  type Method,
  type Role,
  type Scene,
  type Session,
} from './permissions-scene';

// ---- Outcomes --------------------------------------------------------------------------------

/** What a cell expects: allowed, or refused in one precise way. */
export type Outcome =
  | { kind: 'allowed'; note?: string }
  | { kind: 'refused'; via: 'http'; status: number; reason: string }
  | { kind: 'refused'; via: 'ack'; reason: string }
  | { kind: 'refused'; via: 'handshake' }
  /** Subscribed while it still could; after the change its socket no longer receives the room's events. */
  | { kind: 'refused'; via: 'live' };

export type Result =
  | { via: 'http'; answer: HttpAnswer }
  | { via: 'ack'; ack: SubscribeAck | { ok: true } }
  | { via: 'handshake'; refused: string }
  | { via: 'live'; delivered: boolean };

export interface Cell {
  /** State a refusal must leave exactly as it was (compared before and after the request). */
  observe(): Promise<unknown>;
  act(): Promise<Result>;
  /** For an allowed cell: the action really happened. */
  confirm(result: Result): Promise<void>;
  /** For a refused cell: anything beyond `observe` that must not have happened. */
  afterRefusal(): Promise<void>;
}

export interface Row {
  /** Method and path, or the socket event. */
  route: string;
  variant?: string;
  /** Destructive for the scene (delete, quit, join, a new invite, logout): a new scene per cell. */
  fresh?: boolean;
  expect: Record<Role, Outcome>;
  /** Runs while every role still stands as before the mute and the removal. */
  prepare(scene: Scene, role: Role): Promise<Cell>;
}

export const allowed = (note?: string): Outcome => (note ? { kind: 'allowed', note } : { kind: 'allowed' });
const refusedHttp = (status: number, reason: string): Outcome => ({ kind: 'refused', via: 'http', status, reason });
const UNAUTHENTICATED = refusedHttp(401, 'unauthorized');
const FORBIDDEN = refusedHttp(400, 'forbidden');
const MUTED = refusedHttp(423, 'channel_muted');
const NOT_FOUND = refusedHttp(404, 'not_found');
const GONE = refusedHttp(410, 'gone');
const BAD_REQUEST = refusedHttp(400, 'bad_request');
const HANDSHAKE: Outcome = { kind: 'refused', via: 'handshake' };
const ACK_FORBIDDEN: Outcome = { kind: 'refused', via: 'ack', reason: 'forbidden' };
const EVICTED: Outcome = { kind: 'refused', via: 'live' };

export function describeOutcome(outcome: Outcome): string {
  if (outcome.kind === 'allowed') return outcome.note ? `allowed (${outcome.note})` : 'allowed';
  switch (outcome.via) {
    case 'http':
      return `refused ${outcome.status} ${outcome.reason}`;
    case 'ack':
      return `refused by the subscribe ack: ${outcome.reason}`;
    case 'handshake':
      return 'refused at the socket handshake';
    case 'live':
      return 'refused: its socket, subscribed earlier, gets no further events';
  }
}

function columns(base: Outcome, overrides: Partial<Record<Role, Outcome>> = {}): Record<Role, Outcome> {
  return Object.fromEntries(Roles.map((role) => [role, overrides[role] ?? base])) as Record<Role, Outcome>;
}
const anonymousRefused = { anonymous: UNAUTHENTICATED, 'revoked token': UNAUTHENTICATED } as const;
const outsiders = { 'non-member': FORBIDDEN, 'removed member': FORBIDDEN, 'expired invite': FORBIDDEN } as const;
/** No per-user authorization at all. */
const everyone = (note?: string) => columns(allowed(note));
/** Needs a sign-in, and nothing more. */
const signedIn = (overrides: Partial<Record<Role, Outcome>> = {}) => columns(allowed(), { ...anonymousRefused, ...overrides });
/** Needs membership of the channel (reading: a muted member may). */
const members = (overrides: Partial<Record<Role, Outcome>> = {}) => columns(allowed(), { ...anonymousRefused, ...outsiders, ...overrides });
/** Needs membership, and under 全员禁言 to be the creator. */
const posters = (overrides: Partial<Record<Role, Outcome>> = {}) => members({ 'muted member': MUTED, ...overrides });
const creatorOnly = (overrides: Partial<Record<Role, Outcome>> = {}) => columns(FORBIDDEN, { ...anonymousRefused, creator: allowed(), ...overrides });

// ---- Cell builders -----------------------------------------------------------------------------

interface HttpSpec {
  method: Method;
  url: string;
  payload?: unknown;
  /** Added to the actor's headers (a multipart content type, a callback's content type). */
  headers?: Record<string, string>;
  remoteAddress?: string;
  observe?(): Promise<unknown>;
  confirm?(answer: HttpAnswer): Promise<void>;
  afterRefusal?(): Promise<void>;
}

function httpCell(scene: Scene, actor: Actor, spec: HttpSpec): Cell {
  return {
    observe: spec.observe ?? (async () => null),
    act: async () => ({
      via: 'http',
      answer: await inject(scene.app, { ...actor.headers, ...spec.headers }, spec.method, spec.url, spec.payload, spec.remoteAddress ? { remoteAddress: spec.remoteAddress } : {}),
    }),
    confirm: async (result) => {
      if (result.via !== 'http') throw new Error('expected an HTTP answer');
      await spec.confirm?.(result.answer);
    },
    afterRefusal: spec.afterRefusal ?? (async () => undefined),
  };
}

interface HttpRowDef {
  route: string;
  variant?: string;
  fresh?: boolean;
  expect: Record<Role, Outcome>;
  prepare(scene: Scene, role: Role, actor: Actor): Promise<Omit<HttpSpec, 'method'> & { method?: Method }>;
}

/** A row whose request is one HTTP call; the method comes from the route. */
function httpRow(def: HttpRowDef): Row {
  const method = def.route.split(' ')[0] as Method;
  return {
    route: def.route,
    ...(def.variant ? { variant: def.variant } : {}),
    ...(def.fresh ? { fresh: true } : {}),
    expect: def.expect,
    prepare: async (scene, role) => {
      const actor = scene.actor(role);
      const spec = await def.prepare(scene, role, actor);
      return httpCell(scene, actor, { ...spec, method: spec.method ?? method });
    },
  };
}

const data = <T>(answer: HttpAnswer) => dataOf<T>(answer, 'request');
let unique = 0;
const nextUnique = () => {
  unique += 1;
  return unique;
};

/** The live session of a signed-in role, or the bystander's for those who have none (they are refused before it matters). */
const ownerOf = (scene: Scene, actor: Actor): Session => actor.session ?? scene.bystander;

const channelDetail = async (scene: Scene, channel: ChannelRef) =>
  data<ChannelDetail>(await scene.call(scene.creator, 'GET', `/api/draw/channel/${channel.id}`));
const memberIds = async (scene: Scene, channel: ChannelRef) => (await channelDetail(scene, channel)).members.map((m) => m.userId).sort();
/** A member of its own per cell, so removing or banning one never changes another cell's channel. */
async function newMemberOf(scene: Scene, channel: ChannelRef): Promise<Session> {
  const member = await signInAt(scene.app);
  dataOf(await scene.call(member, 'POST', `/api/draw/join-channel/${channel.code}`), 'join');
  return member;
}
const bannedIds = async (scene: Scene, channel: ChannelRef) =>
  data<ChannelBan[]>(await scene.call(scene.creator, 'GET', `/api/draw/channel/${channel.id}/bans`)).map((b) => b.userId).sort();
const orderDoc = (scene: Scene, orderId: string) => scene.app.storage.collection(Orders).findOne({ _id: orderId });
const settingsOf = (scene: Scene, userId: string | null) => (userId ? scene.app.services.settings.get(userId, BotType.MidJourney) : Promise.resolve(null));
/** The bystander's settings must never move when someone else changes theirs. */
const bystanderSettings = (scene: Scene) => settingsOf(scene, scene.bystander.user.id);

/** The channel's event log position and its visible messages: what a refused channel action must not move. */
const channelState = (scene: Scene, channel: ChannelRef) => async () => ({ seq: await scene.seq(channel.id), messages: await scene.messageIds(channel) });

// ---- Socket cells ------------------------------------------------------------------------------

type Opened = { socket: TestSocket } | { refused: string };

async function open(scene: Scene, actor: Actor): Promise<Opened> {
  const opened = await openSocket(scene.app, scene.origin, actor);
  if ('socket' in opened) scene.sockets.push(opened.socket);
  return opened;
}

function socketCell(scene: Scene, channel: ChannelRef, act: () => Promise<{ result: Result; socket: TestSocket | null }>, expectDelivery: boolean): Cell {
  let socket: TestSocket | null = null;
  return {
    observe: async () => null,
    act: async () => {
      const done = await act();
      socket = done.socket;
      return done.result;
    },
    confirm: async () => {
      if (!socket) throw new Error('no socket');
      expect(await scene.deliveredTo(socket, channel)).toBe(expectDelivery);
    },
    afterRefusal: async () => {
      // A refused socket that is still connected must not be sent the room's events.
      if (socket) expect(await scene.deliveredTo(socket, channel)).toBe(false);
    },
  };
}

// ---- The table ---------------------------------------------------------------------------------

const publicRows: Row[] = [
  httpRow({
    route: 'GET /api/home/company-info',
    expect: everyone('public'),
    prepare: async () => ({ url: '/api/home/company-info', confirm: async (a) => expect(data<{ name: string }>(a).name).toEqual(expect.any(String)) }),
  }),
  httpRow({
    route: 'GET /api/home/products',
    expect: everyone('public'),
    prepare: async () => ({ url: '/api/home/products', confirm: async (a) => expect(data<unknown[]>(a).length).toBeGreaterThan(0) }),
  }),
  httpRow({
    route: 'GET /healthz',
    expect: everyone('public'),
    prepare: async () => ({ url: '/healthz', confirm: async (a) => expect(a.json).toMatchObject({ status: 'ok' }) }),
  }),
  httpRow({
    route: 'GET /metrics',
    expect: everyone('public without METRICS_TOKEN'),
    prepare: async () => ({ url: '/metrics', confirm: async (a) => expect(a.text).toContain('# TYPE') }),
  }),
  httpRow({
    route: 'GET /api/login/send-login-code',
    expect: everyone('public'),
    prepare: async () => ({
      url: `/api/login/send-login-code?phone=${nextPhone()}`,
      remoteAddress: nextAddress(),
      confirm: async (a) => expect(data<{ devCode: string }>(a).devCode).toMatch(/^\d{4,8}$/),
    }),
  }),
  httpRow({
    route: 'POST /api/login/login',
    expect: everyone('public'),
    prepare: async (scene) => {
      const phone = nextPhone();
      const code = await loginCode(scene.app, phone);
      return {
        url: '/api/login/login',
        payload: { loginType: LoginType.Captcha, account: phone, code },
        remoteAddress: nextAddress(),
        confirm: async (a) => {
          const { token, user } = data<{ token: string; user: { id: string } }>(a);
          const index = await inject(scene.app, { authorization: `Bearer ${token}` }, 'GET', '/api/home/index');
          expect(data<{ auth: boolean; id: string }>(index)).toMatchObject({ auth: true, id: user.id });
        },
      };
    },
  }),
  httpRow({
    route: 'POST /api/login/forget-reset-pwd',
    expect: everyone('public: the SMS code is the proof'),
    prepare: async (scene) => {
      const account = scene.resetAccounts.pop();
      if (!account) throw new Error('no account left for the reset row');
      const { phone } = account;
      const code = await loginCode(scene.app, phone);
      const password = `fresh-password-${nextUnique()}`;
      return {
        url: '/api/login/forget-reset-pwd',
        payload: { phone, code, password },
        remoteAddress: nextAddress(),
        confirm: async () => {
          const login = await inject(scene.app, {}, 'POST', '/api/login/login', { loginType: LoginType.Password, account: phone, password }, { remoteAddress: nextAddress() });
          expect(data<{ user: { id: string } }>(login).user.id).toBe(account.userId);
        },
      };
    },
  }),
  httpRow({
    route: 'POST /api/login/logout',
    fresh: true,
    expect: everyone('revokes only the token sent'),
    prepare: async (scene, _role, actor) => ({
      url: '/api/login/logout',
      confirm: async () => {
        if (!actor.session) return;
        const index = await scene.call(actor, 'GET', '/api/home/index');
        expect(data<{ auth: boolean }>(index).auth).toBe(false);
        // Someone else's session is untouched.
        expect(data<{ auth: boolean }>(await scene.call(scene.bystander, 'GET', '/api/home/index')).auth).toBe(true);
      },
    }),
  }),
  httpRow({
    route: 'GET /api/home/index',
    expect: columns(allowed('auth: true, own user'), { anonymous: allowed('auth: false, not 401'), 'revoked token': allowed('auth: false, not 401') }),
    prepare: async (_scene, _role, actor) => ({
      url: '/api/home/index',
      confirm: async (a) => {
        const body = data<{ auth: boolean; id?: string }>(a);
        if (actor.session) expect(body).toMatchObject({ auth: true, id: actor.session.user.id });
        else expect(body).toEqual({ auth: false });
      },
    }),
  }),
  httpRow({
    route: 'GET /api/login/channel/{code}',
    expect: everyone('public; channelId only for members'),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      return {
        url: `/api/login/channel/${channel.code}`,
        confirm: async (a) => {
          const preview = data<{ valid: boolean; channelId: string | null }>(a);
          expect(preview).toMatchObject({ valid: true, channelId: scene.isMemberOf(role, channel) ? channel.id : null });
        },
      };
    },
  }),
  httpRow({
    route: 'GET /files/{key}',
    expect: everyone('public, unguessable key'),
    prepare: async (scene) => {
      const [key] = await scene.once('bystander upload', () => scene.upload(scene.bystander, 1));
      return {
        url: `/files/${key}`,
        confirm: async (a) => {
          expect(a.contentType).toBe('image/png');
          expect(a.raw.length).toBeGreaterThan(0);
        },
      };
    },
  }),
  httpRow({
    route: 'GET /api/home/qrcode',
    expect: everyone('public, draws only our payment links'),
    prepare: async (scene) => {
      const codeUrl = await scene.once('bystander payment', async () => {
        const orderId = await scene.once('bystander order', () => scene.order(scene.bystander));
        return data<{ codeUrl: string }>(await scene.call(scene.bystander, 'POST', `/api/home/pay/${orderId}`)).codeUrl;
      });
      return { url: `/api/home/qrcode?url=${encodeURIComponent(codeUrl)}`, confirm: async (a) => expect(a.contentType).toBe('image/png') };
    },
  }),
  httpRow({
    route: 'POST /api/open/sandbox/{orderId}/{token}/confirm',
    variant: 'the payment link’s token',
    expect: everyone('the link is the capability'),
    prepare: async (scene) => {
      // Someone else's order, paid through its link: the link, not the caller, is what counts.
      const payer = await signInAt(scene.app);
      const orderId = await scene.order(payer);
      const { codeUrl } = data<{ codeUrl: string }>(await scene.call(payer, 'POST', `/api/home/pay/${orderId}`));
      return {
        url: `/api/open/sandbox/${orderId}/${codeUrl.split('/').pop() ?? ''}/confirm`,
        confirm: async () => expect((await orderDoc(scene, orderId))?.status).toBe(OrderStatus.Paid),
      };
    },
  }),
  httpRow({
    route: 'POST /api/open/sandbox/{orderId}/{token}/confirm',
    variant: 'a wrong token',
    expect: columns(BAD_REQUEST),
    prepare: async (scene) => {
      const orderId = await scene.once('bystander order', () => scene.order(scene.bystander));
      return { url: `/api/open/sandbox/${orderId}/${'w'.repeat(24)}/confirm`, observe: async () => (await orderDoc(scene, orderId))?.status };
    },
  }),
  httpRow({
    route: 'POST /api/open/wechat/callback',
    variant: 'unsigned, sandbox provider',
    expect: columns(refusedHttp(404, 'FAIL')),
    prepare: async (scene) => {
      const orderId = await scene.once('bystander order', () => scene.order(scene.bystander));
      const orderNo = (await orderDoc(scene, orderId))?.orderNo;
      return {
        url: '/api/open/wechat/callback',
        payload: JSON.stringify({ event_type: 'TRANSACTION.SUCCESS', resource: { out_trade_no: orderNo } }),
        headers: { 'content-type': 'application/json' },
        observe: async () => (await orderDoc(scene, orderId))?.status,
      };
    },
  }),
  httpRow({
    route: 'POST /api/open/notify/{id}/{token}',
    variant: 'a wrong hook token',
    expect: columns(NOT_FOUND),
    prepare: async (scene, role) => {
      const task = await scene.shortenTask(scene.channelOf(role));
      return {
        url: `/api/open/notify/${task.id}/${'w'.repeat(32)}`,
        payload: { id: 'upstream-1', status: 'SUCCESS', progress: '100%' },
        observe: async () => await scene.task(task.id),
      };
    },
  }),
];

const accountRows: Row[] = [
  httpRow({
    route: 'PUT /api/home/info',
    expect: signedIn(),
    prepare: async (scene, _role, actor) => {
      const name = `renamed ${nextUnique()}`;
      const users = scene.app.storage.collection(Users);
      return {
        url: '/api/home/info',
        payload: { name },
        observe: async () => (actor.userId ? (await users.findOne({ _id: actor.userId }))?.name : await users.count({ name })),
        confirm: async () => {
          expect(data<{ name: string }>(await scene.call(actor, 'GET', '/api/home/index')).name).toBe(name);
          expect((await users.findOne({ _id: scene.bystander.user.id }))?.name).not.toBe(name);
        },
      };
    },
  }),
  httpRow({
    route: 'POST /api/upload',
    expect: signedIn(),
    prepare: async (scene, _role, actor) => {
      const { payload, contentType } = await multipartOf(1);
      const uploads = scene.app.storage.collection(Uploads);
      return {
        url: '/api/upload',
        payload,
        headers: { 'content-type': contentType },
        observe: () => uploads.count({}),
        confirm: async (a) => {
          const [file] = data<{ files: { id: string }[] }>(a).files;
          expect((await uploads.findOne({ _id: file!.id }))?.userId).toBe(actor.userId);
          expect((await inject(scene.app, {}, 'GET', `/files/${file!.id}`)).status).toBe(200);
        },
      };
    },
  }),
  httpRow({
    route: 'GET /api/ws/pre-connect',
    expect: signedIn(),
    prepare: async (scene) => ({
      url: '/api/ws/pre-connect',
      observe: () => scene.app.storage.collection(Tickets).count({}),
      confirm: async (a) => expect(data<{ ticket: string }>(a).ticket).toEqual(expect.any(String)),
    }),
  }),
  httpRow({
    route: 'GET /api/draw/channels',
    expect: signedIn({ 'non-member': allowed('without the channel'), 'removed member': allowed('without the channel'), 'expired invite': allowed('without the channel') }),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      return {
        url: '/api/draw/channels',
        confirm: async (a) => {
          const ids = data<Channel[]>(a).map((c) => c.id);
          expect(ids.includes(channel.id)).toBe(scene.isMemberOf(role, channel));
        },
      };
    },
  }),
  httpRow({
    route: 'POST /api/draw/channel',
    expect: signedIn(),
    prepare: async (scene, _role, actor) => {
      const title = `new room ${nextUnique()}`;
      return {
        url: '/api/draw/channel',
        payload: { title, isBan: false },
        observe: () => scene.app.storage.collection(Channels).count({}),
        confirm: async (a) => {
          const created = data<Channel>(a);
          const mine = data<Channel[]>(await scene.call(actor, 'GET', '/api/draw/channels'));
          expect(mine.find((c) => c.id === created.id)).toMatchObject({ title, isCreator: true });
        },
      };
    },
  }),
  httpRow({
    route: 'GET /api/draw/settings/options',
    expect: signedIn(),
    prepare: async () => ({ url: '/api/draw/settings/options', confirm: async (a) => expect(data<DrawSettingsOptions>(a).versions.length).toBeGreaterThan(0) }),
  }),
  ...(
    [
      ['PUT /api/draw/settings', '/api/draw/settings', (n: number) => ({ stylize: 100 + n }), (s: DrawSettings, n: number) => s.stylize === 100 + n],
      ['PUT /api/draw/settings/suffix', '/api/draw/settings/suffix', (n: number) => ({ suffix: `watercolour ${n}` }), (s: DrawSettings, n: number) => s.suffix === `watercolour ${n}`],
      ['PUT /api/draw/settings/option', '/api/draw/settings/option', (n: number) => ({ name: 'stylize', value: 300 + n }), (s: DrawSettings, n: number) => s.stylize === 300 + n],
    ] as const
  ).map(([route, url, body, changed]) =>
    httpRow({
      route,
      expect: signedIn({}),
      prepare: async (scene, _role, actor) => {
        const n = nextUnique() % 500;
        return {
          url,
          payload: body(n),
          observe: async () => ({ own: await settingsOf(scene, actor.userId), bystander: await bystanderSettings(scene) }),
          confirm: async () => {
            expect(changed((await settingsOf(scene, actor.userId))!, n)).toBe(true);
            expect(changed((await bystanderSettings(scene))!, n)).toBe(false);
          },
        };
      },
    }),
  ),
  httpRow({
    route: 'PUT /api/draw/settings/version/{version}',
    expect: signedIn(),
    prepare: async (scene, _role, actor) => {
      const current = (await bystanderSettings(scene))!.version;
      const version = scene.app.services.settings.options(BotType.MidJourney).versions.find((v) => v.value !== current)!.value;
      return {
        url: `/api/draw/settings/version/${encodeURIComponent(version)}`,
        observe: async () => ({ own: await settingsOf(scene, actor.userId), bystander: await bystanderSettings(scene) }),
        confirm: async () => {
          expect((await settingsOf(scene, actor.userId))?.version).toBe(version);
          expect((await bystanderSettings(scene))?.version).not.toBe(version);
        },
      };
    },
  }),
  httpRow({
    route: 'GET /api/home/credits',
    expect: signedIn(),
    prepare: async () => ({ url: '/api/home/credits', confirm: async (a) => expect(data<{ balance: number }>(a).balance).toEqual(expect.any(Number)) }),
  }),
  httpRow({
    route: 'POST /api/home/order',
    expect: signedIn(),
    prepare: async (scene, _role, actor) => ({
      url: '/api/home/order',
      payload: { productId: 'month-basic' },
      observe: () => scene.app.storage.collection(Orders).count({}),
      confirm: async (a) => {
        const order = data<Order>(a);
        expect((await orderDoc(scene, order.id))?.userId).toBe(actor.userId);
      },
    }),
  }),
  httpRow({
    route: 'GET /api/home/orders',
    expect: signedIn({}),
    prepare: async (scene, role, actor) => {
      const theirs = await scene.once('bystander order', () => scene.order(scene.bystander));
      const mine = actor.session ? await scene.once(`own order:${role}`, () => scene.order(actor.session!)) : null;
      return {
        url: '/api/home/orders',
        confirm: async (a) => {
          const ids = data<Order[]>(a).map((o) => o.id);
          expect(ids).toContain(mine);
          expect(ids).not.toContain(theirs);
        },
      };
    },
  }),
  ...(
    [
      ['GET /api/home/orders/{id}', 'GET', (id: string) => `/api/home/orders/${id}`],
      ['POST /api/home/cancel-order/{id}', 'POST', (id: string) => `/api/home/cancel-order/${id}`],
      ['POST /api/home/pay/{id}', 'POST', (id: string) => `/api/home/pay/${id}`],
    ] as const
  ).flatMap(([route, method, urlOf]) => [
    httpRow({
      route,
      variant: 'own order',
      expect: signedIn(),
      prepare: async (scene, role, actor) => {
        // Cancelling consumes the order: that row gets an order of its own.
        const orderId = actor.session
          ? route.includes('cancel')
            ? await scene.order(actor.session)
            : await scene.once(`own order:${role}`, () => scene.order(actor.session!))
          : await scene.once('bystander order', () => scene.order(scene.bystander));
        return {
          method,
          url: urlOf(orderId),
          observe: async () => await orderDoc(scene, orderId),
          confirm: async (a) => {
            const doc = await orderDoc(scene, orderId);
            expect(doc?.userId).toBe(actor.userId);
            if (route.includes('cancel')) expect(doc?.status).toBe(OrderStatus.Cancelled);
            else if (route.includes('pay')) expect(data<{ orderId: string; codeUrl: string }>(a)).toMatchObject({ orderId, codeUrl: expect.any(String) });
            else expect(data<Order>(a).id).toBe(orderId);
          },
        };
      },
    }),
    httpRow({
      route,
      variant: 'someone else’s order',
      expect: signedIn({ 'non-member': NOT_FOUND, member: NOT_FOUND, 'muted member': NOT_FOUND, creator: NOT_FOUND, 'removed member': NOT_FOUND, 'expired invite': NOT_FOUND }),
      prepare: async (scene) => {
        const orderId = await scene.once('bystander order', () => scene.order(scene.bystander));
        return { method, url: urlOf(orderId), observe: async () => await orderDoc(scene, orderId) };
      },
    }),
  ]),
  httpRow({
    route: 'POST /api/home/redeem/{code}',
    expect: signedIn(),
    prepare: async (scene, _role, actor) => {
      const { codes } = await scene.app.services.billing.codes.mint({ credits: 7 });
      const code = codes[0]!._id;
      const redemptions = scene.app.storage.collection(Redemptions);
      return {
        url: `/api/home/redeem/${code}`,
        observe: () => redemptions.count({}),
        confirm: async () => {
          const account = data<{ balance: number }>(await scene.call(actor, 'GET', '/api/home/credits'));
          expect(account.balance).toBeGreaterThanOrEqual(7);
          expect(await redemptions.count({})).toBeGreaterThan(0);
        },
      };
    },
  }),
];

const channelRows: Row[] = [
  httpRow({
    route: 'GET /api/draw/channel/{id}',
    expect: members(),
    prepare: async (scene, role, actor) => ({
      url: `/api/draw/channel/${scene.channelOf(role).id}`,
      confirm: async (a) => expect(data<ChannelDetail>(a).members.map((m) => m.userId)).toContain(actor.userId),
    }),
  }),
  httpRow({
    route: 'PUT /api/draw/channel/{id}',
    expect: creatorOnly(),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const title = `renamed ${nextUnique()}`;
      return {
        url: `/api/draw/channel/${channel.id}`,
        // A refused caller also tries to lift the mute.
        payload: { title, isBan: role === 'creator' ? channel.muted : !channel.muted },
        observe: async () => {
          const detail = await channelDetail(scene, channel);
          return { title: detail.title, isBan: detail.isBan, seq: await scene.seq(channel.id) };
        },
        confirm: async () => expect(await channelDetail(scene, channel)).toMatchObject({ title, isBan: channel.muted }),
      };
    },
  }),
  httpRow({
    route: 'DELETE /api/draw/channel/{id}',
    fresh: true,
    expect: creatorOnly(),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      // A member watching live learns of the deletion at once.
      const watcher = await open(scene, scene.actor(channel.muted ? 'muted member' : 'member'));
      if ('refused' in watcher) throw new Error('the watcher could not connect');
      await subscribe(watcher.socket, channel.id);
      return {
        url: `/api/draw/channel/${channel.id}`,
        observe: async () => ({ deleted: Boolean((await scene.app.storage.collection(Channels).findOne({ _id: channel.id }))?.deletedAt), members: await memberIds(scene, channel) }),
        confirm: async () => {
          expect((await scene.call(scene.creator, 'GET', `/api/draw/channel/${channel.id}`)).status).toBe(404);
          expect(data<Channel[]>(await scene.call(scene.bystander, 'GET', '/api/draw/channels')).map((c) => c.id)).not.toContain(channel.id);
          await watcher.socket.waitFor((events) => events.some((e) => e.type === 'channel.deleted' && e.channelId === channel.id));
        },
        afterRefusal: async () => expect(watcher.socket.events.some((e) => e.type === 'channel.deleted')).toBe(false),
      };
    },
  }),
  httpRow({
    route: 'POST /api/draw/invite-code/{channelId}',
    variant: 'a new code',
    fresh: true,
    expect: creatorOnly(),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const preview = async (code: string) => data<{ valid: boolean }>(await inject(scene.app, {}, 'GET', `/api/login/channel/${code}`)).valid;
      return {
        url: `/api/draw/invite-code/${channel.id}`,
        payload: { isNew: true, expireHours: -1 },
        observe: () => preview(channel.code),
        confirm: async (a) => {
          const { inviteCode } = data<{ inviteCode: string }>(a);
          expect(inviteCode).not.toBe(channel.code);
          expect(await preview(inviteCode)).toBe(true);
          expect(await preview(channel.code)).toBe(false);
        },
      };
    },
  }),
  httpRow({
    route: 'POST /api/draw/join-channel/{code}',
    variant: 'a usable code',
    fresh: true,
    expect: signedIn({ 'removed member': allowed('re-joins: removal is not a ban'), 'expired invite': allowed('with a usable code'), 'non-member': allowed('joins') }),
    prepare: async (scene, role, actor) => {
      const channel = scene.channelOf(role);
      return {
        url: `/api/draw/join-channel/${channel.code}`,
        observe: () => memberIds(scene, channel),
        confirm: async () => expect(await memberIds(scene, channel)).toContain(actor.userId),
      };
    },
  }),
  httpRow({
    route: 'POST /api/draw/join-channel/{code}',
    variant: 'an expired code',
    expect: signedIn({ 'non-member': GONE, member: GONE, 'muted member': GONE, creator: GONE, 'removed member': GONE, 'expired invite': GONE }),
    prepare: async (scene) => ({ url: `/api/draw/join-channel/${scene.expiredCode}`, observe: () => memberIds(scene, scene.open) }),
  }),
  httpRow({
    route: 'POST /api/draw/join-channel/{code}',
    variant: 'the channel id instead of a code',
    expect: members({ 'non-member': NOT_FOUND, 'removed member': NOT_FOUND, 'expired invite': NOT_FOUND, member: allowed('already in'), 'muted member': allowed('already in'), creator: allowed('already in') }),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      return { url: `/api/draw/join-channel/${channel.id}`, observe: () => memberIds(scene, channel) };
    },
  }),
  httpRow({
    route: 'POST /api/draw/quit-channel/{id}',
    fresh: true,
    expect: members({ creator: FORBIDDEN }),
    prepare: async (scene, role, actor) => {
      const channel = scene.channelOf(role);
      // Subscribed while a member: after quitting, the socket leaves the room at once.
      const opened = actor.session && scene.isMemberOf(role, channel) ? await open(scene, actor) : null;
      const socket = opened && 'socket' in opened ? opened.socket : null;
      if (socket) await subscribe(socket, channel.id);
      return {
        url: `/api/draw/quit-channel/${channel.id}`,
        observe: () => memberIds(scene, channel),
        confirm: async () => {
          expect(await memberIds(scene, channel)).not.toContain(actor.userId);
          if (socket) expect(await scene.deliveredTo(socket, channel)).toBe(false);
        },
        afterRefusal: async () => {
          if (socket) expect(await scene.deliveredTo(socket, channel)).toBe(true);
        },
      };
    },
  }),
  httpRow({
    route: 'POST /api/draw/remove-user/{channelId}/{userId}',
    variant: 'another member',
    expect: creatorOnly(),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const target = await newMemberOf(scene, channel);
      return {
        url: `/api/draw/remove-user/${channel.id}/${target.user.id}`,
        observe: () => memberIds(scene, channel),
        confirm: async () => expect(await memberIds(scene, channel)).not.toContain(target.user.id),
      };
    },
  }),
  httpRow({
    route: 'POST /api/draw/remove-user/{channelId}/{userId}',
    variant: 'the creator',
    expect: creatorOnly({ creator: FORBIDDEN }),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      return { url: `/api/draw/remove-user/${channel.id}/${scene.creator.user.id}`, observe: () => memberIds(scene, channel) };
    },
  }),
  httpRow({
    route: 'POST /api/draw/channel/{id}/ban',
    variant: 'another member',
    expect: creatorOnly(),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const target = await newMemberOf(scene, channel);
      return {
        url: `/api/draw/channel/${channel.id}/ban`,
        payload: { userId: target.user.id },
        observe: async () => ({ members: await memberIds(scene, channel), bans: await bannedIds(scene, channel) }),
        confirm: async () => {
          expect(await memberIds(scene, channel)).not.toContain(target.user.id);
          expect(await bannedIds(scene, channel)).toContain(target.user.id);
          expect((await scene.call(target, 'POST', `/api/draw/join-channel/${channel.code}`)).json).toMatchObject({ success: false, reason: 'banned' });
        },
      };
    },
  }),
  httpRow({
    route: 'POST /api/draw/channel/{id}/ban',
    variant: 'the creator',
    expect: creatorOnly({ creator: FORBIDDEN }),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      return {
        url: `/api/draw/channel/${channel.id}/ban`,
        payload: { userId: scene.creator.user.id },
        observe: async () => ({ members: await memberIds(scene, channel), bans: await bannedIds(scene, channel) }),
      };
    },
  }),
  httpRow({
    route: 'DELETE /api/draw/channel/{id}/ban/{userId}',
    expect: creatorOnly(),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const target = await signInAt(scene.app);
      dataOf(await scene.call(scene.creator, 'POST', `/api/draw/channel/${channel.id}/ban`, { userId: target.user.id }), 'ban');
      return {
        url: `/api/draw/channel/${channel.id}/ban/${target.user.id}`,
        observe: () => bannedIds(scene, channel),
        confirm: async () => {
          expect(await bannedIds(scene, channel)).not.toContain(target.user.id);
          dataOf(await scene.call(target, 'POST', `/api/draw/join-channel/${channel.code}`), 'rejoin after the unban');
        },
      };
    },
  }),
  httpRow({
    route: 'GET /api/draw/channel/{id}/bans',
    expect: creatorOnly(),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const banned = await scene.once(`banned user:${channel.id}`, async () => {
        const target = await signInAt(scene.app);
        dataOf(await scene.call(scene.creator, 'POST', `/api/draw/channel/${channel.id}/ban`, { userId: target.user.id, reason: 'probe' }), 'ban');
        return target.user.id;
      });
      return {
        url: `/api/draw/channel/${channel.id}/bans`,
        confirm: async (a) => expect(data<ChannelBan[]>(a)).toContainEqual(expect.objectContaining({ userId: banned, reason: 'probe' })),
      };
    },
  }),
  httpRow({
    route: 'GET /api/draw/chat/{id}',
    expect: members(),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const messageId = await scene.once(`bystander message:${channel.id}`, () => scene.postMessage(scene.bystander, channel, 'hello from the bystander'));
      return { url: `/api/draw/chat/${channel.id}`, confirm: async (a) => expect(data<MessagePage>(a).messages.map((m) => m.id)).toContain(messageId) };
    },
  }),
  httpRow({
    route: 'POST /api/draw/chat/{id}',
    expect: posters(),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      return {
        url: `/api/draw/chat/${channel.id}`,
        payload: { content: `message ${nextUnique()}` },
        observe: channelState(scene, channel),
        confirm: async (a) => expect(await scene.messageIds(channel)).toContain(data<{ id: string }>(a).id),
      };
    },
  }),
  ...(['own', 'someone else’s'] as const).map((whose) =>
    httpRow({
      route: 'DELETE /api/draw/chat/{id}',
      variant: whose === 'own' ? 'own message (posted before the mute or removal)' : 'someone else’s message',
      expect:
        whose === 'own'
          ? members({ 'muted member': allowed('deleting is not posting') })
          : members({ member: FORBIDDEN, 'muted member': FORBIDDEN, creator: allowed('the creator moderates') }),
      prepare: async (scene, role) => {
        const channel = scene.channelOf(role);
        const author = whose === 'own' ? scene.authorFor(role) : scene.bystander;
        const messageId = await scene.postMessage(author, channel, `to delete ${nextUnique()}`);
        return {
          url: `/api/draw/chat/${messageId}`,
          observe: channelState(scene, channel),
          confirm: async () => expect(await scene.messageIds(channel)).not.toContain(messageId),
        };
      },
    }),
  ),
];

/** A submit's answer: the task exists in the channel, by the actor; waits until it settles so no work runs on into later cells. */
const confirmSubmitted = (scene: Scene, actor: Actor, channel: ChannelRef, status?: TaskStatus) => async (a: HttpAnswer) => {
  const task = await scene.settled(data<{ taskId: string }>(a).taskId, actor);
  expect(task).toMatchObject({ channelId: channel.id, userId: actor.userId });
  if (status) expect(task.status).toBe(status);
};

/**
 * A task waiting for modal input, owned by the role (its own) or the bystander. Roles that cannot
 * act in the channel share one bystander task, which keeps every user under the submit limit.
 */
function waitingTask(scene: Scene, role: Role, channel: ChannelRef, whose: 'own' | 'someone else’s'): Promise<string> {
  const author = whose === 'own' ? scene.authorFor(role) : scene.bystander;
  if (author === scene.bystander && !MEMBER_ROLES.includes(role)) return scene.once(`shared waiting task:${channel.id}`, () => scene.modalTaskOf(scene.bystander, channel));
  return scene.modalTaskOf(author, channel);
}

/**
 * A task waiting in its editor is its author's alone until submitted: to anyone else, whatever
 * their role, it does not exist (the creator has nothing to moderate in it either).
 */
const notTheAuthors = { 'non-member': NOT_FOUND, 'removed member': NOT_FOUND, 'expired invite': NOT_FOUND, member: NOT_FOUND, 'muted member': NOT_FOUND, creator: NOT_FOUND } as const;

const taskRows: Row[] = [
  httpRow({
    route: 'POST /api/mj/submit/imagine/{channelId}',
    expect: posters(),
    prepare: async (scene, role, actor) => {
      const channel = scene.channelOf(role);
      return { url: `/api/mj/submit/imagine/${channel.id}`, payload: { prompt: 'a quiet harbour' }, observe: channelState(scene, channel), confirm: confirmSubmitted(scene, actor, channel, TaskStatus.Success) };
    },
  }),
  httpRow({
    route: 'POST /api/mj/submit/imagine/{channelId}',
    variant: 'with someone else’s upload',
    expect: posters({ member: NOT_FOUND, creator: NOT_FOUND }),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const [theirs] = await scene.once('bystander upload', () => scene.upload(scene.bystander, 1));
      return { url: `/api/mj/submit/imagine/${channel.id}`, payload: { prompt: 'borrowed image', imageIds: [theirs] }, observe: channelState(scene, channel) };
    },
  }),
  httpRow({
    route: 'POST /api/mj/submit/describe/{channelId}',
    expect: posters(),
    prepare: async (scene, role, actor) => {
      const channel = scene.channelOf(role);
      const [imageId] = await scene.upload(ownerOf(scene, actor), 1);
      return { url: `/api/mj/submit/describe/${channel.id}`, payload: { imageId }, observe: channelState(scene, channel), confirm: confirmSubmitted(scene, actor, channel) };
    },
  }),
  httpRow({
    route: 'POST /api/mj/submit/blend/{channelId}',
    expect: posters(),
    prepare: async (scene, role, actor) => {
      const channel = scene.channelOf(role);
      const imageIds = await scene.upload(ownerOf(scene, actor), 2);
      return { url: `/api/mj/submit/blend/${channel.id}`, payload: { imageIds }, observe: channelState(scene, channel), confirm: confirmSubmitted(scene, actor, channel) };
    },
  }),
  httpRow({
    route: 'POST /api/mj/submit/shorten/{channelId}',
    expect: posters(),
    prepare: async (scene, role, actor) => {
      const channel = scene.channelOf(role);
      return { url: `/api/mj/submit/shorten/${channel.id}`, payload: { prompt: 'a really very large and quite old oak tree' }, observe: channelState(scene, channel), confirm: confirmSubmitted(scene, actor, channel) };
    },
  }),
  httpRow({
    route: 'POST /api/mj/submit/action/{channelId}',
    variant: 'a button on someone else’s task',
    expect: posters(),
    prepare: async (scene, role, actor) => {
      const channel = scene.channelOf(role);
      const parent = await scene.shortenTask(channel);
      const button = parent.buttons.find((b) => b.customId.startsWith('MJ::Job::PromptAnalyzer::'))!;
      return {
        url: `/api/mj/submit/action/${channel.id}`,
        payload: { taskId: parent.id, customId: button.customId },
        observe: channelState(scene, channel),
        confirm: confirmSubmitted(scene, actor, channel, TaskStatus.Modal),
      };
    },
  }),
  httpRow({
    route: 'POST /api/mj/submit/action/{channelId}',
    variant: 'a button on a task of another channel',
    expect: posters({ member: NOT_FOUND, creator: NOT_FOUND }),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const elsewhere = await scene.shortenTask(channel.id === scene.open.id ? scene.muted : scene.open);
      const button = elsewhere.buttons.find((b) => b.customId.startsWith('MJ::Job::PromptAnalyzer::'))!;
      return { url: `/api/mj/submit/action/${channel.id}`, payload: { taskId: elsewhere.id, customId: button.customId }, observe: channelState(scene, channel) };
    },
  }),
  ...(['own', 'someone else’s'] as const).map((whose) =>
    httpRow({
      route: 'POST /api/mj/submit/modal/{channelId}',
      variant: whose === 'own' ? 'own task waiting for input' : 'someone else’s task waiting for input',
      expect: whose === 'own' ? posters() : posters({ member: NOT_FOUND, creator: NOT_FOUND }),
      prepare: async (scene, role, actor) => {
        const channel = scene.channelOf(role);
        const taskId = await waitingTask(scene, role, channel, whose);
        return {
          url: `/api/mj/submit/modal/${channel.id}`,
          payload: { taskId, prompt: 'a red kite over the dunes' },
          observe: async () => ({ ...(await channelState(scene, channel)()), status: (await scene.storedTask(taskId)).status }),
          confirm: async () => {
            const task = await scene.settled(taskId);
            expect(task).toMatchObject({ status: TaskStatus.Success, prompt: 'a red kite over the dunes', userId: actor.userId });
          },
        };
      },
    }),
  ),
  httpRow({
    route: 'GET /api/mj/task/{id}/fetch',
    expect: members(),
    prepare: async (scene, role) => {
      const task = await scene.shortenTask(scene.channelOf(role));
      return { url: `/api/mj/task/${task.id}/fetch`, confirm: async (a) => expect(data<Task>(a).id).toBe(task.id) };
    },
  }),
  ...(['own', 'someone else’s'] as const).map((whose) =>
    httpRow({
      route: 'POST /api/mj/task/{id}/cancel',
      variant: whose === 'own' ? 'own unfinished task' : 'someone else’s unfinished task',
      expect:
        whose === 'own'
          ? members({ 'muted member': allowed('cancelling is not posting'), 'non-member': NOT_FOUND, 'expired invite': NOT_FOUND })
          : members(notTheAuthors),
      prepare: async (scene, role) => {
        const channel = scene.channelOf(role);
        const taskId = await waitingTask(scene, role, channel, whose);
        return {
          url: `/api/mj/task/${taskId}/cancel`,
          observe: async () => ({ seq: await scene.seq(channel.id), task: await scene.storedTask(taskId) }),
          confirm: async () => expect((await scene.storedTask(taskId)).status).toBe(TaskStatus.Cancel),
        };
      },
    }),
  ),
  httpRow({
    route: 'GET /api/mj/task/{id}/image-seed',
    expect: members(),
    prepare: async (scene, role) => {
      const task = await scene.imagineTask(scene.channelOf(role));
      return { url: `/api/mj/task/${task.id}/image-seed`, confirm: async (a) => expect(data<{ seed: string }>(a).seed).toBe(task.seed) };
    },
  }),
  httpRow({
    route: 'POST /api/draw/tasks/{channelId}',
    expect: members(),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const task = await scene.shortenTask(channel);
      return { url: `/api/draw/tasks/${channel.id}`, payload: { ids: [task.id] }, confirm: async (a) => expect(data<Task[]>(a).map((t) => t.id)).toEqual([task.id]) };
    },
  }),
  httpRow({
    route: 'POST /api/draw/tasks/{channelId}',
    variant: 'ids of another channel’s tasks',
    expect: members({ member: allowed('answers none'), 'muted member': allowed('answers none'), creator: allowed('answers none') }),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const elsewhere = await scene.shortenTask(channel.id === scene.open.id ? scene.muted : scene.open);
      return { url: `/api/draw/tasks/${channel.id}`, payload: { ids: [elsewhere.id] }, confirm: async (a) => expect(data<Task[]>(a)).toEqual([]) };
    },
  }),
  httpRow({
    route: 'GET /api/draw/settings/{id}',
    expect: members(),
    prepare: async (scene, role, actor) => ({
      url: `/api/draw/settings/${scene.channelOf(role).id}`,
      confirm: async (a) => expect(data<DrawSettings>(a)).toEqual(await settingsOf(scene, actor.userId)),
    }),
  }),
  httpRow({
    route: 'GET /api/draw/info/{id}',
    expect: members(),
    prepare: async (scene, role) => ({ url: `/api/draw/info/${scene.channelOf(role).id}`, confirm: async (a) => expect(data<object>(a)).toEqual(expect.any(Object)) }),
  }),
];

/** The revoked token's user (a member of the open room) watching it before its logout. */
async function revokedWatcher(scene: Scene): Promise<Opened> {
  const socket = await connectSocket(scene.origin, scene.revoked.token);
  scene.sockets.push(socket);
  return { socket };
}

const socketRows: Row[] = [
  {
    route: 'socket channel:subscribe',
    expect: members({ anonymous: HANDSHAKE, 'revoked token': HANDSHAKE, 'non-member': ACK_FORBIDDEN, 'removed member': ACK_FORBIDDEN, 'expired invite': ACK_FORBIDDEN }),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const actor = scene.actor(role);
      return socketCell(
        scene,
        channel,
        async () => {
          const opened = await open(scene, actor);
          if ('refused' in opened) return { result: { via: 'handshake', refused: opened.refused }, socket: null };
          return { result: { via: 'ack', ack: await subscribe(opened.socket, channel.id) }, socket: opened.socket };
        },
        true,
      );
    },
  },
  {
    route: 'socket channel:event',
    variant: 'subscribed before the logout, mute or removal',
    expect: members({ anonymous: HANDSHAKE, 'revoked token': EVICTED, 'non-member': ACK_FORBIDDEN, 'expired invite': ACK_FORBIDDEN, 'removed member': EVICTED }),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      // Subscribed now, while the removed member still belongs, the revoked token still works and
      // the muted room is not yet muted.
      const opened = role === 'revoked token' ? await revokedWatcher(scene) : await open(scene, scene.actor(role));
      const ack = 'socket' in opened ? await subscribe(opened.socket, channel.id) : null;
      return socketCell(
        scene,
        channel,
        async () => {
          if ('refused' in opened) return { result: { via: 'handshake', refused: opened.refused }, socket: null };
          if (!ack?.ok) return { result: { via: 'ack', ack: ack! }, socket: opened.socket };
          return { result: { via: 'live', delivered: await scene.deliveredTo(opened.socket, channel) }, socket: opened.socket };
        },
        true,
      );
    },
  },
  {
    route: 'socket channel:unsubscribe',
    expect: signedIn({ anonymous: HANDSHAKE, 'revoked token': HANDSHAKE, 'non-member': allowed('a no-op'), 'removed member': allowed('a no-op'), 'expired invite': allowed('a no-op') }),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const actor = scene.actor(role);
      return socketCell(
        scene,
        channel,
        async () => {
          const opened = await open(scene, actor);
          if ('refused' in opened) return { result: { via: 'handshake', refused: opened.refused }, socket: null };
          await subscribe(opened.socket, channel.id);
          return { result: { via: 'ack', ack: await unsubscribe(opened.socket, channel.id) }, socket: opened.socket };
        },
        // After unsubscribing, nothing more arrives.
        false,
      );
    },
  },
];

export const rows: Row[] = [...publicRows, ...accountRows, ...channelRows, ...taskRows, ...socketRows];

export const cellName = (row: Row, role: Role) => `${row.route}${row.variant ? ` (${row.variant})` : ''} as ${role} → ${describeOutcome(row.expect[role])}`;

/** Checks one cell's answer against its expected outcome; a refusal must also leave the observed state as it was. */
export async function runCell(row: Row, role: Role, cell: Cell): Promise<void> {
  const outcome = row.expect[role];
  const before = await cell.observe();
  const result = await cell.act();
  const shown = result.via === 'http' ? `${result.answer.status} ${result.answer.text.slice(0, 300)}` : JSON.stringify(result);
  if (outcome.kind === 'allowed') {
    if (result.via === 'http') {
      expect(result.answer.status, shown).toBe(200);
      if (result.answer.json && 'success' in result.answer.json) expect(result.answer.json.success, shown).toBe(true);
    } else if (result.via === 'ack') {
      expect(result.ack.ok, shown).toBe(true);
    } else if (result.via === 'live') {
      expect(result.delivered, shown).toBe(true);
    } else {
      throw new Error(`expected to be allowed, got ${shown}`);
    }
    await cell.confirm(result);
    return;
  }
  expect(result.via, `expected a refusal ${describeOutcome(outcome)}, got ${shown}`).toBe(outcome.via);
  if (outcome.via === 'http' && result.via === 'http') {
    expect(result.answer.status, shown).toBe(outcome.status);
    const body = result.answer.json;
    expect(body, shown).not.toBeNull();
    // Every /api refusal is the envelope; WeChat Pay's callback answers in WeChat Pay's own shape.
    if (body && 'success' in body) expect(body, shown).toMatchObject({ success: false, reason: outcome.reason, message: expect.stringMatching(/\S/) });
    else expect(body, shown).toMatchObject({ code: outcome.reason, message: expect.stringMatching(/\S/) });
  } else if (outcome.via === 'ack' && result.via === 'ack') {
    expect(result.ack, shown).toMatchObject({ ok: false, reason: outcome.reason, message: expect.stringMatching(/\S/) });
  } else if (outcome.via === 'handshake' && result.via === 'handshake') {
    expect(result.refused, shown).toMatch(/\S/);
  } else if (outcome.via === 'live' && result.via === 'live') {
    expect(result.delivered, shown).toBe(false);
  }
  expect(await cell.observe(), 'a refused request changed something').toEqual(before);
  await cell.afterRefusal();
}
