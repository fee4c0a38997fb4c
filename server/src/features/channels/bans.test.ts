import fs from 'node:fs';
import type { ChannelBan, ChannelsChange } from '@draw/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomOf } from '../../realtime/hub';
import { listen, startTestApp, type TestApp } from '../../../test/support/harness';
import { connectSocket, type TestSocket } from '../../../test/support/socket';
import { usersRepository } from '../auth/repository';
import { Bans, Members, channelsRepository, type MemberDoc } from './repository';
import { channelsService } from './service';

let app: TestApp;
let origin: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  app = await startTestApp();
  origin = await listen(app);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
  fs.rmSync(app.dataDir, { recursive: true, force: true });
});

type Session = Awaited<ReturnType<TestApp['signIn']>>;
const call = (
  session: Session | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  language = 'en-US',
) =>
  app.http.inject({
    method,
    url,
    payload,
    headers: { ...(session?.auth ?? {}), 'accept-language': language },
  });
const data = async (p: ReturnType<typeof call>) => (await p).json().data;

async function channelWith(...joiners: Session[]) {
  const creator = await app.signIn();
  const { id } = await data(call(creator, 'POST', '/api/draw/channel', { title: 'bans', isBan: false }));
  const { inviteCode } = await data(call(creator, 'POST', `/api/draw/invite-code/${id}`, {}));
  for (const joiner of joiners)
    expect((await call(joiner, 'POST', `/api/draw/join-channel/${inviteCode}`)).json().success).toBe(true);
  return { creator, id: id as string, code: inviteCode as string };
}

const memberIds = async (creator: Session, id: string) =>
  ((await data(call(creator, 'GET', `/api/draw/channel/${id}`))).members as { userId: string }[]).map(
    (m) => m.userId,
  );
const bansOf = async (creator: Session, id: string) =>
  (await data(call(creator, 'GET', `/api/draw/channel/${id}/bans`))) as ChannelBan[];
const newCode = async (creator: Session, id: string, body: object) =>
  (await data(call(creator, 'POST', `/api/draw/invite-code/${id}`, body))).inviteCode as string;
const channelIdsOf = async (session: Session) =>
  ((await data(call(session, 'GET', '/api/draw/channels'))) as { id: string }[]).map((c) => c.id);

async function socketFor(session: Session) {
  const socket = await connectSocket(origin, session.token);
  sockets.push(socket);
  const changes: ChannelsChange[] = [];
  socket.on('channels:changed', (change) => changes.push(change));
  return { socket, changes };
}

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('removal is a kick', () => {
  it('lets a removed member rejoin at once with the same invite code', async () => {
    const bob = await app.signIn();
    const { creator, id, code } = await channelWith(bob);
    expect((await call(creator, 'POST', `/api/draw/remove-user/${id}/${bob.user.id}`)).json().success).toBe(
      true,
    );
    expect((await call(bob, 'POST', `/api/draw/join-channel/${code}`)).json()).toMatchObject({
      success: true,
      data: { id },
    });
    expect(await memberIds(creator, id)).toContain(bob.user.id);
  });
});

