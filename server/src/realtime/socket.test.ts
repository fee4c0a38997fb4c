import fs from 'node:fs';
import {
  CatchUp,
  HandshakeRefusal,
  type ChannelsChange,
  type SubscribeAck,
  type SubscribeRequest,
} from '@draw/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, startTestApp, type TestApp } from '../../test/support/harness';
import { textMessageIn } from '../../test/support/messages';
import { connectSocket, type TestSocket } from '../../test/support/socket';
import { SOCKETS_PER_USER_MAX, SUBSCRIBE_LIMIT } from './limits';

let app: TestApp;
let origin: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  app = await startTestApp();
  origin = await listen(app);
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
  fs.rmSync(app.dataDir, { recursive: true, force: true });
});

type Session = Awaited<ReturnType<TestApp['signIn']>>;
const call = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.http.inject({ method, url, payload, headers: session.auth });
const data = async (p: ReturnType<typeof call>) => (await p).json().data;

/** A real socket of the session's user that also records its `channels:changed`. */
async function socketFor(session: Session) {
  const socket = await connectSocket(origin, session.token);
  sockets.push(socket);
  const changes: ChannelsChange[] = [];
  socket.on('channels:changed', (change) => changes.push(change));
  const waitForChanges = async (count: number) => {
    const deadline = Date.now() + 5_000;
    while (changes.length < count) {
      if (Date.now() > deadline) throw new Error(`timed out; got ${changes.map((c) => c.type).join(', ')}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return changes;
  };
  return { socket, changes, waitForChanges };
}

async function channelOf(owner: Session, title: string) {
  const { id } = await data(call(owner, 'POST', '/api/draw/channel', { title, isBan: false }));
  const { inviteCode } = await data(call(owner, 'POST', `/api/draw/invite-code/${id}`, {}));
  return {
    id: id as string,
    join: (who: Session) => call(who, 'POST', `/api/draw/join-channel/${inviteCode}`),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 100));
const summary = (changes: ChannelsChange[]) => changes.map((c) => [c.channelId, c.type]);

describe('channel list changes reach members watching another channel', () => {
  it('sends a member renames, mutes, deletion and their own removal, and nothing to outsiders', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const eve = await app.signIn();
    const eveTab = await socketFor(eve);
    const x = await channelOf(ann, 'x');
    const y = await channelOf(ann, 'y');
    await x.join(bob);
    await y.join(bob);
    const bobTab = await socketFor(bob);
    expect(await bobTab.socket.subscribe(y.id)).toMatchObject({ ok: true });

    await call(ann, 'PUT', `/api/draw/channel/${x.id}`, { title: 'x renamed', isBan: true });
    await call(ann, 'POST', `/api/draw/remove-user/${y.id}/${bob.user.id}`);
    await call(ann, 'DELETE', `/api/draw/channel/${x.id}`);

    const changes = await bobTab.waitForChanges(3);
    expect(summary(changes)).toEqual([
      [x.id, 'channel.updated'],
      [y.id, 'member.removed'],
      [x.id, 'channel.deleted'],
    ]);
    expect(changes[0]).toMatchObject({ seq: 2, data: { title: 'x renamed', isBan: true } });
    expect(changes[1]!.data).toMatchObject({ userId: bob.user.id });
    // The channel events themselves still go to the watched room only: y's removal, not x's rename.
    await settle();
    expect(bobTab.socket.events.map((e) => [e.channelId, e.type])).toEqual([[y.id, 'member.removed']]);
    expect(bobTab.changes).toHaveLength(3);
    expect(eveTab.changes).toEqual([]);
  });

  it('tells a member who quits in one tab, and shows a join from another tab, only to that member', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const cat = await app.signIn();
    const x = await channelOf(ann, 'quit-join');
    const annTab = await socketFor(ann);
    const bobTab = await socketFor(bob);
    const catTab = await socketFor(cat);
    await x.join(cat);

    await x.join(bob);
    await call(bob, 'POST', `/api/draw/quit-channel/${x.id}`);
    const changes = await bobTab.waitForChanges(2);
    expect(summary(changes)).toEqual([
      [x.id, 'member.joined'],
      [x.id, 'member.left'],
    ]);
    expect(changes.every((c) => 'userId' in c.data && c.data.userId === bob.user.id)).toBe(true);
    await settle();
    // Other members' lists do not change when someone else joins or leaves.
    expect(annTab.changes).toEqual([]);
    expect(summary(catTab.changes)).toEqual([[x.id, 'member.joined']]);
  });
});

/** The next membership check answers as usual, then waits until `release()`: a window to change things in. */
function holdFirstMembershipCheck() {
  const channels = app.services.channels;
  const check = channels.canSubscribe.bind(channels);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let checked!: () => void;
  const firstCheckDone = new Promise<void>((resolve) => (checked = resolve));
  vi.spyOn(channels, 'canSubscribe').mockImplementationOnce(async (userId, channelId) => {
    const answer = await check(userId, channelId);
    checked();
    await released;
    return answer;
  });
  return { firstCheckDone, release };
}

describe('subscribing races a removal', () => {
  it('refuses and keeps out a member removed between the membership check and the room join', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const x = await channelOf(ann, 'race');
    await x.join(bob);
    const bobTab = await socketFor(bob);

    // The first membership check answers "member", then waits while ann removes bob.
    const { firstCheckDone, release } = holdFirstMembershipCheck();

    const ack = bobTab.socket.subscribe(x.id);
    await firstCheckDone;
    expect((await call(ann, 'POST', `/api/draw/remove-user/${x.id}/${bob.user.id}`)).json().success).toBe(
      true,
    );
    release();
    expect(await ack).toMatchObject({ ok: false, reason: 'forbidden' });

    // Nothing that happens in the channel afterwards reaches bob.
    await call(ann, 'PUT', `/api/draw/channel/${x.id}`, { title: 'after bob', isBan: false });
    await call(ann, 'POST', `/api/draw/chat/${x.id}`, { content: 'bob cannot read this' });
    await settle();
    expect(bobTab.socket.events).toEqual([]);
  });

  it('refuses a channel deleted between the check and the join', async () => {
    const ann = await app.signIn();
    const x = await channelOf(ann, 'gone');
    const annTab = await socketFor(ann);
    const { firstCheckDone, release } = holdFirstMembershipCheck();

    const ack = annTab.socket.subscribe(x.id);
    await firstCheckDone;
    await call(ann, 'DELETE', `/api/draw/channel/${x.id}`);
    release();
    expect(await ack).toMatchObject({ ok: false, reason: 'forbidden' });
  });
});

describe('catching up while the channel is busy', () => {
  it('sends the missed events before any live one, each once, in seq order', async () => {
    const ann = await app.signIn();
    const x = await channelOf(ann, 'busy');
    for (let i = 0; i < 5; i++) await call(ann, 'POST', `/api/draw/chat/${x.id}`, { content: `before ${i}` });
    const tab = await socketFor(ann);
    const hub = app.services.hub;
    const read = hub.eventsAfter.bind(hub);
    // Someone posts while the backlog is being read.
    vi.spyOn(hub, 'eventsAfter').mockImplementationOnce(async (channelId, afterSeq, upToSeq) => {
      void call(ann, 'POST', `/api/draw/chat/${x.id}`, { content: 'during catch-up' });
      await new Promise((r) => setTimeout(r, 100));
      return read(channelId, afterSeq, upToSeq);
    });

    const ack = await tab.socket.subscribe(x.id, 1);
    expect(ack).toMatchObject({ ok: true });
    const last = (ack as { seq: number }).seq + 1;
    const deadline = Date.now() + 5_000;
    while (!tab.socket.events.some((e) => e.seq === last) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    const seqs = tab.socket.events.map((e) => e.seq);
    expect(seqs).toEqual(Array.from({ length: last - 1 }, (_, i) => i + 2));
  });
});

describe('catch-up is bounded', () => {
  /** A channel of ann's with `count` events in its log (published straight to the hub: quick). */
  async function channelWithEvents(count: number) {
    const ann = await app.signIn();
    const x = await channelOf(ann, 'long');
    for (let i = 0; i < count; i++) await say(x.id, `old ${i}`);
    return { ann, x, head: count };
  }
  const say = (channelId: string, content: string) =>
    app.services.hub.publish(channelId, 'message.created', textMessageIn(channelId, content));
  const subscribe = (socket: Awaited<ReturnType<typeof socketFor>>['socket'], request: SubscribeRequest) =>
    new Promise<SubscribeAck>((resolve) => socket.emit('channel:subscribe', request, resolve));

  it('sends a paged catch-up a page per request, the whole backlog once and in order before any live event', async () => {
    const { ann, x, head } = await channelWithEvents(450);
    const tab = await socketFor(ann);
    const first = await subscribe(tab.socket, { channelId: x.id, afterSeq: 0, paged: true });
    // The page's events came before the ack.
    expect(first).toEqual({ ok: true, seq: head, more: true });
    expect(tab.socket.events.map((e) => e.seq)).toEqual(
      Array.from({ length: CatchUp.pageSize }, (_, i) => i + 1),
    );
    // Published between pages: it must come after the backlog, not in the middle of it.
    await say(x.id, 'live');
    await settle();
    expect(tab.socket.events).toHaveLength(CatchUp.pageSize);
    let ack = first;
    while (ack.ok && ack.more)
      ack = await subscribe(tab.socket, {
        channelId: x.id,
        afterSeq: tab.socket.events.at(-1)!.seq,
        paged: true,
      });
    expect(ack).toEqual({ ok: true, seq: head + 1 });
    await say(x.id, 'live 2');
    await tab.socket.waitFor((events) => events.some((e) => e.seq === head + 2));
    expect(tab.socket.events.map((e) => e.seq)).toEqual(Array.from({ length: head + 2 }, (_, i) => i + 1));
  });

  it('answers a backlog past the limit, or past one page for a client that does not page, with a resync and no events', async () => {
    const { ann, x, head } = await channelWithEvents(CatchUp.maxBacklog + 5);
    const tab = await socketFor(ann);
    expect(await subscribe(tab.socket, { channelId: x.id, afterSeq: 0, paged: true })).toEqual({
      ok: true,
      seq: head,
    });
    expect(await subscribe(tab.socket, { channelId: x.id, afterSeq: head - CatchUp.pageSize - 1 })).toEqual({
      ok: true,
      seq: head,
    });
    await settle();
    expect(tab.socket.resyncs).toEqual([x.id, x.id]);
    expect(tab.socket.events).toEqual([]);
    // Within one page, a client that does not page gets it all after the ack, as before.
    expect(await subscribe(tab.socket, { channelId: x.id, afterSeq: head - 3 })).toEqual({
      ok: true,
      seq: head,
    });
    expect((await tab.socket.waitFor((events) => events.length === 3)).map((e) => e.seq)).toEqual([
      head - 2,
      head - 1,
      head,
    ]);
  });

  it('tells a client that saw numbers the log no longer has to reload (steps lost with the machine, a restored backup)', async () => {
    const { ann, x, head } = await channelWithEvents(3);
    const tab = await socketFor(ann);
    expect(await subscribe(tab.socket, { channelId: x.id, afterSeq: head + 2, paged: true })).toEqual({
      ok: true,
      seq: head,
    });
    await settle();
    expect(tab.socket.resyncs).toEqual([x.id]);
    // Up to date is not ahead: no reload.
    expect(await subscribe(tab.socket, { channelId: x.id, afterSeq: head, paged: true })).toEqual({
      ok: true,
      seq: head,
    });
    await settle();
    expect(tab.socket.resyncs).toEqual([x.id]);
  });

  it('limits subscribes per user, and another member is still served', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const x = await channelOf(ann, 'flood');
    await x.join(bob);
    const annTabs = [await socketFor(ann), await socketFor(ann)];
    const acks = await Promise.all(
      Array.from({ length: SUBSCRIBE_LIMIT.points + 10 }, (_, i) => annTabs[i % 2]!.socket.subscribe(x.id)),
    );
    expect(acks.filter((a) => a.ok)).toHaveLength(SUBSCRIBE_LIMIT.points);
    expect(acks.filter((a) => !a.ok)).toHaveLength(10);
    expect(acks.find((a) => !a.ok)).toMatchObject({
      ok: false,
      reason: 'rate_limited',
      message: expect.stringMatching(/^操作太频繁|^Too many/),
    });
    const bobTab = await socketFor(bob);
    expect(await bobTab.socket.subscribe(x.id)).toMatchObject({ ok: true });
  });

  it('closes a socket that floods events, and other members are still served', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const x = await channelOf(ann, 'closed flood');
    await x.join(bob);
    const flooder = await socketFor(ann);
    const closed = new Promise<string>((resolve) => flooder.socket.once('disconnect', resolve));
    for (let i = 0; i < 200; i++) flooder.socket.emit('channel:unsubscribe', { channelId: x.id });
    expect(await closed).toBe('io server disconnect');
    const bobTab = await socketFor(bob);
    expect(await bobTab.socket.subscribe(x.id)).toMatchObject({ ok: true });
  });

  it(`refuses a user's socket beyond ${SOCKETS_PER_USER_MAX} with too_many_sockets and a readable message; others still connect, and closing one makes room`, async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const tabs: TestSocket[] = [];
    for (let i = 0; i < SOCKETS_PER_USER_MAX; i++) tabs.push((await socketFor(ann)).socket);
    const refused = await connectSocket(origin, ann.token).then(
      (socket) => {
        sockets.push(socket);
        return null;
      },
      (error: Error & { data?: unknown }) => error,
    );
    expect(refused).toMatchObject({
      message: `同时打开的实时连接过多（最多 ${SOCKETS_PER_USER_MAX} 个），请关闭一些标签页`,
      data: { reason: HandshakeRefusal.TooManySockets },
    });
    expect((await socketFor(bob)).socket.connected).toBe(true);
    tabs[0]!.disconnect();
    await settle();
    expect((await socketFor(ann)).socket.connected).toBe(true);
  });
});
