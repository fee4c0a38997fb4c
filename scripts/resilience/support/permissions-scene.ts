import sharp from 'sharp';
import type { InjectOptions } from 'fastify';
import { io } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  SOCKET_PATH,
  TaskStatus,
  type ChannelEvent,
  type SubscribeAck,
  type Task,
} from '@draw/shared';
import { nextPhone, type TestApp } from '../../../server/test/support/harness';
import { connectSocket, type TestSocket } from '../../../server/test/support/socket';
import { Tasks, toTask } from '../../../server/src/features/tasks/repository';
import { Users } from '../../../server/src/features/auth/repository';

/** The columns of the permissions table: who is asking, relative to the channel asked about. */
export const Roles = [
  'anonymous',
  'revoked token',
  'non-member',
  'member',
  'muted member',
  'creator',
  'removed member',
  'expired invite',
  /** A site admin (`isAdmin`) who belongs to no channel of the scene: the console is theirs, the rooms are not. */
  'admin',
] as const;
export type Role = (typeof Roles)[number];

export type Session = Awaited<ReturnType<TestApp['signIn']>>;

/** Roles that belong to the channel they act on, after every change to their standing. */
export const MEMBER_ROLES: readonly Role[] = ['member', 'muted member', 'creator'];

export interface Actor {
  role: Role;
  /** Headers the request carries: none, a revoked token, or a live one. */
  headers: Record<string, string>;
  /** A live session (null for anonymous and the revoked token). */
  session: Session | null;
  /** The user behind the headers, when there is one (the revoked token has one). */
  userId: string | null;
}

export interface ChannelRef {
  id: string;
  /** A usable invite code. */
  code: string;
  muted: boolean;
}

export interface Envelope {
  success: boolean;
  message: string;
  reason?: string;
  data: unknown;
}

/** The chat limit is 20 posts per user per 10 s: a probe that meets it waits a second and asks again. */
const RATE_LIMIT_RETRIES = 15;
const RATE_LIMIT_WAIT_MS = 1_000;