describe('a ban', () => {
  it('removes the member live: others see the removal, their list drops the channel, their sockets leave the room', async () => {
    const bob = await app.signIn();
    const cat = await app.signIn();
    const { creator, id } = await channelWith(bob, cat);
    const catTab = await socketFor(cat);
    const bobTab = await socketFor(bob);
    expect(await catTab.socket.subscribe(id)).toMatchObject({ ok: true });
    expect(await bobTab.socket.subscribe(id)).toMatchObject({ ok: true });
    const inRoom = async () => (await app.io.in(roomOf(id)).fetchSockets()).map((s) => s.id);
    expect(await inRoom()).toContain(bobTab.socket.id);

    const res = await call(creator, 'POST', `/api/draw/channel/${id}/ban`, {
      userId: bob.user.id,
      reason: '  spam  ',
    });
    expect(res.json()).toMatchObject({ success: true, data: null });

    expect(await memberIds(creator, id)).not.toContain(bob.user.id);
    expect(await channelIdsOf(bob)).not.toContain(id);
    await until(() => catTab.socket.events.some((e) => e.type === 'member.removed'), 'the removal at cat');
    expect(catTab.socket.events.find((e) => e.type === 'member.removed')!.data).toMatchObject({
      userId: bob.user.id,
    });
    await until(() => bobTab.changes.length > 0, 'bob’s channel list change');
    expect(bobTab.changes).toEqual([
      expect.objectContaining({
        channelId: id,
        type: 'member.removed',
        data: expect.objectContaining({ userId: bob.user.id }),
      }),
    ]);
    // Cat's list is unchanged by someone else's ban.
    expect(catTab.changes).toEqual([]);
    expect(await inRoom()).not.toContain(bobTab.socket.id);
    expect(await inRoom()).toContain(catTab.socket.id);
    expect(await bobTab.socket.subscribe(id)).toMatchObject({ ok: false, reason: 'forbidden' });

    expect(await bansOf(creator, id)).toEqual([
      {
        userId: bob.user.id,
        name: bob.user.name,
        avatar: expect.any(String),
        bannedBy: creator.user.id,
        bannedAt: expect.any(Number),
        reason: 'spam',
      },
    ]);
  });

  it('refuses the banned user by every code, old or new, with the envelope in their language, and changes nothing', async () => {
    const bob = await app.signIn();
    const { creator, id, code } = await channelWith(bob);
    await data(call(creator, 'POST', `/api/draw/channel/${id}/ban`, { userId: bob.user.id }));
    const seq = await app.services.hub.currentSeq(id);
    const refusedWith = async (usable: string, language: string) => {
      const res = await call(bob, 'POST', `/api/draw/join-channel/${usable}`, undefined, language);
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    // The code it was banned under, the same code with a new expiry, then new codes.
    const codes = [code, await newCode(creator, id, { expireHours: 24 })];
    for (const usable of codes) {
      expect(await refusedWith(usable, 'en-US')).toEqual({
        code: 400,
        success: false,
        reason: 'banned',
        data: null,
        message:
          'You are banned from this channel: no invite link lets you join until its creator lifts the ban',
      });
    }
    codes.push(await newCode(creator, id, { isNew: true, expireHours: -1 }));
    expect(await refusedWith(codes[2]!, 'zh-CN')).toMatchObject({
      reason: 'banned',
      message: '你已被该频道的创建者封禁，在解除封禁之前无法通过任何邀请链接加入',
    });
    codes.push(await newCode(creator, id, { isNew: true, expireHours: 1 }));
    expect(await refusedWith(codes[3]!, 'zh-TW')).toMatchObject({
      reason: 'banned',
      message: '你已被該頻道的建立者停權，在解除停權之前無法透過任何邀請連結加入',
    });
    // Nor by the channel's id.
    expect((await call(bob, 'POST', `/api/draw/join-channel/${id}`)).json()).toMatchObject({
      success: false,
      reason: 'not_found',
    });

    expect(await memberIds(creator, id)).toEqual([creator.user.id]);
    expect(await app.services.hub.currentSeq(id)).toBe(seq);
    // The invite preview tells the banned user before they try; others see a joinable channel.
    expect(await data(call(bob, 'GET', `/api/login/channel/${codes[3]}`))).toMatchObject({
      valid: true,
      banned: true,
      channelId: null,
    });
    expect(await data(call(await app.signIn(), 'GET', `/api/login/channel/${codes[3]}`))).toMatchObject({
      valid: true,
      banned: false,
    });
    expect(await data(call(null, 'GET', `/api/login/channel/${codes[3]}`))).toMatchObject({
      valid: true,
      banned: false,
    });
  });

  it('is lifted by unbanning: the user joins again with a usable invite, and a second unban is refused', async () => {
    const bob = await app.signIn();
    const { creator, id, code } = await channelWith(bob);
    await data(call(creator, 'POST', `/api/draw/channel/${id}/ban`, { userId: bob.user.id }));
    expect((await call(bob, 'POST', `/api/draw/join-channel/${code}`)).json().reason).toBe('banned');

    expect(
      (await call(creator, 'DELETE', `/api/draw/channel/${id}/ban/${bob.user.id}`)).json(),
    ).toMatchObject({ success: true, data: null });
    expect(await bansOf(creator, id)).toEqual([]);
    expect((await call(bob, 'POST', `/api/draw/join-channel/${code}`)).json()).toMatchObject({
      success: true,
      data: { id },
    });
    expect(await memberIds(creator, id)).toContain(bob.user.id);
    expect(
      (await call(creator, 'DELETE', `/api/draw/channel/${id}/ban/${bob.user.id}`)).json(),
    ).toMatchObject({
      success: false,
      reason: 'not_found',
      message: 'That user is not banned from this channel',
    });
  });

  it('keeps out someone who already left, and banning twice keeps the first record', async () => {
    const bob = await app.signIn();
    const { creator, id, code } = await channelWith(bob);
    await data(call(bob, 'POST', `/api/draw/quit-channel/${id}`));
    const seq = await app.services.hub.currentSeq(id);
    await data(
      call(creator, 'POST', `/api/draw/channel/${id}/ban`, { userId: bob.user.id, reason: 'first' }),
    );
    await data(
      call(creator, 'POST', `/api/draw/channel/${id}/ban`, { userId: bob.user.id, reason: 'second' }),
    );
    // Nobody was in to remove: no event.
    expect(await app.services.hub.currentSeq(id)).toBe(seq);
    expect((await bansOf(creator, id)).map((b) => b.reason)).toEqual(['first']);
    expect((await call(bob, 'POST', `/api/draw/join-channel/${code}`)).json().reason).toBe('banned');
  });

  it('is only for the creator, never of the creator, of a real user, with a sane reason; refusals store nothing', async () => {
    const bob = await app.signIn();
    const cat = await app.signIn();
    const outsider = await app.signIn();
    const { creator, id } = await channelWith(bob, cat);
    await data(call(creator, 'POST', `/api/draw/channel/${id}/ban`, { userId: cat.user.id }));
    const bansBefore = await app.storage.collection(Bans).find({ channelId: id });
    const membersBefore = await app.storage.collection(Members).count({ channelId: id });

    for (const who of [bob, outsider]) {
      for (const [method, url, body] of [
        ['POST', `/api/draw/channel/${id}/ban`, { userId: creator.user.id }],
        ['POST', `/api/draw/channel/${id}/ban`, { userId: bob.user.id }],
        ['DELETE', `/api/draw/channel/${id}/ban/${cat.user.id}`, undefined],
        ['GET', `/api/draw/channel/${id}/bans`, undefined],
      ] as const) {
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json(), `${method} ${url}`).toMatchObject({ success: false, reason: 'forbidden' });
      }
    }
    for (const [method, url] of [
      ['POST', `/api/draw/channel/${id}/ban`],
      ['DELETE', `/api/draw/channel/${id}/ban/${cat.user.id}`],
      ['GET', `/api/draw/channel/${id}/bans`],
    ] as const) {
      expect(
        (await call(null, method, url, method === 'POST' ? { userId: bob.user.id } : undefined)).statusCode,
      ).toBe(401);
    }
    expect(
      (await call(creator, 'POST', `/api/draw/channel/${id}/ban`, { userId: creator.user.id })).json(),
    ).toMatchObject({
      success: false,
      reason: 'forbidden',
      message: 'The channel creator cannot be banned',
    });
    expect(
      (await call(creator, 'POST', `/api/draw/channel/${id}/ban`, { userId: 'no-such-user' })).json(),
    ).toMatchObject({ success: false, reason: 'not_found' });
    for (const body of [
      { userId: bob.user.id, reason: 'x'.repeat(201) },
      { userId: bob.user.id, reason: 'bell\u0007' },
      { userId: bob.user.id, reason: { text: 'x' } },
      {},
      { userId: '../x' },
    ]) {
      expect(
        (await call(creator, 'POST', `/api/draw/channel/${id}/ban`, body)).json(),
        JSON.stringify(body),
      ).toMatchObject({ success: false, reason: 'bad_request' });
    }

    expect(await app.storage.collection(Bans).find({ channelId: id })).toEqual(bansBefore);
    expect(await app.storage.collection(Members).count({ channelId: id })).toBe(membersBefore);
  });

  it("wins over a join that races it: a ban stored between the join's check and its insert undoes the join", async () => {
    const bob = await app.signIn();
    const { creator, id, code } = await channelWith();
    const repo = channelsRepository(app.storage);
    // The ban lands (and finds no member to remove) just after the join checked for one.
    const members = new Proxy(repo.members, {
      get(target, prop, receiver) {
        if (prop === 'add') {
          return async (doc: MemberDoc) => {
            await repo.bans.add({
              _id: `${id}:${bob.user.id}`,
              channelId: id,
              userId: bob.user.id,
              bannedBy: creator.user.id,
              bannedAt: Date.now(),
            });
            return target.add(doc);
          };
        }
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const racing = channelsService({
      repo: { ...repo, members },
      users: usersRepository(app.storage),
      hub: app.services.hub,
      now: Date.now,
      engines: ['builtin'],
    });
    const seq = await app.services.hub.currentSeq(id);
    await expect(racing.join(bob.user.id, code)).rejects.toMatchObject({ reason: 'banned' });
    expect(await memberIds(creator, id)).toEqual([creator.user.id]);
    // Nobody was told of a join that did not stand.
    expect(await app.services.hub.currentSeq(id)).toBe(seq);
  });
});
