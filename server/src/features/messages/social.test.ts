import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Reactions,
  TaskStatus,
  mentionToken,
  type ChannelUnread,
  type Message,
  type MessagePage,
  type NotifyChange,
  type Task,
  type UnreadActivity,
} from '@draw/shared';
import {
  closeWithSockets,
  injectorFor,
  listen,
  startTestApp,
  type TestApp,
} from '../../../test/support/harness';
import { connectSocket, type TestSocket } from '../../../test/support/socket';

let app: TestApp;
let origin: string;
const sockets: TestSocket[] = [];
type Session = Awaited<ReturnType<TestApp['signIn']>>;

beforeAll(async () => {
  app = await startTestApp();
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
const post = async (session: Session, channelId: string, content: string, replyTo?: string) => {
  const res = await call(session, 'POST', `/api/draw/chat/${channelId}`, { content, replyTo });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Message;
};
const page = async (session: Session, channelId: string) =>
  (await data(call(session, 'GET', `/api/draw/chat/${channelId}`))) as MessagePage;
const reactionUrl = (messageId: string, emoji: string) =>
  `/api/draw/chat/${messageId}/reactions/${encodeURIComponent(emoji)}`;
const unreadOf = async (session: Session, channelId: string) =>
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
/** A task's card in the channel, as the task service posts it at submit. */
const taskCard = (channelId: string, authorId: string) =>
  app.services.messages.postTask(channelId, authorId, {
    id: `task-${Math.random().toString(36).slice(2)}`,
    prompt: 'a paper lantern',
  } as Task);

describe('replies', () => {
  it('quote the original, say when it is gone, and refuse an original of another channel', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const here = await channel(ann, 'here', bob);
    const there = await channel(ann, 'there');
    const original = await post(ann, here, 'which lantern do you like?');
    const reply = await post(bob, here, 'the red one', original.id);
    expect(reply.replyTo).toMatchObject({
      id: original.id,
      author: { id: ann.user.id },
      excerpt: 'which lantern do you like?',
      deleted: false,
    });

    const elsewhere = await post(ann, there, 'elsewhere');
    const before = (await page(bob, here)).messages.length;
    const refused = await call(bob, 'POST', `/api/draw/chat/${here}`, {
      content: 'x',
      replyTo: elsewhere.id,
    });
    expect(refused.json()).toMatchObject({
      success: false,
      reason: 'bad_request',
      message: 'The message you are replying to is not in this channel (or was deleted)',
    });
    const unknown = await call(bob, 'POST', `/api/draw/chat/${here}`, { content: 'x', replyTo: 'nope' });
    expect(unknown.json()).toMatchObject({ success: false, reason: 'bad_request' });
    expect((await page(bob, here)).messages).toHaveLength(before);

    await call(ann, 'DELETE', `/api/draw/chat/${original.id}`);
    const quoted = (await page(bob, here)).messages.find((m) => m.id === reply.id)!;
    expect(quoted.replyTo).toMatchObject({ id: original.id, deleted: true, excerpt: '' });
  });
});

describe('edits', () => {
  it("change one's own text, mark it edited, and are refused on another's message or a task's card", async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const id = await channel(ann, 'edits', bob);
    const mine = await post(bob, id, 'helo');
    expect(mine.editedAt).toBeNull();
    const edited = (await data(
      call(bob, 'PUT', `/api/draw/chat/${mine.id}`, { content: 'hello' }),
    )) as Message;
    expect(edited).toMatchObject({ id: mine.id, content: 'hello', editedAt: expect.any(Number) });
    expect((await page(ann, id)).messages.find((m) => m.id === mine.id)).toMatchObject({
      content: 'hello',
      editedAt: edited.editedAt,
    });

    // Not even the channel's creator edits another's words (they may delete them).
    const byCreator = await call(ann, 'PUT', `/api/draw/chat/${mine.id}`, { content: 'hijacked' });
    expect(byCreator.json()).toMatchObject({
      success: false,
      reason: 'forbidden',
      message: 'You can only edit your own messages',
    });
    const card = await taskCard(id, bob.user.id);
    const onCard = await call(bob, 'PUT', `/api/draw/chat/${card.id}`, { content: 'another prompt' });
    expect(onCard.json()).toMatchObject({ success: false, reason: 'bad_request' });
    const after = (await page(ann, id)).messages;
    expect(after.find((m) => m.id === mine.id)?.content).toBe('hello');
    expect(after.find((m) => m.id === card.id)?.content).toBe('a paper lantern');
  });
});