export interface HttpAnswer {
  status: number;
  contentType: string;
  text: string;
  raw: Buffer;
  /** The parsed JSON body, when there is one. */
  json: Record<string, unknown> | null;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const MINUTE = 60_000;
/** Longer than the shortest invite expiry (1 h): every skeleton's `expiredCode` is expired after the jump. */
export const CLOCK_JUMP_MS = 61 * MINUTE;
const TASK_WAIT_MS = 30_000;
const SETTLED: ReadonlySet<string> = new Set([
  TaskStatus.Success,
  TaskStatus.Failure,
  TaskStatus.Cancel,
  TaskStatus.Modal,
]);
const EVENT_GRACE_MS = 120;

let addressCounter = 0;
/** A made-up client address per call: the login routes are rate limited per IP. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${200 + ((addressCounter >> 16) % 50)}.${(addressCounter >> 8) % 256}.${addressCounter % 256}`;
}

export async function inject(
  app: TestApp,
  headers: Record<string, string>,
  method: Method,
  url: string,
  payload?: unknown,
  extra: Partial<InjectOptions> = {},
): Promise<HttpAnswer> {
  const res = await app.http.inject({
    method,
    url,
    headers: {
      'accept-language': 'en-US',
      ...headers,
      ...(extra.headers as Record<string, string> | undefined),
    },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
  });
  const contentType = String(res.headers['content-type'] ?? '');
  let json: Record<string, unknown> | null = null;
  if (contentType.includes('json')) json = JSON.parse(res.body) as Record<string, unknown>;
  return { status: res.statusCode, contentType, text: res.body, raw: res.rawPayload, json };
}

/** The envelope's data, failing loudly (with the answer) when the call was refused. */
export function dataOf<T>(answer: HttpAnswer, what: string): T {
  const body = answer.json as Envelope | null;
  if (answer.status !== 200 || !body?.success)
    throw new Error(`${what} failed: ${answer.status} ${answer.text.slice(0, 300)}`);
  return body.data as T;
}

export const bearer = (session: Session): Record<string, string> => ({
  authorization: `Bearer ${session.token}`,
});

let pngCache: Buffer | null = null;
export async function smallPng(): Promise<Buffer> {
  pngCache ??= await sharp({ create: { width: 24, height: 24, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();
  return pngCache;
}

/** A multipart body built by the platform's FormData, as a browser would send it. */
export async function multipartOf(count: number): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  const png = await smallPng();
  for (let i = 0; i < count; i += 1)
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `image-${i}.png`);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

/** A user signed in through the real routes, each from its own made-up address. */
export async function signInAt(app: TestApp, phone = nextPhone()): Promise<Session> {
  return app.signIn(phone);
}

/** Asks for a login code the way the web does; the test app reveals it (console SMS sender). */
export async function loginCode(app: TestApp, phone: string): Promise<string> {
  const sent = await inject(app, {}, 'GET', `/api/login/send-login-code?phone=${phone}`, undefined, {
    remoteAddress: nextAddress(),
  });
  return dataOf<{ devCode: string }>(sent, 'send-login-code').devCode;
}

/**
 * A socket for a set of headers: the ticket comes from `pre-connect` with those headers. Without a
 * live session there is no ticket, and the handshake without one must be refused.
 */
export async function openSocket(
  app: TestApp,
  origin: string,
  actor: Actor,
): Promise<{ socket: TestSocket } | { refused: string }> {
  if (actor.session) return { socket: await connectSocket(origin, actor.session.token) };
  const preConnect = await inject(app, actor.headers, 'GET', '/api/ws/pre-connect');
  if (preConnect.status === 200) throw new Error(`pre-connect answered 200 for ${actor.role}`);
  const socket = io(origin, {
    path: SOCKET_PATH,
    auth: { ticket: '', v: PROTOCOL_VERSION },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('handshake neither refused nor accepted in 5 s')),
        5_000,
      );
      // Accepted without a ticket: an empty refusal, which the cell's check rejects.
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve({ refused: '' });
      });
      socket.once('connect_error', (error: Error) => {
        clearTimeout(timer);
        resolve({ refused: error.message || 'refused' });
      });
    });
  } finally {
    socket.disconnect();
  }
}

export function subscribe(socket: TestSocket, channelId: string): Promise<SubscribeAck> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no subscribe ack in 5 s')), 5_000);
    socket.emit('channel:subscribe', { channelId }, (ack) => {
      clearTimeout(timer);
      resolve(ack);
    });
  });
}

export function unsubscribe(socket: TestSocket, channelId: string): Promise<{ ok: true }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no unsubscribe ack in 5 s')), 5_000);
    socket.emit('channel:unsubscribe', { channelId }, (ack) => {
      clearTimeout(timer);
      resolve(ack);
    });
  });
}

const isMessageEvent = (messageId: string) => (event: ChannelEvent) =>
  event.type === 'message.created' && (event.data as { id?: string }).id === messageId;

/** The channel's skeleton, made before the app's clock jumps so that its short invite expires. */
export interface Skeleton {
  creator: Session;
  openId: string;
  mutedId: string;
  expiredCode: string;
}

export async function buildSkeleton(app: TestApp): Promise<Skeleton> {
  const creator = await signInAt(app);
  const open = dataOf<{ id: string }>(
    await inject(app, bearer(creator), 'POST', '/api/draw/channel', { title: 'open room', isBan: false }),
    'create open',
  );
  // Muted later, once its members have posted: the muted member's own message and task exist.
  const muted = dataOf<{ id: string }>(
    await inject(app, bearer(creator), 'POST', '/api/draw/channel', { title: 'quiet room', isBan: false }),
    'create muted',
  );
  const invite = dataOf<{ inviteCode: string }>(
    await inject(app, bearer(creator), 'POST', `/api/draw/invite-code/${open.id}`, {
      isNew: true,
      expireHours: 1,
    }),
    'short invite',
  );
  return { creator, openId: open.id, mutedId: muted.id, expiredCode: invite.inviteCode };
}

