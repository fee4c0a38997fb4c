import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Theme } from '@draw/shared';
import { openEmbeddedStorage, type EmbeddedStorage } from '../../storage/embedded';
import { Users, type UserDoc } from '../auth/repository';
import { adminRepository } from './repository';

/**
 * The console's user search reads a bounded window of people per request (a `contains` match has
 * no index), yet finds everyone an unbounded scan would: page by page, and an exact id, phone or
 * email at once whatever its age.
 */
let storage: EmbeddedStorage;
const WINDOW = 4;

const person = (n: number, name: string): UserDoc => ({
  _id: `user-${String(n).padStart(3, '0')}`,
  phone: `1380000${String(n).padStart(4, '0')}`,
  email: `p${n}@example.com`,
  name,
  description: '',
  avatar: '',
  theme: Theme.Auto,
  nijiRemix: false,
  mjRemix: false,
  isAdmin: false,
  createdAt: 1_000 + n,
});

beforeAll(async () => {
  storage = openEmbeddedStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'admin-search-')), 'admin-search');
  // Twenty people, newest last; two called Lin: the newest among the first window, one far older.
  await storage
    .collection(Users)
    .insertMany(
      Array.from({ length: 20 }, (_, i) =>
        person(i + 1, i + 1 === 19 ? 'Lin Ye' : i + 1 === 2 ? 'Lin Bo' : `P${i + 1}`),
      ),
    );
});
afterAll(async () => {
  await storage?.close();
});

type Page = Awaited<ReturnType<ReturnType<typeof adminRepository>['users']['search']>>;

describe('the console’s user search', () => {
  it('reads at most a window per request, and the pages that follow find every match', async () => {
    const repo = adminRepository(storage, { userSearchWindow: WINDOW });
    const names: string[] = [];
    let cursor: Page['resumeAt'] = null;
    let requests = 0;
    for (;;) {
      const page: Page = await repo.users.search('lin', cursor, 10);
      requests += 1;
      names.push(...page.docs.map((doc) => doc.name));
      const last = page.docs.at(-1);
      cursor =
        page.resumeAt ?? (page.docs.length === 10 && last ? { at: last.createdAt, id: last._id } : null);
      if (!cursor) break;
    }
    expect(names).toEqual(['Lin Ye', 'Lin Bo']);
    // Twenty people in windows of four: five reads, none of the whole table.
    expect(requests).toBe(5);
  });

  it('finds an exact id, phone or email on the first page, however old', async () => {
    const repo = adminRepository(storage, { userSearchWindow: WINDOW });
    for (const q of ['user-001', '13800000001', 'P1@example.com'])
      expect((await repo.users.search(q, null, 10)).docs.map((doc) => doc._id)).toEqual(['user-001']);
  });

  it('lists everyone newest first without a query', async () => {
    const repo = adminRepository(storage, { userSearchWindow: WINDOW });
    const page = await repo.users.search('', null, 3);
    expect(page.docs.map((doc) => doc._id)).toEqual(['user-020', 'user-019', 'user-018']);
    expect(page.resumeAt).toBeNull();
  });
});
