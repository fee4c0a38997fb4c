import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedStorage, type EmbeddedOptions, type EmbeddedStorage } from '../embedded';
import { defineCollection, type BaseDoc } from '../port';
import { documentSchema } from '../schema';

interface Line extends BaseDoc {
  text: string;
}
const Lines = defineCollection<Line>('lines', documentSchema({ text: { type: String, required: true } }));

const dirs: string[] = [];
const opened: EmbeddedStorage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function open(options: EmbeddedOptions = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-checkpoint-'));
  dirs.push(dir);
  const storage = openEmbeddedStorage(dir, { purpose: 'test', ...options });
  opened.push(storage);
  return storage;
}

/** About 1 MiB of commits, one per line: far below the writer's own checkpoint threshold. */
async function writeLines(storage: EmbeddedStorage, count = 600) {
  const lines = storage.collection(Lines);
  const text = 'x'.repeat(1_500);
  for (let i = 0; i < count; i++) await lines.insertOne({ _id: `line-${i}`, text });
}

const fileSize = (storage: EmbeddedStorage) => fs.statSync(storage.file).size;
const waitFor = async (check: () => boolean, ms = 5_000) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
};

describe('checkpoints on their own thread', () => {
  it('copies what the server commits into the database file while it keeps writing', async () => {
    const storage = open({ checkpointInBackground: { everyMs: 20 } });
    await writeLines(storage);
    // The committed pages reach the file itself, not only the write-ahead log.
    expect(await waitFor(() => fileSize(storage) > 900_000)).toBe(true);
    expect(await storage.collection(Lines).count({})).toBe(600);
  });

  it('leaves them to the writer otherwise, which waits for its threshold (the control)', async () => {
    const storage = open();
    await writeLines(storage);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fileSize(storage)).toBeLessThan(900_000);
  });

  it('loses nothing across a close and a reopen, and leaves no log behind', async () => {
    const storage = open({ checkpointInBackground: { everyMs: 20 } });
    await writeLines(storage, 200);
    await storage.close();
    opened.splice(opened.indexOf(storage), 1);
    expect(fs.existsSync(`${storage.file}-wal`)).toBe(false);
    const again = openEmbeddedStorage(path.dirname(path.dirname(storage.file)), {
      purpose: 'test',
      checkpointInBackground: {},
    });
    opened.push(again);
    expect(await again.collection(Lines).count({})).toBe(200);
  });
});
