import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedStorage } from '../../storage/embedded';
import type { Storage } from '../../storage/port';
import { fakeMongoStorage } from '../../../test/support/fake-mongo';
import { Members, memberId } from '../channels/repository';
import { messagesRepository, reactionId } from './repository';

/** The reaction queries on both stores: the embedded SQLite file and the MongoDB adapter (over its in-memory driver). */
const adapters = [
  {
    name: 'embedded',
    open: (): Storage =>
      openEmbeddedStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'messages-')), 'messages-test'),
  },
  { name: 'mongodb adapter', open: (): Storage => fakeMongoStorage() },
];

describe.each(adapters)('messages repository: $name', (adapter) => {
  let storage: Storage;
  afterEach(async () => storage?.close());

  it('keeps one reaction per person and emoji, counts them, and tells a person their own', async () => {
    storage = adapter.open();
    const repo = messagesRepository(storage);
    await storage.ready();
    const reaction = (userId: string, emoji: string, at: number, messageId = 'm1') => ({
      _id: reactionId(messageId, userId, emoji),
      messageId,
      channelId: 'c1',
      userId,
      emoji,
      at,
    });
    expect(await repo.reactions.add(reaction('bob', '👍', 2))).toBe(true);
    expect(await repo.reactions.add(reaction('bob', '👍', 3))).toBe(false);
    expect(await repo.reactions.add(reaction('ann', '👍', 1))).toBe(true);
    expect(await repo.reactions.add(reaction('ann', '🔥', 4, 'm2'))).toBe(true);
    expect(await repo.reactions.tally('m1', '👍', 10)).toEqual({ count: 2, userIds: ['ann', 'bob'] });
    expect(await repo.reactions.tally('m1', '👍', 1)).toEqual({ count: 2, userIds: ['ann'] });
    expect([...(await repo.reactions.mineAmong('ann', ['m1', 'm2']))].sort()).toEqual(['m1:👍', 'm2:🔥']);
    expect(await repo.reactions.remove('m1', 'bob', '👍')).toBe(true);
    expect(await repo.reactions.remove('m1', 'bob', '👍')).toBe(false);
    expect(await repo.reactions.tally('m1', '👍', 10)).toEqual({ count: 1, userIds: ['ann'] });
  });

  it('finds which of the named people are members of the channel', async () => {
    storage = adapter.open();
    const repo = messagesRepository(storage);
    await storage.ready();
    const members = storage.collection(Members);
    for (const userId of ['ann', 'bob'])
      await members.insertOne({ _id: memberId('c1', userId), channelId: 'c1', userId, joinedAt: 1 });
    expect((await repo.membersAmong('c1', ['bob', 'eve', 'ann'])).sort()).toEqual(['ann', 'bob']);
    expect(await repo.membersAmong('c2', ['ann'])).toEqual([]);
  });
});