/**
 * One world in which every role exists for real: users signed in through the routes, channels
 * made, joined by invite, a member removed and a channel muted by its creator. Rows prepare what
 * they need while everyone still stands as before (so a muted member's own message, or a removed
 * member's own task, exist); `settle()` then mutes and removes.
 */
export class Scene {
  readonly sockets: TestSocket[] = [];
  /** Accounts whose last login code is old enough to ask for another (the password reset row takes one per cell). */
  resetAccounts: { phone: string; userId: string }[] = [];
  private readonly memo = new Map<string, Promise<unknown>>();
  private readonly controls = new Map<string, Promise<TestSocket>>();

  private constructor(
    readonly app: TestApp,
    readonly origin: string,
    readonly creator: Session,
    readonly member: Session,
    readonly mutedMember: Session,
    readonly nonMember: Session,
    readonly removed: Session,
    readonly expiredInvitee: Session,
    readonly bystander: Session,
    readonly admin: Session,
    readonly revoked: { token: string; userId: string },
    readonly open: ChannelRef,
    readonly muted: ChannelRef,
    readonly expiredCode: string,
  ) {}

  static async build(app: TestApp, origin: string, skeleton: Skeleton): Promise<Scene> {
    const { creator } = skeleton;
    const [member, mutedMember, nonMember, removed, expiredInvitee, bystander, revokedSession, admin] =
      await Promise.all([
        signInAt(app),
        signInAt(app),
        signInAt(app),
        signInAt(app),
        signInAt(app),
        signInAt(app),
        signInAt(app),
        signInAt(app),
      ]);
    // Made a site admin the way `npm run ops` does it: in the store (the flag is read on each request).
    await app.storage.collection(Users).updateOne({ _id: admin.user.id }, { $set: { isAdmin: true } });
    // The expired invite: refused (410), and therefore not a member.
    const refused = await inject(
      app,
      bearer(expiredInvitee),
      'POST',
      `/api/draw/join-channel/${skeleton.expiredCode}`,
    );
    if (refused.status !== 410)
      throw new Error(`the expired invite was not refused: ${refused.status} ${refused.text}`);
    const codeFor = async (channelId: string) =>
      dataOf<{ inviteCode: string }>(
        await inject(app, bearer(creator), 'POST', `/api/draw/invite-code/${channelId}`, {
          isNew: true,
          expireHours: -1,
        }),
        'invite',
      ).inviteCode;
    const open: ChannelRef = { id: skeleton.openId, code: await codeFor(skeleton.openId), muted: false };
    const muted: ChannelRef = { id: skeleton.mutedId, code: await codeFor(skeleton.mutedId), muted: true };
    for (const [session, channel] of [
      [member, open],
      [removed, open],
      [bystander, open],
      // A member until `settle()` logs its token out.
      [revokedSession, open],
      [mutedMember, muted],
      [bystander, muted],
    ] as const) {
      dataOf(await inject(app, bearer(session), 'POST', `/api/draw/join-channel/${channel.code}`), 'join');
    }
    return new Scene(
      app,
      origin,
      creator,
      member,
      mutedMember,
      nonMember,
      removed,
      expiredInvitee,
      bystander,
      admin,
      { token: revokedSession.token, userId: revokedSession.user.id },
      open,
      muted,
      skeleton.expiredCode,
    );
  }

  /** The revoked token is logged out, the creator removes one member and mutes the quiet room: the standing every cell sees. */
  async settle(): Promise<void> {
    dataOf(
      await inject(this.app, { authorization: `Bearer ${this.revoked.token}` }, 'POST', '/api/login/logout'),
      'logout',
    );
    dataOf(
      await this.call(this.creator, 'POST', `/api/draw/remove-user/${this.open.id}/${this.removed.user.id}`),
      'remove',
    );
    dataOf(
      await this.call(this.creator, 'PUT', `/api/draw/channel/${this.muted.id}`, {
        title: 'quiet room',
        isBan: true,
      }),
      'mute',
    );
  }

