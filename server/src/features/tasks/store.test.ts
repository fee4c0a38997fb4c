import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTask } from '@draw/machines/task/fixtures';
import { TaskStatus, type ChannelEvent } from '@draw/shared';
import { ChannelHub } from '../../realtime/hub';
import { realtimeRepository } from '../../realtime/repository';
import { ownedLogSequence } from '../../realtime/sequence';
import { openEmbeddedStorage, type EmbeddedStorage } from '../../storage/embedded';
import { tasksRepository, type TaskDoc } from './repository';
import { taskStore } from './store';

let storage: EmbeddedStorage | null = null;
afterEach(async () => {
  await storage?.close();
  storage = null;
});

function setUp() {
  storage = openEmbeddedStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'task-store-')), 'task-store-test');
  const realtime = realtimeRepository(storage);
  const hub = new ChannelHub(realtime, ownedLogSequence(realtime), Date.now);
  const sent: ChannelEvent[] = [];
  hub.attach({ emit: (event) => void sent.push(event), evict: () => undefined, close: () => undefined });
  const repo = tasksRepository(storage);
  return { repo, hub, sent, store: taskStore(repo, hub) };
}

/** A running imagine as the store keeps it (the machines' task fixture, with the server's fields). */
function running(id: string): TaskDoc {
  const { id: _id, ...task } = makeTask({
    id,
    channelId: 'c1',
    userId: 'u1',
    status: TaskStatus.InProgress,
    startTime: 2,
  });
  return {
    _id: id,
    ...task,
    job: { kind: 'imagine' } as never,
    hookToken: 'h',
    upstreamId: null,
    deadlineAt: Number.MAX_SAFE_INTEGER,
    leaseOwner: null,
    leaseUntil: 0,
    cost: 1,
  };
}

const step = (progress: string) => ({ status: TaskStatus.InProgress, progress });

describe('task steps (the store)', () => {
  it('stores each step with its event, and a cancel made elsewhere between steps wins over the next step', async () => {
    const { repo, store, sent } = setUp();
    await repo.create(running('t1'));
    expect((await store.update('t1', step('10%')))?.progress).toBe('10%');
    // Another process (or a path around this store) cancels the task.
    await repo.setFields('t1', { status: TaskStatus.Cancel, finishTime: 5 });

    expect(
      await store.update('t1', step('20%')),
      'the step computed from the remembered state is refused',
    ).toBeNull();
    expect(await repo.byId('t1')).toMatchObject({ status: TaskStatus.Cancel, progress: '10%' });
    expect(sent.map((e) => [e.seq, e.type, (e.data as { progress: string }).progress])).toEqual([
      [1, 'task.updated', '10%'],
    ]);
  });

  it('keeps a field changed elsewhere between two steps, and sends the task as stored', async () => {
    const { repo, store, sent } = setUp();
    await repo.create(running('t2'));
    await store.update('t2', step('10%'));
    await repo.setFields('t2', { properties: { queuePosition: 3 }, upstreamId: 'up-1' });

    expect(await store.update('t2', step('30%'))).toMatchObject({
      progress: '30%',
      properties: { queuePosition: 3 },
    });
    expect(await repo.byId('t2')).toMatchObject({
      progress: '30%',
      upstreamId: 'up-1',
      properties: { queuePosition: 3 },
    });
    expect(sent.at(-1)).toMatchObject({
      seq: 2,
      type: 'task.updated',
      data: { progress: '30%', properties: { queuePosition: 3 } },
    });
  });

  it('takes a step written elsewhere into account: an older one is refused, a newer one still goes', async () => {
    const { repo, store } = setUp();
    await repo.create(running('t3'));
    await store.update('t3', step('10%'));
    await repo.setFields('t3', { progress: '50%' });

    expect(await store.update('t3', step('40%')), 'older than the stored 50%').toBeNull();
    expect((await store.update('t3', step('60%')))?.progress).toBe('60%');
  });
});
