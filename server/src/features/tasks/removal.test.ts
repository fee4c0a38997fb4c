import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { TaskStatus, type ChannelEvent, type Task } from '@draw/shared';
import { GatedEngine } from '../../../test/support/gated-engine';
import { injectorFor, startTestApp, type TestApp } from '../../../test/support/harness';
import { balanceOf } from '../../../test/support/billing';
import { Tasks } from './repository';

/**
 * Someone who is no longer in a channel keeps nothing going there: removed, banned or gone of
 * their own accord, their unfinished tasks in it are cancelled and refunded, the one the engine
 * was drawing is stopped there too, and nothing of theirs is posted afterwards.
 */

type Session = Awaited<ReturnType<TestApp['signIn']>>;
let app: TestApp | undefined;
const { call, data } = injectorFor(() => app!);

afterEach(async () => {
  const dir = app?.dataDir;
  await app?.close();
  app = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const ways = {
  banned: (owner: Session, channelId: string, member: Session) =>
    call(owner, 'POST', `/api/draw/channel/${channelId}/ban`, { userId: member.user.id }),
  removed: (owner: Session, channelId: string, member: Session) =>
    call(owner, 'POST', `/api/draw/remove-user/${channelId}/${member.user.id}`),
  // Decided: leaving is the same (results no one in the channel asked for are not posted into it).
  'gone of their own accord': (_owner: Session, channelId: string, member: Session) =>
    call(member, 'POST', `/api/draw/quit-channel/${channelId}`),
};

async function imagine(session: Session, channelId: string, prompt: string): Promise<string> {
  const answer = (await call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt })).json();
  if (!answer.success) throw new Error(answer.message);
  return answer.data.taskId as string;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a member who is no longer in the channel', () => {
  it.each(Object.keys(ways) as (keyof typeof ways)[])(
    '%s: their queued and running tasks there end CANCEL, refunded, and nothing of theirs is posted after',
    async (way) => {
      const engine = new GatedEngine();
      app = await startTestApp({ ENGINE_CONCURRENCY: '1', FREE_DAILY_CREDITS: '100' }, { engine });
      const tasks = app.storage.collection(Tasks);
      const owner = await app.signIn();
      const member = await app.signIn();
      const { id: channelId } = await data(
        call(owner, 'POST', '/api/draw/channel', { title: 'leaving', isBan: false }),
      );
      const { inviteCode } = await data(call(owner, 'POST', `/api/draw/invite-code/${channelId}`, {}));
      await data(call(member, 'POST', `/api/draw/join-channel/${inviteCode}`));
      const before = await balanceOf(app, member.user.id);

      const theirs = [
        await imagine(member, channelId, 'first of three'),
        await imagine(member, channelId, 'second of three'),
        await imagine(member, channelId, 'third of three'),
      ];
      const owners = await imagine(owner, channelId, 'the owner waits too');
      // The first is at the engine (with an upstream id); the others wait.
      await until(
        () => tasks.findOne({ _id: theirs[0]! }),
        (doc) => Boolean(doc?.upstreamId),
      );
      expect(await balanceOf(app, member.user.id)).toBeLessThan(before);
      const after: ChannelEvent[] = [];
      app.services.hub.observe((event) => after.push(event));

      expect((await ways[way](owner, channelId, member)).json().success).toBe(true);

      const fetched = async (id: string) =>
        (await data(call(owner, 'GET', `/api/mj/task/${id}/fetch`))) as Task;
      for (const id of theirs)
        expect(await fetched(id)).toMatchObject({ status: TaskStatus.Cancel, imageUrl: null });
      expect(await balanceOf(app, member.user.id)).toBe(before);
      expect(engine.cancelled).toEqual([`up-${theirs[0]}`]);

      engine.open();
      await until(
        () => fetched(owners),
        (task) => task.status === TaskStatus.Success,
      );
      for (const id of theirs) expect((await fetched(id)).status).toBe(TaskStatus.Cancel);
      expect(engine.started).toEqual([theirs[0], owners]);
      const aboutTheirs = after.filter(
        (event) =>
          (event.type === 'task.updated' || event.type === 'task.created') && theirs.includes(event.data.id),
      );
      expect(aboutTheirs.map((event) => event.type === 'task.updated' && event.data.status)).toEqual([
        TaskStatus.Cancel,
        TaskStatus.Cancel,
        TaskStatus.Cancel,
      ]);
      expect(
        after.filter((event) => event.type === 'message.created' && event.data.author.id === member.user.id),
      ).toEqual([]);
    },
    60_000,
  );
});
