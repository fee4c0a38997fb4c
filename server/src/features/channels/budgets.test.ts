import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits } from '@draw/shared';
import { injectorFor, startTestApp, type TestApp } from '../../../test/support/harness';
import { callsDuring } from '../../../test/support/calls';
import { Users } from '../auth/repository';
import { Events } from '../../realtime/repository';
import { Channels, Members, memberId } from './repository';
import { PROFILE_FANOUT_CHUNK } from './service';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
const { call, data } = injectorFor(() => app);
type Session = Awaited<ReturnType<TestApp['signIn']>>;

/** Channels stored as `create` stores them (faster than a request each): `creatorId`'s, with these members. */
async function seedChannels(
  count: number,
  creatorId: string,
  memberIds: readonly string[] = [creatorId],
): Promise<string[]> {
  const at = Date.now();
  const ids = Array.from({ length: count }, () => randomUUID());
  await app.storage.collection(Channels).insertMany(
    ids.map((id, i) => ({
      _id: id,
      title: `seeded ${i}`,
      isBan: false,
      creatorId,
      createdAt: at + i,
      updatedAt: at + i,
    })),
  );
  await app.storage.collection(Members).insertMany(
    ids.flatMap((id, i) =>
      [...new Set([creatorId, ...memberIds])].map((userId) => ({
        _id: memberId(id, userId),
        channelId: id,
        userId,
        joinedAt: at + i,
      })),
    ),
  );
  return ids;
}

const ownedLive = (userId: string) =>
  app.storage.collection(Channels).count({ creatorId: userId, deletedAt: { $exists: false } });
const membershipsOf = (userId: string) => app.storage.collection(Members).count({ userId });
const create = (session: Session, title = 'one more', language = 'en-US') =>
  app.http.inject({
    method: 'POST',
    url: '/api/draw/channel',
    payload: { title, isBan: false },
    headers: { ...session.auth, 'accept-language': language },
  });

describe('channels one person may own', () => {
  it(`refuses a channel beyond ${Limits.channelsOwnedMax} of one's own, in each language, and stores nothing; a deleted one makes room`, async () => {
    const ann = await app.signIn();
    const owned = await seedChannels(Limits.channelsOwnedMax, ann.user.id);
    for (const [language, message] of [
      [
        'en-US',
        `You have created ${Limits.channelsOwnedMax} channels, the most one person may have; delete one to create another`,
      ],
      ['zh-CN', `你已创建 ${Limits.channelsOwnedMax} 个频道，已达上限；删除一个频道后才能再创建`],
      ['zh-TW', `你已建立 ${Limits.channelsOwnedMax} 個頻道，已達上限；刪除一個頻道後才能再建立`],
    ] as const) {
      const res = await create(ann, 'one more', language);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, reason: 'forbidden', message });
    }
    expect(await ownedLive(ann.user.id)).toBe(Limits.channelsOwnedMax);
    expect(await app.storage.collection(Channels).count({ title: 'one more' })).toBe(0);

    expect((await call(ann, 'DELETE', `/api/draw/channel/${owned[0]}`)).statusCode).toBe(200);
    const res = await create(ann);
    expect(res.statusCode).toBe(200);
    expect(await ownedLive(ann.user.id)).toBe(Limits.channelsOwnedMax);
  });

  it('lets no more than the cap through when creates race at the last place', async () => {
    const ann = await app.signIn();
    await seedChannels(Limits.channelsOwnedMax - 1, ann.user.id);
    const answers = await Promise.all(Array.from({ length: 4 }, () => create(ann)));
    const made = answers.filter((res) => res.statusCode === 200).length;
    expect(made).toBeLessThanOrEqual(1);
    for (const res of answers.filter((r) => r.statusCode !== 200))
      expect(res.json()).toMatchObject({ success: false, reason: 'forbidden' });
    expect(await ownedLive(ann.user.id)).toBe(Limits.channelsOwnedMax - 1 + made);
    expect(await membershipsOf(ann.user.id)).toBe(Limits.channelsOwnedMax - 1 + made);
  });
});

