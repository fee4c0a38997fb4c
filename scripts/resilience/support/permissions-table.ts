import { expect } from 'vitest';
import {
  ArchiveLimits,
  BotType,
  EDITOR_ACTIONS,
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
import { adminApi, api, editorRoute, routeKey, type ApiRoute } from '@draw/shared/routes';
import { Users } from '../../../server/src/features/auth/repository';
import { Orders, Redemptions } from '../../../server/src/features/billing/repository';
import { Channels } from '../../../server/src/features/channels/repository';
import { Uploads } from '../../../server/src/features/uploads/repository';
import { Favorites } from '../../../server/src/features/archive/repository';
import { Reports } from '../../../server/src/features/moderation/repository';
import { Shares } from '../../../server/src/features/share/repository';
import { NotifyLevels, ReadMarks, readMarkId } from '../../../server/src/features/reads/repository';
import { Tickets } from '../../../server/src/realtime/repository';
import { nextPhone } from '../../../server/test/support/harness';
import { connectSocket, type TestSocket } from '../../../server/test/support/socket';
import {
  MEMBER_ROLES,
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
import {
  ACK_FORBIDDEN,
  EVICTED,
  FORBIDDEN,
  HANDSHAKE,
  allowed,
  columns,
  describeOutcome,
  expectationsOf,
  outsiders,
  signedOut,
  type Expectations,
} from './permissions-expect';
import { adminRequests } from './permissions-admin';

// ---- Rows ------------------------------------------------------------------------------------

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
  /** Method and path (`METHOD /api/...:param`, as the table names it), or the socket event. */
  route: string;
  /** The entry of the route table the row calls; absent for what the table does not hold (health, files, sockets). */
  tableRoute?: ApiRoute;
  variant?: string;
  /** Destructive for the scene (delete, quit, join, a new invite, logout): a new scene per cell. */
  fresh?: boolean;
  expect: Expectations;
  /** Runs while every role still stands as before the mute and the removal. */
  prepare(scene: Scene, role: Role): Promise<Cell>;
}

/** No per-user authorization at all (routes outside the table). */
const everyone = (note?: string) => columns(allowed(note));
/** The socket's rules, written out (the route table holds HTTP routes only). */
const signedIn = (overrides: Partial<Expectations> = {}) =>
  columns(allowed(), { ...signedOut, ...overrides });
const members = (overrides: Partial<Expectations> = {}) =>
  signedIn({
    ...outsiders(FORBIDDEN),
    ...overrides,
  });

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
      answer: await inject(
        scene.app,
        { ...actor.headers, ...spec.headers },
        spec.method,
        spec.url,
        spec.payload,
        spec.remoteAddress ? { remoteAddress: spec.remoteAddress } : {},
      ),
    }),
    confirm: async (result) => {
      if (result.via !== 'http') throw new Error('expected an HTTP answer');
      await spec.confirm?.(result.answer);
    },
    afterRefusal: spec.afterRefusal ?? (async () => undefined),
  };
}

type Prepare = (
  scene: Scene,
  role: Role,
  actor: Actor,
) => Promise<Omit<HttpSpec, 'method'> & { method?: Method }>;

interface HttpRowDef {
  route: string;
  variant?: string;
  fresh?: boolean;
  expect: Expectations;
  prepare: Prepare;
}

