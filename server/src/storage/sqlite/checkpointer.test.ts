import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openEmbeddedStorage } from '../embedded';
import { defineCollection, type BaseDoc } from '../port';
import { documentSchema } from '../schema';

interface Row extends BaseDoc {
  text: string;
}
const Rows = defineCollection<Row>('checkpoint_rows', documentSchema({ text: { type: String, required: true } }));

describe('WAL checkpoints of a server’s store', () => {
  it('are done by a worker thread, not by the commits on the event loop', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-checkpoint-'));
    const warnings: string[] = [];
    const storage = openEmbeddedStorage(dir, { purpose: 'server', onWarning: (message) => warnings.push(message) });
    const rows = storage.collection(Rows);
    const mainFile = storage.file;
    const autocheckpoint = () => (rows as unknown as { db: { pragma(p: string, o: object): unknown } }).db.pragma('wal_autocheckpoint', { simple: true });
    // Once the worker runs, the server's own connection never checkpoints.
    await vi.waitFor(() => expect(autocheckpoint()).toBe(0), { timeout: 5_000 });
    const sizeBefore = fs.statSync(mainFile).size;
    await rows.insertMany(Array.from({ length: 3000 }, (_, i) => ({ _id: `r${i}`, text: 'x'.repeat(1000) })));
    // Only the worker can have copied the log into the database file.
    await vi.waitFor(() => expect(fs.statSync(mainFile).size).toBeGreaterThan(sizeBefore + 2_000_000), { timeout: 10_000 });
    expect(warnings).toEqual([]);
    await storage.close();
  });
});