  actor(role: Role): Actor {
    const live = (session: Session): Actor => ({
      role,
      headers: bearer(session),
      session,
      userId: session.user.id,
    });
    switch (role) {
      case 'anonymous':
        return { role, headers: {}, session: null, userId: null };
      case 'revoked token':
        return {
          role,
          headers: { authorization: `Bearer ${this.revoked.token}` },
          session: null,
          userId: this.revoked.userId,
        };
      case 'non-member':
        return live(this.nonMember);
      case 'member':
        return live(this.member);
      case 'muted member':
        return live(this.mutedMember);
      case 'creator':
        return live(this.creator);
      case 'removed member':
        return live(this.removed);
      case 'expired invite':
        return live(this.expiredInvitee);
      case 'admin':
        return live(this.admin);
    }
  }

  /**
   * The channel a role acts on. The creator acts on the muted room, so its cells also show that
   * the creator may still post under 全员禁言.
   */
  channelOf(role: Role): ChannelRef {
    return role === 'muted member' || role === 'creator' ? this.muted : this.open;
  }

  /** Who authors the role's "own" message or task: the role itself when it ever could post there, else the bystander. */
  authorFor(role: Role): Session {
    switch (role) {
      case 'member':
        return this.member;
      case 'muted member':
        return this.mutedMember;
      case 'creator':
        return this.creator;
      case 'removed member':
        return this.removed;
      default:
        return this.bystander;
    }
  }

  isMemberOf(role: Role, channel: ChannelRef): boolean {
    return MEMBER_ROLES.includes(role) && this.channelOf(role).id === channel.id;
  }

