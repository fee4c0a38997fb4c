import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UNREAD_CAP } from '@draw/shared';
import { openEmbeddedStorage } from '../../storage/embedded';
import type { Storage } from '../../storage/port';
import { fakeMongoStorage } from '../../../test/support/fake-mongo';
import { Events, type EventDoc } from '../../realtime/repository';
import { readsRepository } from './repository';

/** The same queries on both stores: the embedded SQLite file and the MongoDB adapter (over its in-memory driver). */
const adapters = [
  {
    name: 'embedded',
    open: (): Storage => openEmbeddedStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'reads-')), 'reads-test'),
  },
  { name: 'mongodb adapter', open: (): Storage => fakeMongoStorage() },
];

const message = (channelId: string, seq: number, authorId: string, at = seq): EventDoc =>
  ({
    _id: `${channelId}:${seq}`,
    channelId,
    seq,
    type: 'message.created',
    at,
    data: {
      id: `m${seq}`,
      channelId,
      author: { id: authorId, name: authorId, avatar: '' },
      kind: 'text',
      content: 'hi',
      taskId: null,
      createdAt: at,
    },
  }) as EventDoc;
const other = (channelId: string, seq: number): EventDoc =>
  ({
    _id: `${channelId}:${seq}`,
    channelId,
    seq,
    type: 'task.updated',
    at: seq,
    data: {},
  }) as unknown as EventDoc;

describe.each(adapters)('reads repository: $name', (adapter) => {
  let storage: Storage;
  afterEach(async () => storage?.close());
  const open = async () => {
    storage = adapter.open();
    const repo = readsRepository(storage);
    const events = storage.collection(Events);
    await storage.ready();
    return { repo, events };
  };

  it('moves a mark forward only', async () => {
    const { repo } = await open();
    expect((await repo.marks.advance('ann', 'c1', 5, 1)).seq).toBe(5);
    expect((await repo.marks.advance('ann', 'c1', 3, 2)).seq).toBe(5);
    expect((await repo.marks.advance('ann', 'c1', 9, 3)).seq).toBe(9);
    expect((await repo.marks.among('ann', ['c1', 'c2'])).map((m) => [m.channelId, m.seq])).toEqual([
      ['c1', 9],
    ]);
    expect(await repo.marks.among('bob', ['c1'])).toEqual([]);
  });

  it("counts others' messages after the mark (or after joining), up to the cap", async () => {
    const { repo, events } = await open();
    await events.insertMany([
      message('c1', 1, 'bob', 10),
      other('c1', 2),
      message('c1', 3, 'ann', 30),
      message('c1', 4, 'bob', 40),
      message('c2', 1, 'bob'),
    ]);
    expect(await repo.unreadIn('c1', 'ann', { afterSeq: 0 })).toBe(2);
    expect(await repo.unreadIn('c1', 'ann', { afterSeq: 1 })).toBe(1);
    expect(await repo.unreadIn('c1', 'ann', { joinedAt: 20 })).toBe(1);
    expect(await repo.unreadIn('c1', 'bob', { afterSeq: 0 })).toBe(1);
    await events.insertMany(Array.from({ length: UNREAD_CAP + 5 }, (_, i) => message('c3', i + 1, 'bob')));
    expect(await repo.unreadIn('c3', 'ann', { afterSeq: 0 })).toBe(UNREAD_CAP);
  });
});

describe('reads repository on the embedded store: every statement reads an index', () => {
  it("answers the marks and the counts without scanning the log or sorting (a channel's history may be long)", async () => {
    const seen: { sql: string; plan: string[] }[] = [];
    const storage = openEmbeddedStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'reads-plans-')), {
      onNewQuery: (_collection, sql, plan) => seen.push({ sql, plan }),
    });
    try {
      const repo = readsRepository(storage);
      await storage.ready();
      await repo.marks.advance('ann', 'c1', 3, 1);
      await repo.marks.advance('ann', 'c1', 2, 2);
      await repo.marks.among('ann', ['c1', 'c2']);
      await repo.unreadIn('c1', 'ann', { afterSeq: 3 });
      await repo.unreadIn('c1', 'ann', { joinedAt: 3 });
      const reads = seen.filter(
        ({ sql }) => /"(read_marks|events)"/.test(sql) && /^SELECT|^UPDATE/.test(sql),
      );
      expect(reads.length).toBeGreaterThanOrEqual(4);
      const scans = reads.filter(({ plan }) =>
        plan.some(
          (step) =>
            /^SCAN (?!.*(USING (COVERING )?INDEX|json_each))/.test(step) ||
            /USE TEMP B-TREE FOR ORDER BY/.test(step),
        ),
      );
      expect(scans).toEqual([]);
    } finally {
      await storage.close();
    }
  });
});
