import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '@draw/shared';
import { listen, startTestApp, type TestApp } from '../../../test/support/harness';
import { connectSocket, type TestSocket } from '../../../test/support/socket';
import { openEmbeddedStorage } from '../../storage/embedded';
import { Channels, Members, memberId } from './repository';
import { Events } from '../../realtime/repository';

let app: TestApp;
let origin: string;
const sockets: TestSocket[] = [];
const clock = { offset: 0, now: () => Date.now() + clock.offset };

beforeAll(async () => {
  app = await startTestApp({}, { now: clock.now });
  origin = await listen(app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
});

type Session = Awaited<ReturnType<TestApp['signIn']>>;
const call = (
  session: Session | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  app.http.inject({
    method,
    url,
    payload,
    headers: { ...(session?.auth ?? {}), 'accept-language': 'en-US' },
  });
const data = async (p: ReturnType<typeof call>) => (await p).json().data;

async function socketFor(session: Session) {
  const socket = await connectSocket(origin, session.token);
  sockets.push(socket);
  return socket;
}

describe('channel lifecycle', () => {
  it('creates, lists, edits and shows a channel with its members', async () => {
    const ann = await app.signIn();
    const created = await data(call(ann, 'POST', '/api/draw/channel', { title: '  foxes  ', isBan: false }));
    expect(created).toMatchObject({ title: 'foxes', isBan: false, isCreator: true, memberCount: 1 });
    expect(await data(call(ann, 'GET', '/api/draw/channels'))).toEqual([created]);
    const edited = await data(
      call(ann, 'PUT', `/api/draw/channel/${created.id}`, { title: 'Foxes', isBan: true }),
    );
    expect(edited).toMatchObject({ title: 'Foxes', isBan: true });
    const detail = await data(call(ann, 'GET', `/api/draw/channel/${created.id}`));
    expect(detail.members).toEqual([expect.objectContaining({ userId: ann.user.id, isCreator: true })]);
  });

  it('lists each channel with its own member count, in the order the user joined', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const shared = await data(call(ann, 'POST', '/api/draw/channel', { title: 'shared', isBan: false }));
    const solo = await data(call(ann, 'POST', '/api/draw/channel', { title: 'solo', isBan: false }));
    const own = await data(call(bob, 'POST', '/api/draw/channel', { title: 'own', isBan: false }));
    const { inviteCode } = await data(call(ann, 'POST', `/api/draw/invite-code/${shared.id}`, {}));
    await data(call(bob, 'POST', `/api/draw/join-channel/${inviteCode}`));

    const annList = await data(call(ann, 'GET', '/api/draw/channels'));
    expect(
      annList.map((c: { title: string; memberCount: number; isCreator: boolean }) => [
        c.title,
        c.memberCount,
        c.isCreator,
      ]),
    ).toEqual([
      ['shared', 2, true],
      ['solo', 1, true],
    ]);
    const bobList = await data(call(bob, 'GET', '/api/draw/channels'));
    expect(
      bobList.map((c: { id: string; memberCount: number; isCreator: boolean }) => [
        c.id,
        c.memberCount,
        c.isCreator,
      ]),
    ).toEqual([
      [own.id, 1, true],
      [shared.id, 2, false],
    ]);
    // The list and the channel's own view agree.
    expect(annList[1]).toEqual(solo);
  });

  it('answers every change at once although the list is kept between calls: a join, a rename, a quit, a change made by another process', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const listed = async () =>
      (await data(call(ann, 'GET', '/api/draw/channels'))).map(
        (c: { title: string; memberCount: number }) => [c.title, c.memberCount],
      );
    const { id } = await data(call(ann, 'POST', '/api/draw/channel', { title: 'kept', isBan: false }));
    expect(await listed()).toEqual([['kept', 1]]);
    expect(await listed()).toEqual([['kept', 1]]);
    const { inviteCode } = await data(call(ann, 'POST', `/api/draw/invite-code/${id}`, {}));
    await data(call(bob, 'POST', `/api/draw/join-channel/${inviteCode}`));
    expect(await listed()).toEqual([['kept', 2]]);
    await data(call(ann, 'PUT', `/api/draw/channel/${id}`, { title: 'renamed', isBan: false }));
    expect(await listed()).toEqual([['renamed', 2]]);
    await data(call(bob, 'POST', `/api/draw/quit-channel/${id}`));
    expect(await listed()).toEqual([['renamed', 1]]);
    // Another process (an ops command) renames it through its own connection to the store.
    const other = openEmbeddedStorage(app.dataDir, 'ops');
    try {
      await other.collection(Channels).updateOne({ _id: id }, { $set: { title: 'by ops' } });
    } finally {
      await other.close();
    }
    expect(await listed()).toEqual([['by ops', 1]]);
  });

  it('refuses at once a member taken out and a channel deleted by another process, although access is kept between calls', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const { id } = await data(call(ann, 'POST', '/api/draw/channel', { title: 'gate', isBan: false }));
    const { inviteCode } = await data(call(ann, 'POST', `/api/draw/invite-code/${id}`, {}));
    await data(call(bob, 'POST', `/api/draw/join-channel/${inviteCode}`));
    // What the detail route answers: 200, or the refusal's reason (forbidden answers 400, see errors.ts).
    const detail = async (session: Session) => {
      const res = await call(session, 'GET', `/api/draw/channel/${id}`);
      return res.statusCode === 200 ? 200 : (res.json() as { reason: string }).reason;
    };
    expect([await detail(bob), await detail(bob), await detail(ann)]).toEqual([200, 200, 200]);

    // An ops command's own connection to the store: first bob's membership, then the channel.
    const other = openEmbeddedStorage(app.dataDir, 'ops');
    try {
      await other.collection(Members).deleteOne({ _id: memberId(id, bob.user.id) });
      expect([await detail(bob), await detail(ann)]).toEqual(['forbidden', 200]);
      await other.collection(Channels).updateOne({ _id: id }, { $set: { deletedAt: clock.now() } });
      expect(await detail(ann)).toBe('not_found');
    } finally {
      await other.close();
    }
  });

  it('refuses bad titles with a clear message and stores nothing', async () => {
    const ann = await app.signIn();
    for (const title of ['', '   ', 'x'.repeat(33), 'bad\u0007bell']) {
      const res = await call(ann, 'POST', '/api/draw/channel', { title, isBan: false });
      expect(res.json()).toMatchObject({ success: false, reason: 'bad_request' });
    }
    expect(await data(call(ann, 'GET', '/api/draw/channels'))).toEqual([]);
    expect((await call(ann, 'POST', '/api/draw/channel', { title: 'ok', isBan: 'yes' })).json().success).toBe(
      false,
    );
  });
});

