import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedStorage } from './embedded';
import { defineCollection, type BaseDoc, type Storage } from './port';
import { documentSchema } from './schema';

interface Note extends BaseDoc {
  text: string;
}
const Watched = defineCollection<Note>('watched', documentSchema({ text: { type: String, required: true } }));
const Other = defineCollection<Note>('other', documentSchema({ text: { type: String, required: true } }));

const opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

function folder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-changes-'));
  const server = openEmbeddedStorage(dir);
  opened.push(server);
  return { dir, server };
}

describe('changesOf on the embedded store', () => {
  it('moves on every write to a watched collection, and not on reads or on other collections', async () => {
    const { server } = folder();
    const changes = server.changesOf!([Watched]);
    const watched = server.collection(Watched);
    const before = changes!();
    await server.collection(Other).insertOne({ _id: 'o', text: 'x' });
    await watched.find({});
    expect(changes!()).toBe(before);
    await watched.insertOne({ _id: 'a', text: 'x' });
    const inserted = changes!();
    expect(inserted).not.toBe(before);
    await watched.updateOne({ _id: 'a' }, { $set: { text: 'y' } });
    expect(changes!()).not.toBe(inserted);
  });

  it('moves when another connection (an ops command, another cluster member) commits', async () => {
    const { dir, server } = folder();
    await server.collection(Watched).insertOne({ _id: 'a', text: 'x' });
    const changes = server.changesOf!([Watched]);
    const before = changes!();
    const ops = openEmbeddedStorage(dir, 'ops');
    opened.push(ops);
    await ops.collection(Watched).updateOne({ _id: 'a' }, { $set: { text: 'y' } });
    expect(changes!()).not.toBe(before);
  });
});
