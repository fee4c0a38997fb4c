import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Schema } from 'mongoose';
import { embeddedIndexesOf } from './embedded-indexes';
import { openEmbeddedStorage } from './embedded';
import { defineCollection, type BaseDoc, type Storage } from './port';
import { documentSchema } from './schema';

describe('the embedded store’s indexes', () => {
  it('gives a compound index’s leading field an index of its own, as MongoDB would use its prefix', () => {
    const schema = new Schema({ channelId: String, seq: Number, at: Number, userId: String });
    schema.index({ channelId: 1, seq: 1 }, { unique: true });
    schema.index({ channelId: 1, at: -1 });
    schema.index({ userId: 1 }, { sparse: true });
    schema.index({ userId: 1, at: 1 });
    expect(embeddedIndexesOf(schema.indexes())).toEqual([
      { fieldName: ['channelId', 'seq'], unique: true, sparse: false },
      { fieldName: ['channelId', 'at'], unique: false, sparse: false },
      { fieldName: 'userId', unique: false, sparse: true },
      { fieldName: ['userId', 'at'], unique: false, sparse: false },
      { fieldName: 'channelId', unique: false, sparse: false },
    ]);
  });

  describe('queries on a leading field, answered the same with the index', () => {
    interface Row extends BaseDoc {
      channelId: string;
      seq: number;
    }
    const rowSchema = documentSchema({ channelId: { type: String, required: true }, seq: { type: Number, required: true } });
    rowSchema.index({ channelId: 1, seq: 1 }, { unique: true });
    const Rows = defineCollection<Row>('index_rows', rowSchema);

    let storage: Storage | null = null;
    afterEach(async () => {
      await storage?.close();
      storage = null;
    });

    it('finds one channel’s rows, in a range, sorted, and still refuses a duplicate of the compound key', async () => {
      storage = openEmbeddedStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'draw-index-')), 'index-test');
      const rows = storage.collection(Rows);
      for (let seq = 1; seq <= 30; seq++) {
        for (const channelId of ['a', 'b', 'c']) await rows.insertOne({ _id: `${channelId}:${seq}`, channelId, seq });
      }
      expect((await rows.find({ channelId: 'b' })).length).toBe(30);
      expect((await rows.find({ channelId: 'b', seq: { $gt: 27 } }, { sort: { seq: 1 } })).map((r) => r._id)).toEqual(['b:28', 'b:29', 'b:30']);
      expect((await rows.find({ channelId: 'c' }, { sort: { seq: -1 }, limit: 1 }))[0]?._id).toBe('c:30');
      await expect(rows.insertOne({ _id: 'dup', channelId: 'a', seq: 3 })).rejects.toThrow();
      expect((await rows.find({ channelId: 'a' })).length).toBe(30);
    });
  });
});
