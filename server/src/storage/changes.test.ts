import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
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

  it('stays put when another connection commits only to other collections (a cluster member drawing)', async () => {
    const { dir, server } = folder();
    const changes = server.changesOf!([Watched]);
    const before = changes!();
    const member = openEmbeddedStorage(dir, 'ops');
    opened.push(member);
    await member.collection(Other).insertOne({ _id: 'o', text: 'x' });
    await member.collection(Other).updateOne({ _id: 'o' }, { $set: { text: 'y' } });
    await member.collection(Other).deleteOne({ _id: 'o' });
    expect(changes!()).toBe(before);
    await member.collection(Watched).insertOne({ _id: 'w', text: 'x' });
    const inserted = changes!();
    expect(inserted).not.toBe(before);
    await member.collection(Watched).deleteOne({ _id: 'w' });
    expect(changes!()).not.toBe(inserted);
  });

  it('moves on a write by any connection to the file, the sqlite3 shell included, and not on one rolled back', async () => {
    const { server } = folder();
    await server.collection(Watched).insertOne({ _id: 'a', text: 'x' });
    const changes = server.changesOf!([Watched]);
    const before = changes!();
    const shell = new Database(server.file);
    try {
      shell.pragma('busy_timeout = 5000');
      shell.exec('CREATE TABLE scratch (x); INSERT INTO scratch VALUES (1)');
      expect(changes!()).toBe(before);
      expect(() =>
        shell.transaction(() => {
          shell.prepare("DELETE FROM watched WHERE _id = 'a'").run();
          throw new Error('rolled back');
        })(),
      ).toThrow('rolled back');
      expect(changes!()).toBe(before);
      shell.prepare("UPDATE watched SET doc = jsonb_set(doc, '$.text', 'z') WHERE _id = 'a'").run();
    } finally {
      shell.close();
    }
    expect(changes!()).not.toBe(before);
  });
});
