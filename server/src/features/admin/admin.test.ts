import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus, type Task } from '@draw/shared';
import { Users } from '../auth/repository';
import { caller } from '../../../test/support/billing';
import {
  closeWithSockets,
  listen,
  nextPhone,
  startTestApp,
  type TestApp,
} from '../../../test/support/harness';
import { connectSocket, type TestSocket } from '../../../test/support/socket';

let app: TestApp;
let origin: string;
let clock = Date.now();
const sockets: TestSocket[] = [];
const call: ReturnType<typeof caller>['call'] = (session, method, url, payload) =>
  caller(app).call(session, method, url, payload);
const data = <T = unknown>(response: ReturnType<typeof call>) => caller(app).data<T>(response);
type Session = Awaited<ReturnType<TestApp['signIn']>>;

beforeAll(async () => {
  app = await startTestApp(
    { FREE_DAILY_CREDITS: '10', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
    { now: () => clock },
  );
  origin = await listen(app);
});
afterAll(() => closeWithSockets(app, sockets));

async function signInAdmin(): Promise<Session> {
  const session = await app.signIn();
  await app.storage.collection(Users).updateOne({ _id: session.user.id }, { $set: { isAdmin: true } });
  return session;
}

async function drawerWithChannel(): Promise<{ session: Session; channelId: string }> {
  const session = await app.signIn();
  const { id } = await data<{ id: string }>(
    call(session, 'POST', '/api/draw/channel', { title: 'room', isBan: false }),
  );
  return { session, channelId: id };
}

const balance = async (session: Session) =>
  (await data<{ balance: number }>(call(session, 'GET', '/api/home/credits'))).balance;

function nextEvent<T>(
  socket: TestSocket,
  name: 'credits:changed' | 'site:announcement' | 'image:hidden' | 'moderation:pause',
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} in 5 s`)), 5_000);
    socket.once(name, ((payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    }) as never);
  });
}

async function finished(session: Session, taskId: string): Promise<Task> {
  for (let i = 0; i < 200; i += 1) {
    const task = await data<Task>(call(session, 'GET', `/api/mj/task/${taskId}/fetch`));
    if (task.status === TaskStatus.Success || task.status === TaskStatus.Failure) return task;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('task did not finish');
}

describe('the console’s door', () => {
  it('does not exist for anyone but a site admin', async () => {
    const member = await app.signIn();
    const admin = await signInAdmin();
    const refused = await call(member, 'GET', '/api/admin/users');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false, reason: 'not_found' });
    expect((await call(null, 'GET', '/api/admin/users')).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/api/admin/users')).statusCode).toBe(200);
    // A revoked admin is refused at once.
    await data(call(admin, 'PUT', `/api/admin/users/${member.user.id}/admin`, { isAdmin: true }));
    expect((await call(member, 'GET', '/api/admin/overview')).statusCode).toBe(200);
    await data(call(admin, 'PUT', `/api/admin/users/${member.user.id}/admin`, { isAdmin: false }));
    expect((await call(member, 'GET', '/api/admin/overview')).statusCode).toBe(404);
  });
});

describe('banned words', () => {
  it('refuse a prompt that holds one, however it is written, by name, before any charge', async () => {
    const admin = await signInAdmin();
    const { session, channelId } = await drawerWithChannel();
    await data(call(admin, 'POST', '/api/admin/banned-words', { word: '违禁词' }));
    const before = await balance(session);
    const refused = await call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, {
      prompt: 'a cat holding 違 禁 詞 sign',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The prompt contains the banned word “违禁词”');
    const chinese = await app.http.inject({
      method: 'POST',
      url: `/api/mj/submit/imagine/${channelId}`,
      payload: { prompt: '违禁词' },
      headers: { ...session.auth, 'accept-language': 'zh-CN' },
    });
    expect(chinese.json().message).toMatch(/^提示词包含违禁词「违禁词」/);
    expect(await balance(session)).toBe(before);
    const hits = await data<{ items: { word: string; user: { id: string } }[] }>(
      call(admin, 'GET', `/api/admin/moderation/hits?userId=${session.user.id}`),
    );
    expect(hits.items).toHaveLength(2);
    expect(hits.items[0]).toMatchObject({ word: '违禁词', user: { id: session.user.id } });
    // The same word twice is one entry; a word of punctuation only is refused.
    expect((await call(admin, 'POST', '/api/admin/banned-words', { word: '違禁詞' })).statusCode).toBe(409);
    expect((await call(admin, 'POST', '/api/admin/banned-words', { word: '!!' })).statusCode).toBe(400);
  });

  it('pause a person’s submits after three hits within an hour, until an admin lifts it; their other tabs hear both', async () => {
    const admin = await signInAdmin();
    const { session, channelId } = await drawerWithChannel();
    // Another tab of the same person: it did not submit, and still counts down, then stops.
    const otherTab = await connectSocket(origin, session.token);
    sockets.push(otherTab);
    let heardBeforeThePause = false;
    otherTab.once('moderation:pause', () => (heardBeforeThePause = true));
    await data(call(admin, 'POST', '/api/admin/banned-words', { word: 'forbiddenthing' }));
    for (let i = 0; i < 2; i += 1)
      await call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt: 'a FORBIDDENTHING' });
    // Two hits are not a pause: nothing is announced.
    expect(heardBeforeThePause).toBe(false);
    const pauseHeard = nextEvent<{ pausedUntil: number | null }>(otherTab, 'moderation:pause');
    const third = await call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, {
      prompt: 'forbidden thing',
    });
    expect(third.json().message).toMatch(/paused for 60 min/);
    // The refusal says when the pause ends, for the composer to count down to it.
    const pausedUntil = clock + 60 * 60_000;
    expect(third.json().data).toEqual({ pausedUntil });
    const clean = await call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt: 'a kite' });
    expect(clean.statusCode).toBe(400);
    expect(clean.json().message).toMatch(/paused: 60 min left/);
    expect(clean.json()).toMatchObject({ reason: 'forbidden', data: { pausedUntil } });
    const detail = await data<{ user: { pausedUntil: number | null } }>(
      call(admin, 'GET', `/api/admin/users/${session.user.id}`),
    );
    expect(detail.user.pausedUntil).not.toBeNull();
    expect(await pauseHeard).toEqual({ pausedUntil });
    const liftHeard = nextEvent<{ pausedUntil: number | null }>(otherTab, 'moderation:pause');
    await data(call(admin, 'DELETE', `/api/admin/users/${session.user.id}/pause`));
    expect(await liftHeard).toEqual({ pausedUntil: null });
    expect(
      (await call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt: 'a kite' })).statusCode,
    ).toBe(200);
  });

  it('do not catch a Latin word inside another word', async () => {
    const admin = await signInAdmin();
    const { session, channelId } = await drawerWithChannel();
    await data(call(admin, 'POST', '/api/admin/banned-words', { word: 'app' }));
    const answer = await call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, {
      prompt: 'an apple tree',
    });
    expect(answer.statusCode).toBe(200);
    await data(call(admin, 'DELETE', `/api/admin/banned-words/${(await wordId(admin, 'app'))!}`));
  });
});

async function wordId(admin: Session, word: string) {
  const words = await data<{ id: string; word: string }[]>(call(admin, 'GET', '/api/admin/banned-words'));
  return words.find((w) => w.word === word)?.id;
}

describe('people', () => {
  it('an adjustment is a ledger entry the person sees, and their meter hears of it live', async () => {
    const admin = await signInAdmin();
    const { session } = await drawerWithChannel();
    const socket = await connectSocket(origin, session.token);
    sockets.push(socket);
    const before = await balance(session);
    const heard = nextEvent<{ balance: number }>(socket, 'credits:changed');
    const answer = await data<{ balance: number; entry: { kind: string; note: string } }>(
      call(admin, 'POST', `/api/admin/users/${session.user.id}/credits`, {
        delta: 50,
        reason: 'sorry for the outage',
      }),
    );
    expect(answer).toMatchObject({
      balance: before + 50,
      entry: { kind: 'adjust', note: 'sorry for the outage' },
    });
    expect(await heard).toEqual({ balance: before + 50 });
    expect(await balance(session)).toBe(before + 50);
    const taken = await call(admin, 'POST', `/api/admin/users/${session.user.id}/credits`, {
      delta: -(before + 51),
      reason: 'too much',
    });
    expect(taken.statusCode).toBe(400);
    expect(await balance(session)).toBe(before + 50);
    const audit = await data<{ items: { action: string; target: string; after: unknown }[] }>(
      call(admin, 'GET', `/api/admin/audit?target=${session.user.id}`),
    );
    expect(audit.items[0]).toMatchObject({ action: 'users.credits', after: { delta: 50 } });
  });

  it('a disabled person is signed out at once and told why at login; enabled, they sign in again', async () => {
    const admin = await signInAdmin();
    const phone = nextPhone();
    const session = await app.signIn(phone);
    const socket = await connectSocket(origin, session.token);
    sockets.push(socket);
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    await data(call(admin, 'POST', `/api/admin/users/${session.user.id}/disable`, { reason: 'spam' }));
    await closed;
    expect((await call(session, 'GET', '/api/home/credits')).statusCode).toBe(401);
    clock += 61_000;
    const sent = await app.http.inject({
      method: 'GET',
      url: `/api/login/send-login-code?phone=${phone}`,
      remoteAddress: '10.77.0.1',
    });
    const login = await app.http.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { loginType: 'Captcha', account: phone, code: sent.json().data.devCode },
      remoteAddress: '10.77.0.1',
      headers: { 'accept-language': 'en-US' },
    });
    expect(login.json()).toMatchObject({ success: false, message: 'This account is disabled: spam' });
    await data(call(admin, 'POST', `/api/admin/users/${session.user.id}/enable`));
    clock += 61_000;
    const again = await app.signIn(phone);
    expect(again.token).toBeTruthy();
  });

  it('search finds a person by phone, name or id', async () => {
    const admin = await signInAdmin();
    const phone = nextPhone();
    const session = await app.signIn(phone);
    for (const q of [phone.slice(-6), session.user.id])
      expect(
        (await data<{ items: { id: string }[] }>(call(admin, 'GET', `/api/admin/users?q=${q}`))).items.map(
          (u) => u.id,
        ),
      ).toContain(session.user.id);
  });
});

describe('reports and hidden images', () => {
  it('a member reports an image; the admin hides it: gone from the archive, the feed and /files, live', async () => {
    const admin = await signInAdmin();
    const { session: author, channelId } = await drawerWithChannel();
    const other = await app.signIn();
    const { inviteCode } = await data<{ inviteCode: string }>(
      call(author, 'POST', `/api/draw/invite-code/${channelId}`, { isNew: true, expireHours: -1 }),
    );
    await data(call(other, 'POST', `/api/draw/join-channel/${inviteCode}`));
    const { taskId } = await data<{ taskId: string }>(
      call(author, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt: 'a lighthouse' }),
    );
    const task = await finished(author, taskId);
    expect(task.status).toBe(TaskStatus.Success);
    expect((await fetch(`${origin}${task.imageUrl}`)).status).toBe(200);

    // Someone who cannot see it cannot report it.
    const stranger = await app.signIn();
    expect((await call(stranger, 'POST', `/api/archive/report/${taskId}`, { reason: 'x' })).statusCode).toBe(
      404,
    );
    await data(call(other, 'POST', `/api/archive/report/${taskId}`, { reason: 'not ok' }));
    const open = await data<{ items: { id: string; reporters: { id: string }[] }[] }>(
      call(admin, 'GET', '/api/admin/reports'),
    );
    expect(open.items.find((r) => r.id === taskId)?.reporters.map((r) => r.id)).toEqual([other.user.id]);

    const socket = await connectSocket(origin, other.token);
    sockets.push(socket);
    const heard = nextEvent<{ taskId: string; hidden: boolean }>(socket, 'image:hidden');
    await data(call(admin, 'POST', `/api/admin/reports/${taskId}/resolve`, { decision: 'hide' }));
    expect(await heard).toMatchObject({ taskId, channelId, hidden: true });
    const archive = await data<{ items: { task: { id: string } }[] }>(call(other, 'GET', '/api/archive'));
    expect(archive.items.map((item) => item.task.id)).not.toContain(taskId);
    const feed = await data<Task[]>(call(other, 'POST', `/api/draw/tasks/${channelId}`, { ids: [taskId] }));
    expect(feed.map((t) => t.id)).not.toContain(taskId);
    expect((await fetch(`${origin}${task.imageUrl}`)).status).toBe(404);
    const hidden = await data<{ items: { id: string }[] }>(
      call(admin, 'GET', '/api/admin/reports?status=hidden'),
    );
    expect(hidden.items.map((r) => r.id)).toContain(taskId);
  });

  it('a browser that kept a hidden image is refused it on its next look; an admin still sees it', async () => {
    const admin = await signInAdmin();
    const { session: author, channelId } = await drawerWithChannel();
    const { taskId } = await data<{ taskId: string }>(
      call(author, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt: 'a harbour' }),
    );
    const task = await finished(author, taskId);
    const url = `${origin}${task.imageUrl}`;
    // The member's browser keeps the image, but must ask again before showing it.
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const kept = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(kept.status).toBe(304);

    await data(call(admin, 'PUT', `/api/admin/tasks/${taskId}/hidden`, { hidden: true }));
    const refused = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const asAdmin = { authorization: `Bearer ${admin.token}` };
    expect((await fetch(url, { headers: { ...asAdmin, 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(url, { headers: asAdmin })).status).toBe(200);
    // The member's own token opens nothing either.
    expect((await fetch(url, { headers: { authorization: `Bearer ${author.token}` } })).status).toBe(404);
  });
});

describe('the site', () => {
  it('an announcement reaches every open page live and every new one on load', async () => {
    const admin = await signInAdmin();
    const session = await app.signIn();
    const socket = await connectSocket(origin, session.token);
    sockets.push(socket);
    const heard = nextEvent<{ text: string | null }>(socket, 'site:announcement');
    await data(call(admin, 'PUT', '/api/admin/announcement', { text: 'Maintenance at 22:00' }));
    expect((await heard).text).toBe('Maintenance at 22:00');
    expect(await data(call(null, 'GET', '/api/home/announcement'))).toMatchObject({
      text: 'Maintenance at 22:00',
    });
    await data(call(admin, 'PUT', '/api/admin/announcement', { text: null }));
    expect(await data(call(null, 'GET', '/api/home/announcement'))).toMatchObject({ text: null });
  });

  it('the overview, engines, orders, products, codes, channels and tasks answer in the table’s shapes', async () => {
    const admin = await signInAdmin();
    const overview = await data<{ queue: { engine: string }[]; tasksByDay: unknown[] }>(
      call(admin, 'GET', '/api/admin/overview?days=3'),
    );
    expect(overview.tasksByDay).toHaveLength(3);
    expect(overview.queue.map((row) => row.engine)).toEqual(app.services.engines.names);
    expect(await data<unknown[]>(call(admin, 'GET', '/api/admin/engines'))).toHaveLength(
      app.services.engines.names.length,
    );
    await data(call(admin, 'GET', '/api/admin/orders?status=paid'));
    await data(call(admin, 'GET', '/api/admin/tasks?status=SUCCESS'));
    await data(call(admin, 'GET', '/api/admin/channels?q=room'));
    const product = await data<{ id: string; enabled: boolean }>(
      call(admin, 'POST', '/api/admin/products', { name: 'Trial', price: 100, period: 'Day', credits: 5 }),
    );
    const retired = await data<{ enabled: boolean }>(
      call(admin, 'DELETE', `/api/admin/products/${product.id}`),
    );
    expect(retired.enabled).toBe(false);
    const forSale = await data<{ id: string }[]>(call(null, 'GET', '/api/home/products'));
    expect(forSale.map((p) => p.id)).not.toContain(product.id);
    const { batchId, codes } = await data<{ batchId: string; codes: string[] }>(
      call(admin, 'POST', '/api/admin/codes', { credits: 5, count: 3 }),
    );
    const csv = await call(admin, 'GET', `/api/admin/codes/export?batchId=${batchId}`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.trim().split('\r\n')).toHaveLength(4);
    expect(await data(call(admin, 'POST', '/api/admin/codes/revoke', { batchId }))).toEqual({ revoked: 3 });
    const member = await app.signIn();
    expect((await call(member, 'POST', `/api/home/redeem/${codes[0]}`)).statusCode).not.toBe(200);
    const prices = await data<{ site: Record<string, number> }>(
      call(admin, 'PUT', '/api/admin/prices', { action: 'IMAGINE', price: 3 }),
    );
    expect(prices.site.IMAGINE).toBe(3);
    const credits = await data<{ prices: Record<string, number> }>(call(member, 'GET', '/api/home/credits'));
    expect(credits.prices.IMAGINE).toBe(3);
    await data(call(admin, 'PUT', '/api/admin/prices', { action: 'IMAGINE' }));
    expect(
      (await data<{ prices: Record<string, number> }>(call(member, 'GET', '/api/home/credits'))).prices
        .IMAGINE,
    ).toBe(2);
  });
});
