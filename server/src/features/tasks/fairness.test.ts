import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { TaskStatus, type Task } from '@draw/shared';
import { GatedEngine } from '../../../test/support/gated-engine';
import { injectorFor, startTestApp, type TestApp } from '../../../test/support/harness';

/**
 * The engine's queue as people live it: whoever is behind someone else's long run gets the next
 * turn. The engine holds every job until the queue is full, then draws at full speed, and notes
 * the order the runner started them in.
 */

type Session = Awaited<ReturnType<TestApp['signIn']>>;
let app: TestApp | undefined;
const dataDirs: string[] = [];
const { call, data } = injectorFor(() => app!);

afterEach(async () => {
  await app?.close();
  app = undefined;
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(concurrency: number, engine: GatedEngine, dataDir?: string) {
  app = await startTestApp(
    {
      ENGINE_CONCURRENCY: String(concurrency),
      FREE_DAILY_CREDITS: '1000',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
    },
    { engine },
  );
  if (!dataDir) dataDirs.push(app.dataDir);
  return app;
}

/** A channel of its creator and the other people given. */
async function channelOf(...people: Session[]) {
  const [owner, ...others] = people;
  const { id } = await data(call(owner!, 'POST', '/api/draw/channel', { title: 'turns', isBan: false }));
  const { inviteCode } = await data(call(owner!, 'POST', `/api/draw/invite-code/${id}`, {}));
  for (const other of others) await call(other, 'POST', `/api/draw/join-channel/${inviteCode}`);
  return id as string;
}

async function imagine(session: Session, channelId: string, howMany: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < howMany; i++) {
    const answer = (
      await call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, {
        prompt: `lighthouse number ${i + 1}`,
      })
    ).json();
    if (!answer.success) throw new Error(answer.message);
    ids.push(answer.data.taskId);
  }
  return ids;
}

async function allSucceed(session: Session, ids: string[]) {
  const deadline = Date.now() + 60_000;
  for (const id of ids) {
    for (;;) {
      const task = (await data(call(session, 'GET', `/api/mj/task/${id}/fetch`))) as Task;
      if (task.status === TaskStatus.Success) break;
      if (Date.now() > deadline) throw new Error(`task ${id} is ${task.status}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** Until the engine was given `count` jobs. */
async function started(engine: GatedEngine, count: number) {
  const deadline = Date.now() + 10_000;
  while (engine.started.length < count) {
    if (Date.now() > deadline) throw new Error(`${engine.started.length} of ${count} started`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the engine queue takes people in turns', () => {
  it.each([1, 2, 3])(
    'with %i at once, one picture submitted behind 30 of another person starts before their 4th',
    async (concurrency) => {
      const engine = new GatedEngine();
      await start(concurrency, engine);
      const ann = await app!.signIn();
      const bob = await app!.signIn();
      const channelId = await channelOf(ann, bob);
      const anns = await imagine(ann, channelId, 30);
      const [bobs] = await imagine(bob, channelId, 1);
      await started(engine, concurrency);
      engine.open();
      await allSucceed(ann, [...anns, bobs!]);
      expect(engine.started.indexOf(bobs!)).toBeLessThan(engine.started.indexOf(anns[3]!));
      expect(engine.started.slice(0, concurrency)).toEqual(anns.slice(0, concurrency));
    },
    60_000,
  );

  it('a channel of three busy people does not starve a channel of one: between two of its turns, at most three others', async () => {
    const engine = new GatedEngine();
    await start(1, engine);
    const [p, q, r, s] = [await app!.signIn(), await app!.signIn(), await app!.signIn(), await app!.signIn()];
    const busy = await channelOf(p!, q!, r!);
    const quiet = await channelOf(s!);
    const busyIds = [
      ...(await imagine(p!, busy, 5)),
      ...(await imagine(q!, busy, 5)),
      ...(await imagine(r!, busy, 5)),
    ];
    const quietIds = await imagine(s!, quiet, 5);
    engine.open();
    await allSucceed(p!, busyIds);
    await allSucceed(s!, quietIds);
    const turns = quietIds.map((id) => engine.started.indexOf(id));
    // The first start was p's, alone in the queue then; after it, every fourth is s's.
    expect(turns).toEqual([1, 5, 9, 13, 17]);
  }, 60_000);

  it('after a restart: the task that was running resumes first, then the person waiting behind it', async () => {
    const first = new GatedEngine();
    const { dataDir } = await start(1, first);
    const ann = await app!.signIn();
    const bob = await app!.signIn();
    const channelId = await channelOf(ann, bob);
    const anns = await imagine(ann, channelId, 5);
    const [bobs] = await imagine(bob, channelId, 1);
    await started(first, 1);
    await app!.close();

    const second = new GatedEngine();
    await start(1, second, dataDir);
    second.open();
    await allSucceed(ann, [...anns, bobs!]);
    expect(second.started.slice(0, 3)).toEqual([anns[0], bobs, anns[1]]);
  }, 60_000);
});
