import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { Events, type EventDoc } from '../../server/src/realtime/repository';
import { Tasks } from '../../server/src/features/tasks/repository';
import { openDatabase } from '../../server/src/storage/sqlite/driver';
import { embeddedFileOf, openEmbeddedStorage } from '../../server/src/storage/embedded';
import { openReadSource } from './source';
import { tempDataDir } from './testing';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const event = (channelId: string, seq: number): EventDoc =>
  ({
    _id: `${channelId}:${seq}`,
    channelId,
    seq,
    type: 'member.joined',
    at: seq,
    data: { name: 'ann' },
  }) as EventDoc;

describe('reading the embedded store for the ops tools', () => {
  it('reads beside a running server, sees each write once committed, and writes nothing', async () => {
    const dir = tempDataDir();
    dirs.push(dir);
    const server = openEmbeddedStorage(dir, 'server');
    const events = server.collection(Events);
    await events.insertMany([event('b', 1), event('a', 1), event('a', 2)]);
    const source = await openReadSource({ MONGODB_URI: '', DATA_DIR: dir });
    expect((await source.where(Events, { channelId: 'a' }, { sort: { seq: -1 } })).map((e) => e._id)).toEqual(
      ['a:2', 'a:1'],
    );
    expect(await source.distinct(Events, 'channelId')).toEqual(['a', 'b']);
    await events.insertOne(event('c', 1));
    expect((await source.all(Events)).length).toBe(4);
    // A collection the server never opened reads as empty, and the file gains no table for it.
    expect(await source.all(Tasks)).toEqual([]);
    await source.close();
    await server.close();
    const file = openDatabase(embeddedFileOf(dir), { readonly: true });
    const tables = file.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all();
    file.close();
    expect(tables).toEqual(['events']);
  });

  it('reads a folder no server has used yet as an empty store, creating nothing there', async () => {
    const dir = tempDataDir();
    dirs.push(dir);
    const source = await openReadSource({ MONGODB_URI: '', DATA_DIR: dir });
    expect(await source.all(Events)).toEqual([]);
    await source.close();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