describe('reactions', () => {
  it('count each person once and tell each asker whether they reacted', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const cy = await app.signIn();
    const id = await channel(ann, 'reactions', bob, cy);
    const message = await post(ann, id, 'look at this');
    const card = await taskCard(id, ann.user.id);
    await call(bob, 'PUT', reactionUrl(message.id, '👍'));
    await call(bob, 'PUT', reactionUrl(message.id, '👍'));
    await call(cy, 'PUT', reactionUrl(message.id, '👍'));
    await call(cy, 'PUT', reactionUrl(message.id, '👨‍👩‍👧'));
    // A result is a message too.
    await call(bob, 'PUT', reactionUrl(card.id, '🔥'));

    const seenBy = async (who: Session) => (await page(who, id)).messages;
    const bobs = await seenBy(bob);
    expect(bobs.find((m) => m.id === message.id)?.reactions).toEqual([
      { emoji: '👍', count: 2, me: true, userIds: [bob.user.id, cy.user.id] },
      { emoji: '👨‍👩‍👧', count: 1, me: false, userIds: [cy.user.id] },
    ]);
    expect(bobs.find((m) => m.id === card.id)?.reactions).toEqual([
      { emoji: '🔥', count: 1, me: true, userIds: [bob.user.id] },
    ]);
    expect((await seenBy(ann)).find((m) => m.id === message.id)?.reactions.map((r) => r.me)).toEqual([
      false,
      false,
    ]);

    const taken = (await data(call(bob, 'DELETE', reactionUrl(message.id, '👍')))) as Message;
    expect(taken.reactions[0]).toEqual({ emoji: '👍', count: 1, me: false, userIds: [cy.user.id] });
    await call(cy, 'DELETE', reactionUrl(message.id, '👨‍👩‍👧'));
    expect((await seenBy(ann)).find((m) => m.id === message.id)?.reactions.map((r) => r.emoji)).toEqual([
      '👍',
    ]);
  });

  it('take one emoji, never words, and stop at the distinct emoji a message may carry', async () => {
    const ann = await app.signIn();
    const id = await channel(ann, 'flood');
    const message = await post(ann, id, 'react to me');
    for (const word of ['a', 'ok', '👍👍', '\u200b']) {
      const res = await call(ann, 'PUT', reactionUrl(message.id, word));
      expect(res.json(), word).toMatchObject({ success: false, reason: 'bad_request' });
    }
    const emoji = [...'😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗😙😚🙂🤗🤩'];
    expect(emoji.length).toBeGreaterThan(Reactions.perMessageMax);
    const answers = [];
    for (const e of emoji) answers.push((await call(ann, 'PUT', reactionUrl(message.id, e))).json());
    expect(answers.filter((a) => a.success)).toHaveLength(Reactions.perMessageMax);
    expect(answers.at(-1)).toMatchObject({
      success: false,
      reason: 'bad_request',
      message: `A message can carry at most ${Reactions.perMessageMax} different reactions`,
    });
    // One already there still takes another person's reaction.
    expect((await call(ann, 'PUT', reactionUrl(message.id, emoji[0]!))).json().success).toBe(true);
    expect((await page(ann, id)).messages[0]!.reactions).toHaveLength(Reactions.perMessageMax);
  });

  it('are refused to someone outside the channel', async () => {
    const ann = await app.signIn();
    const eve = await app.signIn();
    const id = await channel(ann, 'private');
    const message = await post(ann, id, 'members only');
    expect((await call(eve, 'PUT', reactionUrl(message.id, '👍'))).json()).toMatchObject({
      success: false,
      reason: 'forbidden',
    });
    expect((await page(ann, id)).messages[0]!.reactions).toEqual([]);
  });
});