/** A row whose request is one HTTP call; the method comes from the route. */
function httpRow(def: HttpRowDef & { tableRoute?: ApiRoute }): Row {
  const method = def.route.split(' ')[0] as Method;
  return {
    route: def.route,
    ...(def.tableRoute ? { tableRoute: def.tableRoute } : {}),
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

interface TableRowDef {
  /** The route of the table the row calls: its `access` rule gives every role's expected answer. */
  of: ApiRoute;
  variant?: string;
  fresh?: boolean;
  prepare: Prepare;
}

/** A row for a route of the table: what each role gets is generated from the route's rule (`permissions-expect.ts`). */
function tableRow(def: TableRowDef): Row {
  const { of, ...rest } = def;
  return httpRow({
    ...rest,
    route: routeKey(of.method, of.path),
    tableRoute: of,
    expect: expectationsOf(of, def.variant),
  });
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
const memberIds = async (scene: Scene, channel: ChannelRef) =>
  (await channelDetail(scene, channel)).members.map((m) => m.userId).sort();
/** A member of its own per cell, so removing or banning one never changes another cell's channel. */
async function newMemberOf(scene: Scene, channel: ChannelRef): Promise<Session> {
  const member = await signInAt(scene.app);
  dataOf(await scene.call(member, 'POST', `/api/draw/join-channel/${channel.code}`), 'join');
  return member;
}
const bannedIds = async (scene: Scene, channel: ChannelRef) =>
  data<ChannelBan[]>(await scene.call(scene.creator, 'GET', `/api/draw/channel/${channel.id}/bans`))
    .map((b) => b.userId)
    .sort();
const orderDoc = (scene: Scene, orderId: string) =>
  scene.app.storage.collection(Orders).findOne({ _id: orderId });
const settingsOf = (scene: Scene, userId: string | null) =>
  userId ? scene.app.services.settings.get(userId, BotType.MidJourney) : Promise.resolve(null);
/** The bystander's settings must never move when someone else changes theirs. */
const bystanderSettings = (scene: Scene) => settingsOf(scene, scene.bystander.user.id);

/** The channel's event log position and its visible messages: what a refused channel action must not move. */
const channelState = (scene: Scene, channel: ChannelRef) => async () => ({
  seq: await scene.seq(channel.id),
  messages: await scene.messageIds(channel),
});

// ---- Socket cells ------------------------------------------------------------------------------

type Opened = { socket: TestSocket } | { refused: string };

async function open(scene: Scene, actor: Actor): Promise<Opened> {
  const opened = await openSocket(scene.app, scene.origin, actor);
  if ('socket' in opened) scene.sockets.push(opened.socket);
  return opened;
}

function socketCell(
  scene: Scene,
  channel: ChannelRef,
  act: () => Promise<{ result: Result; socket: TestSocket | null }>,
  expectDelivery: boolean,
): Cell {
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
  tableRow({
    of: api.company.info,
    prepare: async () => ({
      url: '/api/home/company-info',
      confirm: async (a) => expect(data<{ name: string }>(a).name).toEqual(expect.any(String)),
    }),
  }),
  tableRow({
    of: api.billing.products,
    prepare: async () => ({
      url: '/api/home/products',
      confirm: async (a) => expect(data<unknown[]>(a).length).toBeGreaterThan(0),
    }),
  }),
  httpRow({
    route: 'GET /healthz',
    expect: everyone('public'),
    prepare: async () => ({
      url: '/healthz',
      confirm: async (a) => expect(a.json).toMatchObject({ status: 'ok' }),
    }),
  }),
  httpRow({
    route: 'GET /metrics',
    expect: everyone('public without METRICS_TOKEN'),
    prepare: async () => ({ url: '/metrics', confirm: async (a) => expect(a.text).toContain('# TYPE') }),
  }),
  tableRow({
    of: api.login.sendLoginCode,
    prepare: async () => ({
      url: `/api/login/send-login-code?phone=${nextPhone()}`,
      remoteAddress: nextAddress(),
      confirm: async (a) => expect(data<{ devCode: string }>(a).devCode).toMatch(/^\d{4,8}$/),
    }),
  }),
  tableRow({
    of: api.login.login,
    prepare: async (scene) => {
      const phone = nextPhone();
      const code = await loginCode(scene.app, phone);
      return {
        url: '/api/login/login',
        payload: { loginType: LoginType.Captcha, account: phone, code },
        remoteAddress: nextAddress(),
        confirm: async (a) => {
          const { token, user } = data<{ token: string; user: { id: string } }>(a);
          const index = await inject(
            scene.app,
            { authorization: `Bearer ${token}` },
            'GET',
            '/api/home/index',
          );
          expect(data<{ auth: boolean; id: string }>(index)).toMatchObject({ auth: true, id: user.id });
        },
      };
    },
  }),
  tableRow({
    of: api.login.resetPassword,
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
          const login = await inject(
            scene.app,
            {},
            'POST',
            '/api/login/login',
            { loginType: LoginType.Password, account: phone, password },
            { remoteAddress: nextAddress() },
          );
          expect(data<{ user: { id: string } }>(login).user.id).toBe(account.userId);
        },
      };
    },
  }),
  tableRow({
    of: api.login.logout,
    fresh: true,
    prepare: async (scene, _role, actor) => ({
      url: '/api/login/logout',
      confirm: async () => {
        if (!actor.session) return;
        const index = await scene.call(actor, 'GET', '/api/home/index');
        expect(data<{ auth: boolean }>(index).auth).toBe(false);
        // Someone else's session is untouched.
        expect(
          data<{ auth: boolean }>(await scene.call(scene.bystander, 'GET', '/api/home/index')).auth,
        ).toBe(true);
      },
    }),
  }),
  tableRow({
    of: api.home.session,
    prepare: async (_scene, _role, actor) => ({
      url: '/api/home/index',
      confirm: async (a) => {
        const body = data<{ auth: boolean; id?: string }>(a);
        if (actor.session) expect(body).toMatchObject({ auth: true, id: actor.session.user.id });
        else expect(body).toEqual({ auth: false });
      },
    }),
  }),
  tableRow({
    of: api.login.invitePreview,
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      return {
        url: `/api/login/channel/${channel.code}`,
        confirm: async (a) => {
          const preview = data<{ valid: boolean; channelId: string | null }>(a);
          expect(preview).toMatchObject({
            valid: true,
            channelId: scene.isMemberOf(role, channel) ? channel.id : null,
          });
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
  tableRow({
    of: api.billing.qrcode,
    prepare: async (scene) => {
      const codeUrl = await scene.once('bystander payment', async () => {
        const orderId = await scene.once('bystander order', () => scene.order(scene.bystander));
        return data<{ codeUrl: string }>(
          await scene.call(scene.bystander, 'POST', `/api/home/pay/${orderId}`),
        ).codeUrl;
      });
      return {
        url: `/api/home/qrcode?url=${encodeURIComponent(codeUrl)}`,
        confirm: async (a) => expect(a.contentType).toBe('image/png'),
      };
    },
  }),
  tableRow({
    of: api.billing.sandboxConfirm,
    variant: 'the payment link’s token',
    prepare: async (scene) => {
      // Someone else's order, paid through its link: the link, not the caller, is what counts.
      const payer = await signInAt(scene.app);
      const orderId = await scene.order(payer);
      const { codeUrl } = data<{ codeUrl: string }>(
        await scene.call(payer, 'POST', `/api/home/pay/${orderId}`),
      );
      return {
        url: `/api/open/sandbox/${orderId}/${codeUrl.split('/').pop() ?? ''}/confirm`,
        confirm: async () => expect((await orderDoc(scene, orderId))?.status).toBe(OrderStatus.Paid),
      };
    },
  }),
  tableRow({
    of: api.billing.sandboxConfirm,
    variant: 'a wrong token',
    prepare: async (scene) => {
      const orderId = await scene.once('bystander order', () => scene.order(scene.bystander));
      return {
        url: `/api/open/sandbox/${orderId}/${'w'.repeat(24)}/confirm`,
        observe: async () => (await orderDoc(scene, orderId))?.status,
      };
    },
  }),
  tableRow({
    of: api.billing.wechatCallback,
    variant: 'unsigned, sandbox provider',
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
  tableRow({
    of: api.upstream.notify,
    variant: 'a wrong hook token',
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
  tableRow({
    of: api.home.updateInfo,
    prepare: async (scene, _role, actor) => {
      const name = `renamed ${nextUnique()}`;
      const users = scene.app.storage.collection(Users);
      return {
        url: '/api/home/info',
        payload: { name },
        observe: async () =>
          actor.userId ? (await users.findOne({ _id: actor.userId }))?.name : await users.count({ name }),
        confirm: async () => {
          expect(data<{ name: string }>(await scene.call(actor, 'GET', '/api/home/index')).name).toBe(name);
          expect((await users.findOne({ _id: scene.bystander.user.id }))?.name).not.toBe(name);
        },
      };
    },
  }),
  tableRow({
    of: api.uploads.upload,
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
  tableRow({
    of: api.realtime.preConnect,
    prepare: async (scene) => ({
      url: '/api/ws/pre-connect',
      observe: () => scene.app.storage.collection(Tickets).count({}),
      confirm: async (a) => expect(data<{ ticket: string }>(a).ticket).toEqual(expect.any(String)),
    }),
  }),
  tableRow({
    of: api.channels.list,
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
  tableRow({
    of: api.channels.create,
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
  tableRow({
    of: api.engines.list,
    prepare: async () => ({
      url: '/api/draw/engines',
      confirm: async (a) =>
        expect(
          data<{ engines: { id: string; isDefault: boolean }[] }>(a).engines.filter((e) => e.isDefault),
        ).toHaveLength(1),
    }),
  }),
  tableRow({
    of: api.settings.options,
    prepare: async () => ({
      url: '/api/draw/settings/options',
      confirm: async (a) => expect(data<DrawSettingsOptions>(a).versions.length).toBeGreaterThan(0),
    }),
  }),
  ...(
    [
      [
        api.settings.update,
        '/api/draw/settings',
        (n: number) => ({ stylize: 100 + n }),
        (s: DrawSettings, n: number) => s.stylize === 100 + n,
      ],
      [
        api.settings.suffix,
        '/api/draw/settings/suffix',
        (n: number) => ({ suffix: `watercolour ${n}` }),
        (s: DrawSettings, n: number) => s.suffix === `watercolour ${n}`,
      ],
      [
        api.settings.option,
        '/api/draw/settings/option',
        (n: number) => ({ name: 'stylize', value: 300 + n }),
        (s: DrawSettings, n: number) => s.stylize === 300 + n,
      ],
    ] as const
  ).map(([of, url, body, changed]) =>
    tableRow({
      of,
      prepare: async (scene, _role, actor) => {
        const n = nextUnique() % 500;
        return {
          url,
          payload: body(n),
          observe: async () => ({
            own: await settingsOf(scene, actor.userId),
            bystander: await bystanderSettings(scene),
          }),
          confirm: async () => {
            expect(changed((await settingsOf(scene, actor.userId))!, n)).toBe(true);
            expect(changed((await bystanderSettings(scene))!, n)).toBe(false);
          },
        };
      },
    }),
  ),
  tableRow({
    of: api.settings.version,
    prepare: async (scene, _role, actor) => {
      const current = (await bystanderSettings(scene))!.version;
      const version = scene.app.services.settings
        .options(BotType.MidJourney)
        .versions.find((v) => v.value !== current)!.value;
      return {
        url: `/api/draw/settings/version/${encodeURIComponent(version)}`,
        observe: async () => ({
          own: await settingsOf(scene, actor.userId),
          bystander: await bystanderSettings(scene),
        }),
        confirm: async () => {
          expect((await settingsOf(scene, actor.userId))?.version).toBe(version);
          expect((await bystanderSettings(scene))?.version).not.toBe(version);
        },
      };
    },
  }),
  tableRow({
    of: api.billing.credits,
    prepare: async () => ({
      url: '/api/home/credits',
      confirm: async (a) => expect(data<{ balance: number }>(a).balance).toEqual(expect.any(Number)),
    }),
  }),
  tableRow({
    of: api.billing.order,
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
  tableRow({
    of: api.billing.orders,
    prepare: async (scene, role, actor) => {
      const theirs = await scene.once('bystander order', () => scene.order(scene.bystander));
      const mine = actor.session
        ? await scene.once(`own order:${role}`, () => scene.order(actor.session!))
        : null;
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
      [api.billing.orderById, (id: string) => `/api/home/orders/${id}`],
      [api.billing.cancelOrder, (id: string) => `/api/home/cancel-order/${id}`],
      [api.billing.pay, (id: string) => `/api/home/pay/${id}`],
    ] as const
  ).flatMap(([of, urlOf]) => [
    tableRow({
      of,
      variant: 'own order',
      prepare: async (scene, role, actor) => {
        // Cancelling consumes the order: that row gets an order of its own.
        const orderId = actor.session
          ? of === api.billing.cancelOrder
            ? await scene.order(actor.session)
            : await scene.once(`own order:${role}`, () => scene.order(actor.session!))
          : await scene.once('bystander order', () => scene.order(scene.bystander));
        return {
          url: urlOf(orderId),
          observe: async () => await orderDoc(scene, orderId),
          confirm: async (a) => {
            const doc = await orderDoc(scene, orderId);
            expect(doc?.userId).toBe(actor.userId);
            if (of === api.billing.cancelOrder) expect(doc?.status).toBe(OrderStatus.Cancelled);
            else if (of === api.billing.pay)
              expect(data<{ orderId: string; codeUrl: string }>(a)).toMatchObject({
                orderId,
                codeUrl: expect.any(String),
              });
            else expect(data<Order>(a).id).toBe(orderId);
          },
        };
      },
    }),
    tableRow({
      of,
      variant: 'someone else’s order',
      prepare: async (scene) => {
        const orderId = await scene.once('bystander order', () => scene.order(scene.bystander));
        return { url: urlOf(orderId), observe: async () => await orderDoc(scene, orderId) };
      },
    }),
  ]),
  tableRow({
    of: api.billing.redeem,
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
  tableRow({
    of: api.channels.detail,
    prepare: async (scene, role, actor) => ({
      url: `/api/draw/channel/${scene.channelOf(role).id}`,
      confirm: async (a) =>
        expect(data<ChannelDetail>(a).members.map((m) => m.userId)).toContain(actor.userId),
    }),
  }),
  tableRow({
    of: api.channels.update,
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
        confirm: async () =>
          expect(await channelDetail(scene, channel)).toMatchObject({ title, isBan: channel.muted }),
      };
    },
  }),
  tableRow({
    of: api.channels.remove,
    fresh: true,
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      // A member watching live learns of the deletion at once.
      const watcher = await open(scene, scene.actor(channel.muted ? 'muted member' : 'member'));
      if ('refused' in watcher) throw new Error('the watcher could not connect');
      await subscribe(watcher.socket, channel.id);
      return {
        url: `/api/draw/channel/${channel.id}`,
        observe: async () => ({
          deleted: Boolean(
            (await scene.app.storage.collection(Channels).findOne({ _id: channel.id }))?.deletedAt,
          ),
          members: await memberIds(scene, channel),
        }),
        confirm: async () => {
          expect((await scene.call(scene.creator, 'GET', `/api/draw/channel/${channel.id}`)).status).toBe(
            404,
          );
          expect(
            data<Channel[]>(await scene.call(scene.bystander, 'GET', '/api/draw/channels')).map((c) => c.id),
          ).not.toContain(channel.id);
          await watcher.socket.waitFor((events) =>
            events.some((e) => e.type === 'channel.deleted' && e.channelId === channel.id),
          );
        },
        afterRefusal: async () =>
          expect(watcher.socket.events.some((e) => e.type === 'channel.deleted')).toBe(false),
      };
    },
  }),
  tableRow({
    of: api.channels.invite,
    variant: 'a new code',
    fresh: true,
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const preview = async (code: string) =>
        data<{ valid: boolean }>(await inject(scene.app, {}, 'GET', `/api/login/channel/${code}`)).valid;
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
  tableRow({
    of: api.channels.join,
    variant: 'a usable code',
    fresh: true,
    prepare: async (scene, role, actor) => {
      const channel = scene.channelOf(role);
      return {
        url: `/api/draw/join-channel/${channel.code}`,
        observe: () => memberIds(scene, channel),
        confirm: async () => expect(await memberIds(scene, channel)).toContain(actor.userId),
      };
    },
  }),
  tableRow({
    of: api.channels.join,
    variant: 'an expired code',
    prepare: async (scene) => ({
      url: `/api/draw/join-channel/${scene.expiredCode}`,
      observe: () => memberIds(scene, scene.open),
    }),
  }),
  tableRow({
    of: api.channels.join,
    variant: 'the channel id instead of a code',
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      return { url: `/api/draw/join-channel/${channel.id}`, observe: () => memberIds(scene, channel) };
    },
  }),
  tableRow({
    of: api.channels.quit,
    fresh: true,
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
  tableRow({
    of: api.channels.removeMember,
    variant: 'another member',
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
  tableRow({
    of: api.channels.removeMember,
    variant: 'the creator',
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      return {
        url: `/api/draw/remove-user/${channel.id}/${scene.creator.user.id}`,
        observe: () => memberIds(scene, channel),
      };
    },
  }),
  tableRow({
    of: api.channels.ban,
    variant: 'another member',
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const target = await newMemberOf(scene, channel);
      return {
        url: `/api/draw/channel/${channel.id}/ban`,
        payload: { userId: target.user.id },
        observe: async () => ({
          members: await memberIds(scene, channel),
          bans: await bannedIds(scene, channel),
        }),
        confirm: async () => {
          expect(await memberIds(scene, channel)).not.toContain(target.user.id);
          expect(await bannedIds(scene, channel)).toContain(target.user.id);
          expect(
            (await scene.call(target, 'POST', `/api/draw/join-channel/${channel.code}`)).json,
          ).toMatchObject({ success: false, reason: 'banned' });
        },
      };
    },
  }),
  tableRow({
    of: api.channels.ban,
    variant: 'the creator',
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      return {
        url: `/api/draw/channel/${channel.id}/ban`,
        payload: { userId: scene.creator.user.id },
        observe: async () => ({
          members: await memberIds(scene, channel),
          bans: await bannedIds(scene, channel),
        }),
      };
    },
  }),
  tableRow({
    of: api.channels.unban,
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const target = await signInAt(scene.app);
      dataOf(
        await scene.call(scene.creator, 'POST', `/api/draw/channel/${channel.id}/ban`, {
          userId: target.user.id,
        }),
        'ban',
      );
      return {
        url: `/api/draw/channel/${channel.id}/ban/${target.user.id}`,
        observe: () => bannedIds(scene, channel),
        confirm: async () => {
          expect(await bannedIds(scene, channel)).not.toContain(target.user.id);
          dataOf(
            await scene.call(target, 'POST', `/api/draw/join-channel/${channel.code}`),
            'rejoin after the unban',
          );
        },
      };
    },
  }),
  tableRow({
    of: api.channels.bans,
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const banned = await scene.once(`banned user:${channel.id}`, async () => {
        const target = await signInAt(scene.app);
        dataOf(
          await scene.call(scene.creator, 'POST', `/api/draw/channel/${channel.id}/ban`, {
            userId: target.user.id,
            reason: 'probe',
          }),
          'ban',
        );
        return target.user.id;
      });
      return {
        url: `/api/draw/channel/${channel.id}/bans`,
        confirm: async (a) =>
          expect(data<ChannelBan[]>(a)).toContainEqual(
            expect.objectContaining({ userId: banned, reason: 'probe' }),
          ),
      };
    },
  }),
  tableRow({
    of: api.messages.page,
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const messageId = await scene.once(`bystander message:${channel.id}`, () =>
        scene.postMessage(scene.bystander, channel, 'hello from the bystander'),
      );
      return {
        url: `/api/draw/chat/${channel.id}`,
        confirm: async (a) => expect(data<MessagePage>(a).messages.map((m) => m.id)).toContain(messageId),
      };
    },
  }),
  tableRow({
    of: api.messages.post,
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
    tableRow({
      of: api.messages.remove,
      variant: whose === 'own' ? 'own message (posted before the mute or removal)' : 'someone else’s message',
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
  ...(['own', 'someone else’s'] as const).map((whose) =>
    tableRow({
      of: api.messages.edit,
      variant: whose === 'own' ? 'own message (posted before the mute or removal)' : 'someone else’s message',
      prepare: async (scene, role) => {
        const channel = scene.channelOf(role);
        const author = whose === 'own' ? scene.authorFor(role) : scene.bystander;
        const messageId = await scene.postMessage(author, channel, `to edit ${nextUnique()}`);
        const content = `edited ${nextUnique()}`;
        return {
          url: `/api/draw/chat/${messageId}`,
          payload: { content },
          observe: channelState(scene, channel),
          confirm: async (a) =>
            expect(data<{ content: string; editedAt: number | null }>(a)).toMatchObject({
              content,
              editedAt: expect.any(Number),
            }),
        };
      },
    }),
  ),
  ...([api.messages.react, api.messages.unreact] as const).map((route) =>
    tableRow({
      of: route,
      prepare: async (scene, role, actor) => {
        const channel = scene.channelOf(role);
        const messageId = await scene.postMessage(scene.bystander, channel, `to react to ${nextUnique()}`);
        const emoji = '👍';
        const url = `/api/draw/chat/${messageId}/reactions/${encodeURIComponent(emoji)}`;
        // Taking one back needs one there: a member reacts first (an outsider cannot, and is refused either way).
        if (route === api.messages.unreact && scene.isMemberOf(role, channel))
          await scene.call(actor, 'PUT', url);
        const reactions = async () =>
          data<{ reactions: { emoji: string; count: number }[] }>(
            await scene.call(scene.creator, 'GET', `/api/draw/chat/${channel.id}?limit=100`),
          );
        return {
          url,
          observe: async () => JSON.stringify(await reactions()),
          confirm: async (a) =>
            expect(data<{ reactions: { emoji: string; me: boolean }[] }>(a).reactions).toEqual(
              route === api.messages.react ? [expect.objectContaining({ emoji, me: true })] : [],
            ),
        };
      },
    }),
  ),
  tableRow({
    of: api.reads.notifications,
    prepare: async (scene, role, actor) => {
      const channel = scene.channelOf(role);
      return {
        url: `/api/draw/channels/${channel.id}/notifications`,
        payload: { level: 'mentions' },
        observe: async () =>
          actor.userId
            ? await scene.app.storage
                .collection(NotifyLevels)
                .findOne({ _id: readMarkId(actor.userId, channel.id) })
            : null,
        confirm: async (a) =>
          expect(data<{ channelId: string; notify: string }>(a)).toMatchObject({
            channelId: channel.id,
            notify: 'mentions',
          }),
      };
    },
  }),
];

/** A submit's answer: the task exists in the channel, by the actor; waits until it settles so no work runs on into later cells. */
const confirmSubmitted =
  (scene: Scene, actor: Actor, channel: ChannelRef, status?: TaskStatus) => async (a: HttpAnswer) => {
    const task = await scene.settled(data<{ taskId: string }>(a).taskId, actor);
    expect(task).toMatchObject({ channelId: channel.id, userId: actor.userId });
    if (status) expect(task.status).toBe(status);
  };

/**
 * A task waiting for modal input, owned by the role (its own) or the bystander. Roles that cannot
 * act in the channel share one bystander task, which keeps every user under the submit limit.
 */
function waitingTask(
  scene: Scene,
  role: Role,
  channel: ChannelRef,
  whose: 'own' | 'someone else’s',
): Promise<string> {
  const author = whose === 'own' ? scene.authorFor(role) : scene.bystander;
  if (author === scene.bystander && !MEMBER_ROLES.includes(role))
    return scene.once(`shared waiting task:${channel.id}`, () => scene.modalTaskOf(scene.bystander, channel));
  return scene.modalTaskOf(author, channel);
}

const taskRows: Row[] = [
  tableRow({
    of: api.tasks.imagine,
    prepare: async (scene, role, actor) => {
      const channel = scene.channelOf(role);
      return {
        url: `/api/mj/submit/imagine/${channel.id}`,
        payload: { prompt: 'a quiet harbour' },
        observe: channelState(scene, channel),
        confirm: confirmSubmitted(scene, actor, channel, TaskStatus.Success),
      };
    },
  }),
  tableRow({
    of: api.tasks.imagine,
    variant: 'with someone else’s upload',
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const [theirs] = await scene.once('bystander upload', () => scene.upload(scene.bystander, 1));
      return {
        url: `/api/mj/submit/imagine/${channel.id}`,
        payload: { prompt: 'borrowed image', imageIds: [theirs] },
        observe: channelState(scene, channel),
      };
    },
  }),
  tableRow({
    of: api.tasks.describe,
    prepare: async (scene, role, actor) => {
      const channel = scene.channelOf(role);
      const [imageId] = await scene.upload(ownerOf(scene, actor), 1);
      return {
        url: `/api/mj/submit/describe/${channel.id}`,
        payload: { imageId },
        observe: channelState(scene, channel),
        confirm: confirmSubmitted(scene, actor, channel),
      };
    },
  }),
  tableRow({
    of: api.tasks.blend,
    prepare: async (scene, role, actor) => {
      const channel = scene.channelOf(role);
      const imageIds = await scene.upload(ownerOf(scene, actor), 2);
      return {
        url: `/api/mj/submit/blend/${channel.id}`,
        payload: { imageIds },
        observe: channelState(scene, channel),
        confirm: confirmSubmitted(scene, actor, channel),
      };
    },
  }),
  // Midjourney's editors (`/retexture` …): one row per editor action of the action table.
  ...EDITOR_ACTIONS.map((name) =>
    tableRow({
      of: editorRoute(name),
      prepare: async (scene, role, actor) => {
        const channel = scene.channelOf(role);
        const [imageId] = await scene.upload(ownerOf(scene, actor), 1);
        return {
          url: editorRoute(name).path.replace(':channelId', channel.id),
          payload: { imageId, prompt: 'the same shapes in ink and wash' },
          observe: channelState(scene, channel),
          confirm: confirmSubmitted(scene, actor, channel),
        };
      },
    }),
  ),
  tableRow({
    of: api.tasks.shorten,
    prepare: async (scene, role, actor) => {
      const channel = scene.channelOf(role);
      return {
        url: `/api/mj/submit/shorten/${channel.id}`,
        payload: { prompt: 'a really very large and quite old oak tree' },
        observe: channelState(scene, channel),
        confirm: confirmSubmitted(scene, actor, channel),
      };
    },
  }),
  tableRow({
    of: api.tasks.action,
    variant: 'a button on someone else’s task',
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
  tableRow({
    of: api.tasks.action,
    variant: 'a button on a task of another channel',
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const elsewhere = await scene.shortenTask(channel.id === scene.open.id ? scene.muted : scene.open);
      const button = elsewhere.buttons.find((b) => b.customId.startsWith('MJ::Job::PromptAnalyzer::'))!;
      return {
        url: `/api/mj/submit/action/${channel.id}`,
        payload: { taskId: elsewhere.id, customId: button.customId },
        observe: channelState(scene, channel),
      };
    },
  }),
  ...(['own', 'someone else’s'] as const).map((whose) =>
    tableRow({
      of: api.tasks.modal,
      variant: whose === 'own' ? 'own task waiting for input' : 'someone else’s task waiting for input',
      prepare: async (scene, role, actor) => {
        const channel = scene.channelOf(role);
        const taskId = await waitingTask(scene, role, channel, whose);
        return {
          url: `/api/mj/submit/modal/${channel.id}`,
          payload: { taskId, prompt: 'a red kite over the dunes' },
          observe: async () => ({
            ...(await channelState(scene, channel)()),
            status: (await scene.storedTask(taskId)).status,
          }),
          confirm: async () => {
            const task = await scene.settled(taskId);
            expect(task).toMatchObject({
              status: TaskStatus.Success,
              prompt: 'a red kite over the dunes',
              userId: actor.userId,
            });
          },
        };
      },
    }),
  ),
  tableRow({
    of: api.tasks.fetch,
    prepare: async (scene, role) => {
      const task = await scene.shortenTask(scene.channelOf(role));
      return {
        url: `/api/mj/task/${task.id}/fetch`,
        confirm: async (a) => expect(data<Task>(a).id).toBe(task.id),
      };
    },
  }),
  ...(['own', 'someone else’s'] as const).map((whose) =>
    tableRow({
      of: api.tasks.cancel,
      variant: whose === 'own' ? 'own unfinished task' : 'someone else’s unfinished task',
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
  tableRow({
    of: api.tasks.imageSeed,
    prepare: async (scene, role) => {
      const task = await scene.imagineTask(scene.channelOf(role));
      return {
        url: `/api/mj/task/${task.id}/image-seed`,
        confirm: async (a) => expect(data<{ seed: string }>(a).seed).toBe(task.seed),
      };
    },
  }),
  tableRow({
    of: api.tasks.byIds,
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const task = await scene.shortenTask(channel);
      return {
        url: `/api/draw/tasks/${channel.id}`,
        payload: { ids: [task.id] },
        confirm: async (a) => expect(data<Task[]>(a).map((t) => t.id)).toEqual([task.id]),
      };
    },
  }),
  tableRow({
    of: api.tasks.byIds,
    variant: 'ids of another channel’s tasks',
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const elsewhere = await scene.shortenTask(channel.id === scene.open.id ? scene.muted : scene.open);
      return {
        url: `/api/draw/tasks/${channel.id}`,
        payload: { ids: [elsewhere.id] },
        confirm: async (a) => expect(data<Task[]>(a)).toEqual([]),
      };
    },
  }),
  tableRow({
    of: api.settings.get,
    prepare: async (scene, role, actor) => ({
      url: `/api/draw/settings/${scene.channelOf(role).id}`,
      confirm: async (a) => expect(data<DrawSettings>(a)).toEqual(await settingsOf(scene, actor.userId)),
    }),
  }),
  tableRow({
    of: api.settings.info,
    prepare: async (scene, role) => ({
      url: `/api/draw/info/${scene.channelOf(role).id}`,
      confirm: async (a) => expect(data<object>(a)).toEqual(expect.any(Object)),
    }),
  }),
];

/** The bystander's finished imagine in the role's channel: an image of the archive, seen by its channel's members alone. */
const archivedImage = (scene: Scene, role: Role) => scene.imagineTask(scene.channelOf(role));
const favorites = (scene: Scene) => scene.app.storage.collection(Favorites);
const starred = async (scene: Scene, userId: string | null, taskId: string) =>
  userId !== null && (await favorites(scene).count({ userId, taskId })) > 0;

const archiveRows: Row[] = [
  tableRow({
    of: api.archive.page,
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const image = await archivedImage(scene, role);
      return {
        url: `/api/archive?q=lighthouse&limit=${ArchiveLimits.pageMax}`,
        // The bystander's image shows to the members of its channel only.
        confirm: async (a) => {
          const ids = data<{ items: { task: { id: string } }[] }>(a).items.map((item) => item.task.id);
          expect(ids.includes(image.id)).toBe(scene.isMemberOf(role, channel));
        },
      };
    },
  }),
  tableRow({
    of: api.archive.star,
    prepare: async (scene, role, actor) => {
      const image = await archivedImage(scene, role);
      return {
        url: `/api/archive/favorite/${image.id}`,
        observe: () => favorites(scene).count({}),
        confirm: async (a) => {
          expect(data<{ favorite: boolean }>(a).favorite).toBe(true);
          expect(await starred(scene, actor.userId, image.id)).toBe(true);
        },
      };
    },
  }),
  tableRow({
    of: api.archive.unstar,
    prepare: async (scene, role, actor) => {
      const image = await archivedImage(scene, role);
      // Starred while the role could still see it: a refusal must leave the star where it is.
      if (actor.session) await scene.call(actor, 'PUT', `/api/archive/favorite/${image.id}`);
      return {
        url: `/api/archive/favorite/${image.id}`,
        observe: () => favorites(scene).count({}),
        confirm: async () => expect(await starred(scene, actor.userId, image.id)).toBe(false),
      };
    },
  }),
  tableRow({
    of: api.archive.starredAmong,
    prepare: async (scene, role, actor) => {
      const channel = scene.channelOf(role);
      const image = await archivedImage(scene, role);
      return {
        url: '/api/archive/favorites',
        payload: { taskIds: [image.id] },
        // Answers only among the images the asker may see: an outsider learns nothing.
        confirm: async (a) => {
          const visible = scene.isMemberOf(role, channel);
          expect(data<string[]>(a)).toEqual(
            visible && (await starred(scene, actor.userId, image.id)) ? [image.id] : [],
          );
        },
      };
    },
  }),
  tableRow({
    of: api.archive.family,
    prepare: async (scene, role) => {
      const image = await archivedImage(scene, role);
      return {
        url: `/api/archive/task/${image.id}/family`,
        confirm: async (a) => expect(data<{ item: { task: { id: string } } }>(a).item.task.id).toBe(image.id),
      };
    },
  }),
  tableRow({
    of: api.archive.zip,
    prepare: async (scene, role) => {
      const image = await archivedImage(scene, role);
      return {
        url: '/api/archive/zip',
        payload: { taskIds: [image.id] },
        confirm: async (a) => {
          expect(a.contentType).toBe('application/zip');
          // A ZIP starts with its local file header.
          expect(a.raw.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
        },
      };
    },
  }),
];

const readRows: Row[] = [
  tableRow({
    of: api.reads.list,
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      return {
        url: '/api/reads',
        confirm: async (a) =>
          expect(data<{ channelId: string }[]>(a).some((c) => c.channelId === channel.id)).toBe(
            scene.isMemberOf(role, channel),
          ),
      };
    },
  }),
  tableRow({
    of: api.reads.mark,
    prepare: async (scene, role, actor) => {
      const channel = scene.channelOf(role);
      return {
        url: `/api/reads/${channel.id}`,
        payload: {},
        observe: async () =>
          actor.userId
            ? await scene.app.storage
                .collection(ReadMarks)
                .findOne({ _id: readMarkId(actor.userId, channel.id) })
            : null,
        confirm: async (a) =>
          expect(data<{ channelId: string; lastReadSeq: number }>(a)).toMatchObject({
            channelId: channel.id,
            lastReadSeq: await scene.seq(channel.id),
          }),
      };
    },
  }),
  tableRow({
    of: api.tasks.translate,
    prepare: async () => ({
      url: '/api/mj/translate',
      payload: { prompt: 'a paper lantern' },
      confirm: async (a) =>
        expect(data<{ prompt: string; promptEn: string }>(a)).toMatchObject({
          prompt: 'a paper lantern',
          promptEn: expect.any(String),
        }),
    }),
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
    expect: members({
      anonymous: HANDSHAKE,
      'revoked token': HANDSHAKE,
      ...outsiders(ACK_FORBIDDEN),
    }),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const actor = scene.actor(role);
      return socketCell(
        scene,
        channel,
        async () => {
          const opened = await open(scene, actor);
          if ('refused' in opened)
            return { result: { via: 'handshake', refused: opened.refused }, socket: null };
          return {
            result: { via: 'ack', ack: await subscribe(opened.socket, channel.id) },
            socket: opened.socket,
          };
        },
        true,
      );
    },
  },
  {
    route: 'socket channel:event',
    variant: 'subscribed before the logout, mute or removal',
    expect: members({
      anonymous: HANDSHAKE,
      'revoked token': EVICTED,
      ...outsiders(ACK_FORBIDDEN),
      'removed member': EVICTED,
    }),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      // Subscribed now, while the removed member still belongs, the revoked token still works and
      // the muted room is not yet muted.
      const opened =
        role === 'revoked token' ? await revokedWatcher(scene) : await open(scene, scene.actor(role));
      const ack = 'socket' in opened ? await subscribe(opened.socket, channel.id) : null;
      return socketCell(
        scene,
        channel,
        async () => {
          if ('refused' in opened)
            return { result: { via: 'handshake', refused: opened.refused }, socket: null };
          if (!ack?.ok) return { result: { via: 'ack', ack: ack! }, socket: opened.socket };
          return {
            result: { via: 'live', delivered: await scene.deliveredTo(opened.socket, channel) },
            socket: opened.socket,
          };
        },
        true,
      );
    },
  },
  {
    route: 'socket channel:unsubscribe',
    expect: signedIn({
      anonymous: HANDSHAKE,
      'revoked token': HANDSHAKE,
      ...outsiders(allowed('a no-op')),
    }),
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const actor = scene.actor(role);
      return socketCell(
        scene,
        channel,
        async () => {
          const opened = await open(scene, actor);
          if ('refused' in opened)
            return { result: { via: 'handshake', refused: opened.refused }, socket: null };
          await subscribe(opened.socket, channel.id);
          return {
            result: { via: 'ack', ack: await unsubscribe(opened.socket, channel.id) },
            socket: opened.socket,
          };
        },
        // After unsubscribing, nothing more arrives.
        false,
      );
    },
  },
];

// ---- The operator's console and moderation -----------------------------------------------------

/**
 * Every `/api/admin/*` route, generated from the table, with the request the console makes
 * (`permissions-admin.ts`): the site admin is answered and the effect checked; a person who is not
 * a site admin finds nothing there (404, as an unknown path), signed in or not, and nothing changes.
 */
const adminRows: Row[] = Object.entries(adminApi).map(([name, route]) =>
  tableRow({
    of: route,
    prepare: (scene, role) => adminRequests[name as keyof typeof adminApi](scene, role),
  }),
);

const reports = (scene: Scene) => scene.app.storage.collection(Reports);

const moderationRows: Row[] = [
  tableRow({
    of: api.company.announcement,
    prepare: async () => ({
      url: '/api/home/announcement',
      confirm: async (a) => expect(a.status).toBe(200),
    }),
  }),
  tableRow({
    of: api.archive.report,
    prepare: async (scene, role) => {
      const image = await archivedImage(scene, role);
      return {
        url: `/api/archive/report/${image.id}`,
        payload: { reason: 'spam' },
        observe: () => reports(scene).count({}),
        confirm: async (a) => {
          expect(data<{ reported: boolean }>(a).reported).toBe(true);
          expect(await reports(scene).findOne({ _id: image.id })).not.toBeNull();
        },
      };
    },
  }),
];

// ---- Sharing a result ------------------------------------------------------------------------

/** The role's own finished image in its channel (the bystander's for a role that never could draw there). */
const ownImage = (scene: Scene, role: Role) => {
  const author = scene.authorFor(role);
  const channel = scene.channelOf(role);
  return scene.once(`own image:${author.user.id}:${channel.id}`, async () =>
    scene.settled(await scene.submit(author, 'imagine', channel, { prompt: 'harbour at noon' })),
  );
};
const shareOf = (scene: Scene, taskId: string) =>
  scene.app.storage.collection(Shares).findOne({ _id: taskId });
/** The public page of a link, as a signed-out browser opens it. */
const publicPage = (scene: Scene, url: string) => inject(scene.app, {}, 'GET', new URL(url).pathname);

const shareRows: Row[] = [
  tableRow({
    of: api.share.create,
    prepare: async (scene, role) => {
      const image = await ownImage(scene, role);
      return {
        url: `/api/share/${image.id}`,
        observe: () => shareOf(scene, image.id),
        confirm: async (a) => {
          const { url } = data<{ url: string }>(a);
          expect((await publicPage(scene, url)).status).toBe(200);
        },
      };
    },
  }),
  // Another's result: only its author shares it while the channel's creator has not allowed members to.
  tableRow({
    of: api.share.create,
    variant: 'someone else’s result, members may not share',
    prepare: async (scene, role) => {
      const image = await scene.imagineTask(scene.channelOf(role));
      return { url: `/api/share/${image.id}`, observe: () => shareOf(scene, image.id) };
    },
  }),
  tableRow({
    of: api.share.create,
    variant: 'someone else’s result, members may share',
    fresh: true,
    prepare: async (scene, role) => {
      const channel = scene.channelOf(role);
      const image = await scene.imagineTask(channel);
      const detail = await channelDetail(scene, channel);
      dataOf(
        await scene.call(scene.creator, 'PUT', `/api/draw/channel/${channel.id}`, {
          title: detail.title,
          isBan: detail.isBan,
          membersMayShare: true,
        }),
        'allow members to share',
      );
      return {
        url: `/api/share/${image.id}`,
        observe: () => shareOf(scene, image.id),
        confirm: async (a) => {
          expect((await publicPage(scene, data<{ url: string }>(a).url)).status).toBe(200);
        },
      };
    },
  }),
  tableRow({
    of: api.share.revoke,
    prepare: async (scene, role) => {
      const image = await ownImage(scene, role);
      const { url } = data<{ url: string }>(
        await scene.call(scene.authorFor(role), 'POST', `/api/share/${image.id}`),
      );
      return {
        url: `/api/share/${image.id}`,
        observe: async () => ({
          share: await shareOf(scene, image.id),
          page: (await publicPage(scene, url)).status,
        }),
        confirm: async () => {
          expect(await shareOf(scene, image.id)).toBeNull();
          expect((await publicPage(scene, url)).status).toBe(404);
        },
      };
    },
  }),
  httpRow({
    route: 'GET /s/{token}',
    expect: everyone('public, unguessable token'),
    prepare: async (scene) => {
      const url = await scene.once('bystander share', async () => {
        const image = await scene.imagineTask(scene.open);
        return data<{ url: string }>(await scene.call(scene.bystander, 'POST', `/api/share/${image.id}`)).url;
      });
      return {
        url: new URL(url).pathname,
        confirm: async (a) => {
          expect(a.contentType).toContain('text/html');
          expect(a.text).toContain('lighthouse at dawn');
        },
      };
    },
  }),
  httpRow({
    route: 'GET /s/{token}/image',
    expect: everyone('public, unguessable token'),
    prepare: async (scene) => {
      const url = await scene.once('bystander share', async () => {
        const image = await scene.imagineTask(scene.open);
        return data<{ url: string }>(await scene.call(scene.bystander, 'POST', `/api/share/${image.id}`)).url;
      });
      return {
        url: `${new URL(url).pathname}/image`,
        confirm: async (a) => expect(a.contentType).toBe('image/png'),
      };
    },
  }),
];

export const rows: Row[] = [
  ...publicRows,
  ...accountRows,
  ...channelRows,
  ...taskRows,
  ...archiveRows,
  ...readRows,
  ...adminRows,
  ...moderationRows,
  ...shareRows,
  ...socketRows,
];

export const cellName = (row: Row, role: Role) =>
  `${row.route}${row.variant ? ` (${row.variant})` : ''} as ${role} → ${describeOutcome(row.expect[role])}`;

/** Checks one cell's answer against its expected outcome; a refusal must also leave the observed state as it was. */
export async function runCell(row: Row, role: Role, cell: Cell): Promise<void> {
  const outcome = row.expect[role];
  const before = await cell.observe();
  const result = await cell.act();
  const shown =
    result.via === 'http'
      ? `${result.answer.status} ${result.answer.text.slice(0, 300)}`
      : JSON.stringify(result);
  if (outcome.kind === 'allowed') {
    if (result.via === 'http') {
      expect(result.answer.status, shown).toBe(200);
      if (result.answer.json && 'success' in result.answer.json)
        expect(result.answer.json.success, shown).toBe(true);
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
    if (body && 'success' in body)
      expect(body, shown).toMatchObject({
        success: false,
        reason: outcome.reason,
        message: expect.stringMatching(/\S/),
      });
    else expect(body, shown).toMatchObject({ code: outcome.reason, message: expect.stringMatching(/\S/) });
  } else if (outcome.via === 'ack' && result.via === 'ack') {
    expect(result.ack, shown).toMatchObject({
      ok: false,
      reason: outcome.reason,
      message: expect.stringMatching(/\S/),
    });
  } else if (outcome.via === 'handshake' && result.via === 'handshake') {
    expect(result.refused, shown).toMatch(/\S/);
  } else if (outcome.via === 'live' && result.via === 'live') {
    expect(result.delivered, shown).toBe(false);
  }
  expect(await cell.observe(), 'a refused request changed something').toEqual(before);
  await cell.afterRefusal();
}