  once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let value = this.memo.get(key) as Promise<T> | undefined;
    if (!value) {
      value = make();
      this.memo.set(key, value);
    }
    return value;
  }

  call(
    who: Session | Actor | null,
    method: Method,
    url: string,
    payload?: unknown,
    extra?: Partial<InjectOptions>,
  ): Promise<HttpAnswer> {
    const headers = who === null ? {} : 'headers' in who ? who.headers : bearer(who);
    return inject(this.app, headers, method, url, payload, extra);
  }

  seq(channelId: string): Promise<number> {
    return this.app.services.hub.currentSeq(channelId);
  }

  /** Posts as `author`; the probes of many rows post more often than a person may, so a 429 waits its turn. */
  async postMessage(author: Session, channel: ChannelRef, content: string): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      const answer = await this.call(author, 'POST', `/api/draw/chat/${channel.id}`, { content });
      if (answer.status !== 429 || attempt >= RATE_LIMIT_RETRIES)
        return dataOf<{ id: string }>(answer, 'post message').id;
      await new Promise((r) => setTimeout(r, RATE_LIMIT_WAIT_MS));
    }
  }

  /** The channel's visible messages, read by its creator (a member of both rooms). */
  async messageIds(channel: ChannelRef): Promise<string[]> {
    const page = dataOf<{ messages: { id: string }[] }>(
      await this.call(this.creator, 'GET', `/api/draw/chat/${channel.id}?limit=100`),
      'page',
    );
    return page.messages.map((m) => m.id);
  }

  async submit(author: Session, kind: string, channel: ChannelRef, body: object): Promise<string> {
    return dataOf<{ taskId: string }>(
      await this.call(author, 'POST', `/api/mj/submit/${kind}/${channel.id}`, body),
      `submit ${kind}`,
    ).taskId;
  }

  /**
   * A task as the creator sees it (the creator belongs to both rooms), or as `viewer`: a task
   * waiting in its editor is its author's alone until submitted.
   */
  async task(taskId: string, viewer: Session | Actor = this.creator): Promise<Task> {
    return dataOf<Task>(await this.call(viewer, 'GET', `/api/mj/task/${taskId}/fetch`), 'fetch');
  }

  /** A task as stored, whoever may see it (an editor's task is its author's alone, even after the author was removed). */
  async storedTask(taskId: string): Promise<Task> {
    const doc = await this.app.storage.collection(Tasks).findOne({ _id: taskId });
    if (!doc) throw new Error(`no task ${taskId}`);
    return toTask(doc);
  }

  /** Waits (bounded) until a task has settled: finished, or parked waiting for modal input. */
  async settled(taskId: string, viewer: Session | Actor = this.creator): Promise<Task> {
    const deadline = Date.now() + TASK_WAIT_MS;
    for (;;) {
      const task = await this.task(taskId, viewer);
      if (SETTLED.has(task.status)) return task;
      if (Date.now() > deadline)
        throw new Error(`task ${taskId} still ${task.status} after ${TASK_WAIT_MS} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** A finished shorten by the bystander: cheap, and its buttons open a modal (prompt analyzer). */
  shortenTask(channel: ChannelRef): Promise<Task> {
    return this.once(`shorten:${channel.id}`, async () =>
      this.settled(
        await this.submit(this.bystander, 'shorten', channel, {
          prompt: 'a very small red fox sitting in the deep snow at dusk',
        }),
      ),
    );
  }

  /** A finished imagine by the bystander (it has a seed). */
  imagineTask(channel: ChannelRef): Promise<Task> {
    return this.once(`imagine:${channel.id}`, async () =>
      this.settled(await this.submit(this.bystander, 'imagine', channel, { prompt: 'lighthouse at dawn' })),
    );
  }

  /** A task waiting in MODAL that belongs to `author`: a prompt-analyzer button pressed on the shorten. */
  async modalTaskOf(author: Session, channel: ChannelRef): Promise<string> {
    const parent = await this.shortenTask(channel);
    const button = parent.buttons.find((b) => b.customId.startsWith('MJ::Job::PromptAnalyzer::'));
    if (!button)
      throw new Error(
        `shorten has no prompt-analyzer button: ${parent.buttons.map((b) => b.customId).join(', ')}`,
      );
    const taskId = await this.submit(author, 'action', channel, {
      taskId: parent.id,
      customId: button.customId,
    });
    const task = await this.settled(taskId, author);
    if (task.status !== TaskStatus.Modal) throw new Error(`expected a MODAL task, got ${task.status}`);
    return taskId;
  }

  async upload(owner: Session, count: number): Promise<string[]> {
    const { payload, contentType } = await multipartOf(count);
    const answer = await this.call(owner, 'POST', '/api/upload', payload, {
      headers: { 'content-type': contentType },
    });
    return dataOf<{ files: { id: string }[] }>(answer, 'upload').files.map((f) => f.id);
  }

  async order(owner: Session): Promise<string> {
    return dataOf<{ id: string }>(
      await this.call(owner, 'POST', '/api/home/order', { productId: 'month-basic' }),
      'order',
    ).id;
  }

  /** A creator's socket in the channel: once it has an event, every socket in the room has been sent it. */
  private control(channel: ChannelRef): Promise<TestSocket> {
    let socket = this.controls.get(channel.id);
    if (!socket) {
      socket = (async () => {
        const created = await connectSocket(this.origin, this.creator.token);
        this.sockets.push(created);
        const ack = await subscribe(created, channel.id);
        if (!ack.ok) throw new Error(`control socket refused: ${ack.message}`);
        return created;
      })();
      this.controls.set(channel.id, socket);
    }
    return socket;
  }

  /** The creator posts; answers whether `socket` received that message (judged once the control socket did). */
  async deliveredTo(socket: TestSocket, channel: ChannelRef): Promise<boolean> {
    const control = await this.control(channel);
    const messageId = await this.postMessage(this.creator, channel, `probe ${Date.now()}`);
    await control.waitFor((events) => events.some(isMessageEvent(messageId)));
    if (!socket.events.some(isMessageEvent(messageId)))
      await new Promise((r) => setTimeout(r, EVENT_GRACE_MS));
    return socket.events.some(isMessageEvent(messageId));
  }

  close(): void {
    for (const socket of this.sockets) socket.disconnect();
  }
}

/** Users whose login code is older than the resend wait once the clock has jumped (for the password reset row). */
export async function accountsForReset(
  app: TestApp,
  count: number,
): Promise<{ phone: string; userId: string }[]> {
  const accounts: { phone: string; userId: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const phone = nextPhone();
    accounts.push({ phone, userId: (await signInAt(app, phone)).user.id });
  }
  return accounts;
}