describe('invites', () => {
  it('gives the current code, replaces it, changes its expiry, and only a usable code joins', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const { id } = await data(call(ann, 'POST', '/api/draw/channel', { title: 'invites', isBan: false }));
    const first = await data(call(ann, 'POST', `/api/draw/invite-code/${id}`, {}));
    expect(first).toMatchObject({
      inviteCode: expect.stringMatching(/^[\w-]{8,}$/),
      expireAt: null,
      inviteExpireTimeFormat: 'This link never expires',
    });
    expect((await data(call(ann, 'POST', `/api/draw/invite-code/${id}`))).inviteCode).toBe(first.inviteCode);

    const second = await data(
      call(ann, 'POST', `/api/draw/invite-code/${id}`, { isNew: true, expireHours: 1 }),
    );
    expect(second.inviteCode).not.toBe(first.inviteCode);
    expect(second.inviteExpireTimeFormat).toMatch(/^This link expires on /);
    expect((await call(bob, 'POST', `/api/draw/join-channel/${first.inviteCode}`)).json()).toMatchObject({
      success: false,
      reason: 'gone',
    });
    expect((await data(call(null, 'GET', `/api/login/channel/${first.inviteCode}`))).valid).toBe(false);

    const longer = await data(call(ann, 'POST', `/api/draw/invite-code/${id}`, { expireHours: 168 }));
    expect(longer.inviteCode).toBe(second.inviteCode);
    expect(longer.expireAt - clock.now()).toBeGreaterThan(167 * 3600_000);

    const preview = await data(call(null, 'GET', `/api/login/channel/${second.inviteCode}`));
    expect(preview).toEqual({
      valid: true,
      title: 'invites',
      creatorName: ann.user.name,
      memberCount: 1,
      channelId: null,
      banned: false,
    });
    const joined = await data(call(bob, 'POST', `/api/draw/join-channel/${second.inviteCode}`));
    expect(joined).toMatchObject({ id, isCreator: false, memberCount: 2 });
    expect((await data(call(bob, 'POST', `/api/draw/join-channel/${second.inviteCode}`))).memberCount).toBe(
      2,
    );
    expect((await data(call(bob, 'GET', `/api/login/channel/${second.inviteCode}`))).channelId).toBe(id);
  });

  it('stops an expired code from joining', async () => {
    const ann = await app.signIn();
    const eve = await app.signIn();
    const { id } = await data(call(ann, 'POST', '/api/draw/channel', { title: 'short', isBan: false }));
    const { inviteCode } = await data(
      call(ann, 'POST', `/api/draw/invite-code/${id}`, { isNew: true, expireHours: 1 }),
    );
    clock.offset += 3600_000 + 1;
    const res = await call(eve, 'POST', `/api/draw/join-channel/${inviteCode}`);
    expect(res.json()).toMatchObject({
      success: false,
      reason: 'gone',
      message: 'This invite link has expired or was replaced',
    });
    expect(await data(call(eve, 'GET', '/api/draw/channels'))).toEqual([]);
    expect((await call(eve, 'POST', '/api/draw/invite-code/' + id, { expireHours: 5 })).json().success).toBe(
      false,
    );
  });

  it('never revives an expired code: a new expiry or the empty body gives a new code', async () => {
    const ann = await app.signIn();
    const eve = await app.signIn();
    const { id } = await data(call(ann, 'POST', '/api/draw/channel', { title: 'revive', isBan: false }));
    const expired = await data(
      call(ann, 'POST', `/api/draw/invite-code/${id}`, { isNew: true, expireHours: 1 }),
    );
    clock.offset += 3600_000 + 1;

    const renewed = await data(call(ann, 'POST', `/api/draw/invite-code/${id}`, { expireHours: 24 }));
    expect(renewed.inviteCode).not.toBe(expired.inviteCode);
    expect(renewed.expireAt - clock.now()).toBeGreaterThan(23 * 3600_000);
    expect((await call(eve, 'POST', `/api/draw/join-channel/${expired.inviteCode}`)).json()).toMatchObject({
      success: false,
      reason: 'gone',
    });
    expect((await data(call(null, 'GET', `/api/login/channel/${expired.inviteCode}`))).valid).toBe(false);

    // The renewed code expires in turn; the empty body also answers a fresh one.
    clock.offset += 24 * 3600_000 + 1;
    const fresh = await data(call(ann, 'POST', `/api/draw/invite-code/${id}`, {}));
    expect(fresh).toMatchObject({ expireAt: null });
    expect(fresh.inviteCode).not.toBe(renewed.inviteCode);
    expect((await call(eve, 'POST', `/api/draw/join-channel/${renewed.inviteCode}`)).json()).toMatchObject({
      success: false,
      reason: 'gone',
    });
    expect(await data(call(eve, 'POST', `/api/draw/join-channel/${fresh.inviteCode}`))).toMatchObject({
      id,
      memberCount: 2,
    });
  });
});