describe('channels one person may be in', () => {
  it(`refuses a join or a create beyond ${Limits.channelMembershipsMax} memberships; leaving one makes room`, async () => {
    const owner = await app.signIn();
    const bob = await app.signIn();
    const joined = await seedChannels(Limits.channelMembershipsMax, owner.user.id, [bob.user.id]);
    const host = await app.signIn();
    const { id } = await data(call(host, 'POST', '/api/draw/channel', { title: 'one more', isBan: false }));
    const { inviteCode } = await data(call(host, 'POST', `/api/draw/invite-code/${id}`, {}));

    const refused = await call(bob, 'POST', `/api/draw/join-channel/${inviteCode}`);
    expect(refused.statusCode).toBe(400);
    const message = `You are in ${Limits.channelMembershipsMax} channels, the most one person may be in; leave one to join or create another`;
    expect(refused.json()).toMatchObject({ success: false, reason: 'forbidden', message });
    expect((await call(bob, 'GET', `/api/draw/channel/${id}`)).json()).toMatchObject({
      success: false,
      reason: 'forbidden',
    });
    expect((await create(bob)).json()).toMatchObject({ success: false, reason: 'forbidden', message });
    expect(await membershipsOf(bob.user.id)).toBe(Limits.channelMembershipsMax);

    expect((await call(bob, 'POST', `/api/draw/quit-channel/${joined[0]}`)).statusCode).toBe(200);
    expect(await data(call(bob, 'POST', `/api/draw/join-channel/${inviteCode}`))).toMatchObject({
      id,
      memberCount: 2,
    });
    // Already in: a second join of the same channel is no new membership, so it is not refused.
    expect((await call(bob, 'POST', `/api/draw/join-channel/${inviteCode}`)).statusCode).toBe(200);
  });
});

describe('work per request', () => {
  it("reads a channel's members' names in one statement, however many members it has", async () => {
    const owner = await app.signIn();
    const usersRead = async (channelId: string) =>
      (
        await callsDuring(app.storage, [Users], async () =>
          expect((await call(owner, 'GET', `/api/draw/channel/${channelId}`)).statusCode).toBe(200),
        )
      )[Users.name];
    const people = await Promise.all(Array.from({ length: 12 }, () => app.signIn()));
    const [small] = await seedChannels(
      1,
      owner.user.id,
      people.slice(0, 1).map((p) => p.user.id),
    );
    const [large] = await seedChannels(
      1,
      owner.user.id,
      people.map((p) => p.user.id),
    );
    const detail = await data(call(owner, 'GET', `/api/draw/channel/${large}`));
    expect(detail.members).toHaveLength(13);
    expect(new Set(detail.members.map((m: { name: string }) => m.name))).toEqual(
      new Set([owner.user.name, ...people.map((p) => p.user.name)]),
    );
    // The caller's session is read too (auth); the members' names add one statement, not one each.
    expect(await usersRead(large!)).toBe(await usersRead(small!));
  });
});

describe("a profile change told to a person's channels", () => {
  it(`goes out ${PROFILE_FANOUT_CHUNK} channels at a time, the event loop free between runs, and reaches every channel`, async () => {
    const ann = await app.signIn();
    const count = 3 * PROFILE_FANOUT_CHUNK + 5;
    const channelIds = await seedChannels(count, ann.user.id);
    const { hub, channels } = app.services;
    // Turns of the event loop, counted by a probe that runs once per turn (after I/O, like a request would).
    let turns = 0;
    let probing = true;
    const probe = () => {
      if (!probing) return;
      turns += 1;
      setImmediate(probe);
    };
    const turnAtPublish: number[] = [];
    const publish = hub.publish.bind(hub);
    hub.publish = (...args: Parameters<typeof hub.publish>) => {
      turnAtPublish.push(turns);
      return publish(...args);
    };
    try {
      setImmediate(probe);
      await channels.announceProfile(ann.user.id);
    } finally {
      probing = false;
      hub.publish = publish;
    }
    expect(turnAtPublish).toHaveLength(count);
    const perTurn = new Map<number, number>();
    for (const turn of turnAtPublish) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(PROFILE_FANOUT_CHUNK);
    expect(perTurn.size).toBeGreaterThanOrEqual(Math.ceil(count / PROFILE_FANOUT_CHUNK));
    const told = await app.storage
      .collection(Events)
      .count({ channelId: { $in: channelIds }, type: 'member.updated' });
    expect(told).toBe(count);
  });
});