describe('mentions', () => {
  it("ping the channel's members named by token, and @everyone only from the creator", async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const cy = await app.signIn();
    const eve = await app.signIn();
    const id = await channel(ann, 'mentions', bob, cy);
    const named = await post(cy, id, `${mentionToken(bob.user.id)} and ${mentionToken(eve.user.id)} look`);
    expect(named.mentions).toEqual({ userIds: [bob.user.id], everyone: false });
    const notCreator = await post(cy, id, '@everyone lunch?');
    expect(notCreator.mentions).toEqual({ userIds: [], everyone: false });
    const creator = await post(ann, id, '@everyone meeting');
    expect(creator.mentions).toEqual({ userIds: [], everyone: true });

    // Bob: named once, and the creator's @everyone; Cy: only the creator's @everyone.
    expect(await unreadOf(bob, id)).toMatchObject({ unread: 3, mentions: 2 });
    expect(await unreadOf(cy, id)).toMatchObject({ unread: 1, mentions: 1 });
    expect(await unreadOf(eve, id)).toBeUndefined();
  });

  it("reach the person named live, marked as theirs, and a task's end mentions its author", async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const id = await channel(ann, 'live mentions', bob);
    const bobs = await connectSocket(origin, bob.token);
    const anns = await connectSocket(origin, ann.token);
    sockets.push(bobs, anns);
    const heard: UnreadActivity[] = [];
    const annHeard: UnreadActivity[] = [];
    bobs.on('unread:activity', (a) => heard.push(a));
    anns.on('unread:activity', (a) => annHeard.push(a));
    await post(ann, id, 'hello all');
    await post(ann, id, `${mentionToken(bob.user.id)} your turn`);
    await until(() => heard.length === 2, 'two notices');
    expect(heard.map((a) => [a.kind, a.mentionsMe])).toEqual([
      ['message', false],
      ['message', true],
    ]);

    // Bob's task ends: the result is addressed to him (once, however often the task changes after).
    const card = await taskCard(id, bob.user.id);
    const ended = {
      id: card.taskId,
      channelId: id,
      userId: bob.user.id,
      status: TaskStatus.Success,
      finishTime: Date.now(),
      properties: {},
    } as Task;
    await app.services.hub.publish(id, 'task.updated', ended);
    await app.services.hub.publish(id, 'task.updated', ended);
    await until(() => heard.length === 3, 'the result');
    expect(heard[2]).toMatchObject({ kind: 'result', mentionsMe: true, taskId: card.taskId, channelId: id });
    expect(annHeard.filter((a) => a.kind === 'result')).toEqual([]);
    expect(await unreadOf(bob, id)).toMatchObject({ unread: 2, mentions: 2 });
  });
});

describe('live for every member', () => {
  it('sends edits and reactions to another socket watching the channel', async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const id = await channel(ann, 'live', bob);
    const watcher = await connectSocket(origin, bob.token);
    sockets.push(watcher);
    expect(await watcher.subscribe(id)).toMatchObject({ ok: true });
    const message = await post(ann, id, 'draft');
    await call(ann, 'PUT', `/api/draw/chat/${message.id}`, { content: `final ${mentionToken(bob.user.id)}` });
    await call(ann, 'PUT', reactionUrl(message.id, '🎉'));
    await call(ann, 'DELETE', reactionUrl(message.id, '🎉'));
    const events = await watcher.waitFor(
      (list) => list.filter((e) => e.type === 'message.reactions').length === 2,
    );
    const updated = events.find((e) => e.type === 'message.updated');
    expect(updated?.data).toMatchObject({
      id: message.id,
      content: `final ${mentionToken(bob.user.id)}`,
      editedAt: expect.any(Number),
      mentions: { userIds: [bob.user.id], everyone: false },
    });
    expect(events.filter((e) => e.type === 'message.reactions').map((e) => e.data)).toEqual([
      { id: message.id, channelId: id, emoji: '🎉', userId: ann.user.id, added: true, count: 1 },
      { id: message.id, channelId: id, emoji: '🎉', userId: ann.user.id, added: false, count: 0 },
    ]);
  });
});

describe('notification levels', () => {
  it("are the person's own per channel, all by default, and reach their other devices", async () => {
    const ann = await app.signIn();
    const bob = await app.signIn();
    const id = await channel(ann, 'quiet', bob);
    expect((await unreadOf(bob, id))?.notify).toBe('all');
    const device = await connectSocket(origin, bob.token);
    sockets.push(device);
    const changes: NotifyChange[] = [];
    device.on('unread:notify', (change) => changes.push(change));
    const set = await call(bob, 'PUT', `/api/draw/channels/${id}/notifications`, { level: 'mentions' });
    expect(set.json().data).toMatchObject({ channelId: id, notify: 'mentions' });
    await until(() => changes.length === 1, 'unread:notify');
    expect(changes[0]).toEqual({ channelId: id, notify: 'mentions' });
    expect((await unreadOf(bob, id))?.notify).toBe('mentions');
    expect((await unreadOf(ann, id))?.notify).toBe('all');
    const wrong = await call(bob, 'PUT', `/api/draw/channels/${id}/notifications`, { level: 'loud' });
    expect(wrong.json()).toMatchObject({ success: false });
  });
});