describe('permission matrix', () => {
  it('lets each role do exactly what it may, for every channel route', async () => {
    const creator = await app.signIn();
    const member = await app.signIn();
    const outsider = await app.signIn();
    const removed = await app.signIn();
    const { id } = await data(call(creator, 'POST', '/api/draw/channel', { title: 'matrix', isBan: false }));
    const { inviteCode } = await data(call(creator, 'POST', `/api/draw/invite-code/${id}`, {}));
    await call(member, 'POST', `/api/draw/join-channel/${inviteCode}`);
    await call(removed, 'POST', `/api/draw/join-channel/${inviteCode}`);
    expect(
      (await call(creator, 'POST', `/api/draw/remove-user/${id}/${removed.user.id}`)).json().success,
    ).toBe(true);

    const routes = [
      {
        name: 'detail',
        run: (s: Session | null) => call(s, 'GET', `/api/draw/channel/${id}`),
        allowed: ['creator', 'member'],
      },
      {
        name: 'edit',
        run: (s: Session | null) =>
          call(s, 'PUT', `/api/draw/channel/${id}`, { title: 'matrix', isBan: false }),
        allowed: ['creator'],
      },
      {
        name: 'invite',
        run: (s: Session | null) => call(s, 'POST', `/api/draw/invite-code/${id}`, {}),
        allowed: ['creator'],
      },
      {
        name: 'remove-user',
        run: (s: Session | null) => call(s, 'POST', `/api/draw/remove-user/${id}/nobody`),
        allowed: [],
      },
    ];
    const roles = { anonymous: null, creator, member, outsider, removed } as const;
    for (const route of routes) {
      for (const [role, session] of Object.entries(roles)) {
        const res = await route.run(session);
        const expected = route.allowed.includes(role);
        expect({ route: route.name, role, success: res.json().success }).toEqual({
          route: route.name,
          role,
          success: expected,
        });
        if (role === 'anonymous') expect(res.statusCode).toBe(401);
        else if (!expected) expect(res.statusCode).not.toBe(403);
      }
    }
    expect((await call(creator, 'POST', `/api/draw/quit-channel/${id}`)).json()).toMatchObject({
      success: false,
      message: 'The creator cannot quit the channel; delete it instead',
    });
    expect(
      (await call(member, 'POST', `/api/draw/remove-user/${id}/${creator.user.id}`)).json().success,
    ).toBe(false);
    expect((await call(outsider, 'POST', `/api/draw/quit-channel/${id}`)).json().success).toBe(false);
    expect((await call(member, 'DELETE', `/api/draw/channel/${id}`)).json().success).toBe(false);
    expect((await call(removed, 'GET', '/api/draw/channels')).json().data).toEqual([]);
    expect((await call(member, 'POST', `/api/draw/quit-channel/${id}`)).json().success).toBe(true);
    expect((await call(creator, 'DELETE', `/api/draw/channel/${id}`)).json().success).toBe(true);
    expect((await call(creator, 'GET', `/api/draw/channel/${id}`)).json().success).toBe(false);
  });

  it('lets only members subscribe to a channel room', async () => {
    const creator = await app.signIn();
    const member = await app.signIn();
    const outsider = await app.signIn();
    const removed = await app.signIn();
    const { id } = await data(call(creator, 'POST', '/api/draw/channel', { title: 'sockets', isBan: false }));
    const { inviteCode } = await data(call(creator, 'POST', `/api/draw/invite-code/${id}`, {}));
    await call(member, 'POST', `/api/draw/join-channel/${inviteCode}`);
    await call(removed, 'POST', `/api/draw/join-channel/${inviteCode}`);
    await call(creator, 'POST', `/api/draw/remove-user/${id}/${removed.user.id}`);
    expect(await (await socketFor(creator)).subscribe(id)).toMatchObject({ ok: true });
    expect(await (await socketFor(member)).subscribe(id)).toMatchObject({ ok: true });
    expect(await (await socketFor(outsider)).subscribe(id)).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(await (await socketFor(removed)).subscribe(id)).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(await (await socketFor(member)).subscribe('not-a-channel')).toMatchObject({ ok: false });
  });

  it('refuses a socket without a valid, unused ticket', async () => {
    const ann = await app.signIn();
    const res = await fetch(`${origin}/api/ws/pre-connect`, {
      headers: { authorization: `Bearer ${ann.token}` },
    });
    const { data: pre } = (await res.json()) as { data: { ticket: string } };
    const { io } = await import('socket.io-client');
    const tryConnect = (auth: object) =>
      new Promise<string>((resolve) => {
        const s = io(origin, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
        s.on('connect', () => {
          s.disconnect();
          resolve('connected');
        });
        s.on('connect_error', (e) => resolve(e.message));
      });
    const v = PROTOCOL_VERSION;
    expect(await tryConnect({ ticket: pre.ticket, v })).toBe('connected');
    expect(await tryConnect({ ticket: pre.ticket, v })).toBe('invalid or expired ticket');
    expect(await tryConnect({ ticket: 'made-up', v })).toBe('invalid or expired ticket');
    expect(await tryConnect({ ticket: 'x', v: v + 1 })).toMatch(/unsupported protocol version/);
    expect((await fetch(`${origin}/api/ws/pre-connect`)).status).toBe(401);
  });
});

describe('live membership events', () => {
  it('pushes joins, edits, removals and deletion to members in order, and evicts the removed', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const cat = await app.signIn();
    const { id } = await data(call(ann, 'POST', '/api/draw/channel', { title: 'live', isBan: false }));
    const { inviteCode } = await data(call(ann, 'POST', `/api/draw/invite-code/${id}`, {}));
    const annSocket = await socketFor(ann);
    await annSocket.subscribe(id);
    await call(bob, 'POST', `/api/draw/join-channel/${inviteCode}`);
    const bobSocket = await socketFor(bob);
    expect(await bobSocket.subscribe(id, 0)).toMatchObject({ ok: true, seq: 1 });
    await call(cat, 'POST', `/api/draw/join-channel/${inviteCode}`);
    await call(ann, 'PUT', `/api/draw/channel/${id}`, { title: 'live!', isBan: true });
    await call(ann, 'POST', `/api/draw/remove-user/${id}/${bob.user.id}`);
    await call(ann, 'DELETE', `/api/draw/channel/${id}`);

    const annEvents = await annSocket.waitFor((e) => e.some((x) => x.type === 'channel.deleted'));
    expect(annEvents.map((e) => [e.seq, e.type])).toEqual([
      [1, 'member.joined'],
      [2, 'member.joined'],
      [3, 'channel.updated'],
      [4, 'member.removed'],
      [5, 'channel.deleted'],
    ]);
    expect(annEvents[2]!.data).toMatchObject({ title: 'live!', isBan: true, memberCount: 3 });
    // Bob got his backlog (seq 1) and everything until his removal, then nothing more.
    await new Promise((r) => setTimeout(r, 100));
    expect(bobSocket.events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it('replays exactly the missed events to a client that reconnects with afterSeq', async () => {
    const ann = await app.signIn();
    const { id } = await data(call(ann, 'POST', '/api/draw/channel', { title: 'gap', isBan: false }));
    const { inviteCode } = await data(call(ann, 'POST', `/api/draw/invite-code/${id}`, {}));
    for (let i = 0; i < 5; i++)
      await call(await app.signIn(), 'POST', `/api/draw/join-channel/${inviteCode}`);
    const late = await socketFor(ann);
    expect(await late.subscribe(id, 2)).toEqual({ ok: true, seq: 5 });
    await late.waitFor((e) => e.length === 3);
    expect(late.events.map((e) => e.seq)).toEqual([3, 4, 5]);
  });
});

describe('mute', () => {
  it('lets only the creator post in a muted channel', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const { id } = await data(call(ann, 'POST', '/api/draw/channel', { title: 'quiet', isBan: true }));
    const { inviteCode } = await data(call(ann, 'POST', `/api/draw/invite-code/${id}`, {}));
    await call(bob, 'POST', `/api/draw/join-channel/${inviteCode}`);
    const annUser = await app.services.auth.userForToken(ann.token);
    const bobUser = await app.services.auth.userForToken(bob.token);
    await expect(app.services.channels.assertCanPost(annUser!, id)).resolves.toMatchObject({ _id: id });
    await expect(app.services.channels.assertCanPost(bobUser!, id)).rejects.toMatchObject({
      reason: 'channel_muted',
    });
  });
});

describe('a member’s new name or avatar', () => {
  it('reaches every channel they are in, live, and not for a description alone', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const { id } = await data(call(ann, 'POST', '/api/draw/channel', { title: 'names', isBan: false }));
    const { inviteCode } = await data(call(ann, 'POST', `/api/draw/invite-code/${id}`, {}));
    await call(bob, 'POST', `/api/draw/join-channel/${inviteCode}`);
    const annSocket = await socketFor(ann);
    await annSocket.subscribe(id);
    await call(bob, 'PUT', '/api/home/info', { description: 'quiet' });
    await call(bob, 'PUT', '/api/home/info', { name: 'Bobby' });
    const events = await annSocket.waitFor((e) => e.some((x) => x.type === 'member.updated'));
    const updates = events.filter((e) => e.type === 'member.updated');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      channelId: id,
      data: { userId: bob.user.id, name: 'Bobby', isCreator: false },
    });
  });

  it('is in every channel’s log by the time the change is answered (a reload right after sees it)', async () => {
    const ann = await app.signIn();
    const ids: string[] = [];
    for (const title of ['one', 'two', 'three']) {
      ids.push((await data(call(ann, 'POST', '/api/draw/channel', { title, isBan: false }))).id);
    }
    await call(ann, 'PUT', '/api/home/info', { name: 'Annie' });
    const told = await app.storage
      .collection(Events)
      .find({ channelId: { $in: ids }, type: 'member.updated' });
    expect(told.map((event) => event.channelId).sort()).toEqual([...ids].sort());
  });
});
