import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedStorage } from './embedded';
import { defineCollection, type BaseDoc, type Storage } from './port';
import { documentSchema } from './schema';
import { readEmbeddedCollection } from './snapshot';

interface Note extends BaseDoc {
  text: string;
}
const Notes = defineCollection<Note>('append_notes', documentSchema({ text: { type: String, required: true } }));

let storage: Storage | null = null;
afterEach(async () => {
  await storage?.close();
  storage = null;
});

/** What a process started after a SIGKILL would read: the file as it is on disk right now. */
const onDisk = async (dir: string) => (await readEmbeddedCollection(dir, Notes)).map((n) => n.text).sort();

describe('the embedded store’s kept-open append file', () => {
  it('has every acknowledged write on disk before the store is closed, also across a compaction', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-append-'));
    storage = openEmbeddedStorage(dir, 'append-test');
    const notes = storage.collection(Notes);
    await notes.insertOne({ _id: 'a', text: 'before compaction' });
    expect(await onDisk(dir)).toEqual(['before compaction']);

    // Compaction renames a new file over the old one: later appends must land in the new file.
    await (notes as unknown as { compact(): Promise<void> }).compact();
    await notes.insertOne({ _id: 'b', text: 'after compaction' });
    await notes.updateOne({ _id: 'a' }, { $set: { text: 'edited after compaction' } });
    expect(await onDisk(dir)).toEqual(['after compaction', 'edited after compaction']);

    await storage.close();
    storage = openEmbeddedStorage(dir, 'append-test');
    await storage.collection(Notes).insertOne({ _id: 'c', text: 'after reopening' });
    expect(await onDisk(dir)).toEqual(['after compaction', 'after reopening', 'edited after compaction']);
  });
});
