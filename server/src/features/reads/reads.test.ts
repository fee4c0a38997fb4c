import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelUnread, ReadMark, UnreadActivity } from '@draw/shared';
import {
  closeWithSockets,
  injectorFor,
  listen,
  nextPhone,
  startTestApp,
  type TestApp,
} from '../../../test/support/harness';
import { connectSocket, type TestSocket } from '../../../test/support/socket';
import { callsDuring } from '../../../test/support/calls';
import { Channels, Members } from '../channels/repository';
import { ReadMarks } from './repository';

let app: TestApp;
let origin: string;
const sockets: TestSocket[] = [];
type Session = Awaited<ReturnType<TestApp['signIn']>>;

/** Moved past the sign-in code's resend wait, so one person can sign in on a second device. */
const clock = { offset: 0 };
beforeAll(async () => {
  app = await startTestApp({}, { now: () => Date.now() + clock.offset });
  origin = await listen(app);
});
afterAll(() => closeWithSockets(app, sockets));
const { call, data } = injectorFor(() => app);

async function channel(owner: Session, title: string, ...others: Session[]) {
  const { id } = await data(call(owner, 'POST', '/api/draw/channel', { title, isBan: false }));
  const { inviteCode } = await data(call(owner, 'POST', `/api/draw/invite-code/${id}`, {}));
  for (const other of others) await call(other, 'POST', `/api/draw/join-channel/${inviteCode}`);
  return id as string;
}
const post = async (session: Session, channelId: string, content: string) => {
  const res = await call(session, 'POST', `/api/draw/chat/${channelId}`, { content });
  expect(res.statusCode, res.body).toBe(200);
};
const unreadOf = async (session: Session, channelId: string): Promise<ChannelUnread | undefined> =>
  ((await data(call(session, 'GET', '/api/reads'))) as ChannelUnread[]).find(
    (c) => c.channelId === channelId,
  );
const until = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('unread marks', () => {
  it("counts others' messages after the mark, not one's own, and clears when read", async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const id = await channel(ann, 'studio', bob);
    await post(bob, id, 'one');
    await post(bob, id, 'two');
    await post(ann, id, 'mine');
    expect(await unreadOf(ann, id)).toMatchObject({ unread: 2, lastReadSeq: 0 });
    expect((await unreadOf(bob, id))?.unread).toBe(1);

    const read = (await data(call(ann, 'PUT', `/api/reads/${id}`, {}))) as ChannelUnread;
    expect(read).toMatchObject({ channelId: id, unread: 0 });
    expect(read.lastReadSeq).toBe(read.seq);
    await post(bob, id, 'three');
    expect(await unreadOf(ann, id)).toMatchObject({ unread: 1, lastReadSeq: read.seq });
  });

  it('reads up to a given seq, never backwards, and holds a seq past the newest at the newest', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const id = await channel(ann, 'steps', bob);
    await post(bob, id, 'a');
    const middle = (await unreadOf(ann, id))!.seq;
    await post(bob, id, 'b');
    await post(bob, id, 'c');
    expect(await data(call(ann, 'PUT', `/api/reads/${id}`, { seq: middle }))).toMatchObject({
      lastReadSeq: middle,
      unread: 2,
    });
    expect(await data(call(ann, 'PUT', `/api/reads/${id}`, { seq: 1 }))).toMatchObject({
      lastReadSeq: middle,
      unread: 2,
    });
    const all = (await data(call(ann, 'PUT', `/api/reads/${id}`, { seq: 1_000_000 }))) as ChannelUnread;
    expect(all).toMatchObject({ unread: 0, lastReadSeq: all.seq });
  });

  it('stops counting at the cap', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const id = await channel(ann, 'busy', bob);
    await post(bob, id, 'first');
    // The rest straight into the log: chat posts are rate limited per person.
    const message = (await app.services.messages.page(ann.user.id, id, undefined)).messages[0]!;
    for (let i = 0; i < 100; i++)
      await app.services.hub.publish(id, 'message.created', { ...message, id: `m${i}` });
    expect((await unreadOf(ann, id))?.unread).toBe(100);
  });

  it("refuses a non-member with the channel's own refusal and lists only the asker's channels", async () => {
    const ann = await app.signIn();
    const eve = await app.signIn();
    const id = await channel(ann, 'private');
    const res = await call(eve, 'PUT', `/api/reads/${id}`, {});
    expect(res.json()).toMatchObject({
      success: false,
      reason: 'forbidden',
      data: null,
      message: 'You are not a member of this channel',
    });
    expect(await unreadOf(eve, id)).toBeUndefined();
    expect((await call(null, 'GET', '/api/reads')).statusCode).toBe(401);
  });

  it('follows the person: a mark made on one device clears the other, live and over REST', async () => {
    const phoneNumber = nextPhone();
    const ann = await app.signIn(phoneNumber);
    clock.offset += 61_000;
    const annPhone = await app.signIn(phoneNumber);
    expect(annPhone.token).not.toBe(ann.token);
    const bob = await app.signIn();
    const id = await channel(ann, 'two-devices', bob);
    const laptop = await connectSocket(origin, ann.token);
    const phone = await connectSocket(origin, annPhone.token);
    const bobs = await connectSocket(origin, bob.token);
    sockets.push(laptop, phone, bobs);
    const activity: UnreadActivity[] = [];
    const bobsActivity: UnreadActivity[] = [];
    const marks: ReadMark[] = [];
    phone.on('unread:activity', (a) => activity.push(a));
    bobs.on('unread:activity', (a) => bobsActivity.push(a));
    phone.on('unread:read', (m) => marks.push(m));

    // Neither of Ann's sockets subscribes to the channel: the notice reaches her anyway.
    await post(bob, id, 'hello');
    await until(() => activity.length === 1, 'unread:activity');
    expect(activity[0]).toMatchObject({ channelId: id, authorId: bob.user.id });
    expect(bobsActivity).toEqual([]);
    expect((await unreadOf(annPhone, id))?.unread).toBe(1);

    const read = (await data(call(ann, 'PUT', `/api/reads/${id}`, {}))) as ChannelUnread;
    await until(() => marks.length === 1, 'unread:read');
    expect(marks[0]).toEqual({ channelId: id, lastReadSeq: read.seq });
    expect((await unreadOf(annPhone, id))?.unread).toBe(0);
  });
});

describe('work per request', () => {
  it("reads the person's memberships, their channels and their marks in one statement each, however many channels they are in", async () => {
    const few = await app.signIn();
    const many = await app.signIn();
    await channel(few, 'only one');
    const channels: string[] = [];
    for (let i = 0; i < 12; i++) channels.push(await channel(many, `many ${i}`));
    for (const channelId of channels.slice(0, 6)) await data(call(many, 'PUT', `/api/reads/${channelId}`));
    const readsFor = async (session: Session) => {
      let listed: ChannelUnread[] = [];
      const calls = await callsDuring(app.storage, [Members, Channels, ReadMarks], async () => {
        listed = (await data(call(session, 'GET', '/api/reads'))) as ChannelUnread[];
      });
      return { listed, calls };
    };
    const ofFew = await readsFor(few);
    const ofMany = await readsFor(many);
    expect(ofFew.listed).toHaveLength(1);
    expect(ofMany.listed.map((c) => c.channelId)).toEqual(channels);
    expect(ofMany.calls).toEqual(ofFew.calls);
    expect(ofMany.calls).toEqual({ [Members.name]: 1, [Channels.name]: 1, [ReadMarks.name]: 1 });
  });
});
