import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorReason } from '@draw/shared';
import { AppError } from '../errors';
import { openEmbeddedStorage } from './embedded';
import { StoreInUseError } from './lock';
import { openMongoStorage } from './mongo';
import { defineCollection, type BaseDoc, type Storage } from './port';
import { documentSchema } from './schema';
import { fakeMongoStorage } from '../../test/support/fake-mongo';

interface Gadget extends BaseDoc {
  sku: string;
  owner: string;
  slot: number;
  tags: string[];
  stock: number;
  meta: Record<string, unknown>;
  note?: string;
}

const gadgetSchema = documentSchema({
  sku: { type: String, required: true, unique: true },
  owner: { type: String, required: true },
  slot: { type: Number, required: true },
  tags: { type: [String], default: [] },
  stock: { type: Number, default: 0, min: 0 },
  meta: { type: Object, default: {} },
  note: { type: String },
});
gadgetSchema.index({ owner: 1, slot: 1 }, { unique: true });

const run = Math.random().toString(36).slice(2, 8);
const Gadgets = defineCollection<Gadget>(`gadgets_${run}`, gadgetSchema);

/** What a change to a gadget leads to (as an event follows a task's step). */
interface Entry extends BaseDoc {
  gadgetId: string;
  stock: number;
}
const Entries = defineCollection<Entry>(
  `entries_${run}`,
  documentSchema({ gadgetId: { type: String, required: true }, stock: { type: Number, required: true } }),
);

const gadget = (over: Partial<Gadget> = {}): Gadget => ({
  _id: `g-${Math.random().toString(36).slice(2)}`,
  sku: `sku-${Math.random().toString(36).slice(2)}`,
  owner: 'ann',
  slot: Math.floor(Math.random() * 1e9),
  tags: [],
  stock: 0,
  meta: {},
  ...over,
});

interface Adapter {
  name: string;
  open: () => Promise<Storage>;
  /** Opens the same data again as a fresh process would. */
  reopen: (previous: Storage) => Promise<Storage>;
  /** `updateThenInsert` is one transaction (the embedded store); otherwise two writes in turn. */
  linkedInOneTransaction: boolean;
}

const tempDirs: string[] = [];
function embeddedAdapter(): Adapter {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-contract-'));
  tempDirs.push(dir);
  return {
    name: 'embedded',
    linkedInOneTransaction: true,
    open: async () => openEmbeddedStorage(dir, 'contract-test'),
    reopen: async (previous) => {
      await previous.close();
      return openEmbeddedStorage(dir, 'contract-test');
    },
  };
}

/** The MongoDB adapter's own code over an in-memory stand-in for the driver (no server here). */
function fakeMongoAdapter(): Adapter {
  const data = new Map<string, Record<string, unknown>[]>();
  return {
    name: 'mongodb adapter on an in-memory driver',
    linkedInOneTransaction: false,
    open: async () => fakeMongoStorage(data),
    reopen: async (previous) => {
      await previous.close();
      return fakeMongoStorage(data);
    },
  };
}

const adapters: Adapter[] = [embeddedAdapter(), fakeMongoAdapter()];
const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  adapters.push({
    name: 'mongodb',
    linkedInOneTransaction: false,
    open: () => openMongoStorage(mongoUri),
    reopen: async (previous) => {
      await previous.close();
      return openMongoStorage(mongoUri);
    },
  });
}

describe.each(adapters)('storage contract: $name', (adapter) => {
  let storage: Storage;
  // The collection first, then ready(): on MongoDB, ready() waits for the indexes of the collections asked for.
  const open = async () => {
    storage = await adapter.open();
    const col = storage.collection(Gadgets);
    await storage.ready();
    return col;
  };

  afterEach(async () => {
    try {
      await storage?.collection(Gadgets).deleteMany({});
      await storage?.collection(Entries).deleteMany({});
    } finally {
      await storage?.close();
    }
  });

  it('inserts and finds with filters, sort, skip and limit', async () => {
    const col = await open();
    await col.insertMany([1, 2, 3, 4, 5].map((n) => gadget({ slot: n, owner: 'bob', stock: n * 10 })));
    const page = await col.find(
      { owner: 'bob', stock: { $gte: 20 } },
      { sort: { slot: -1 }, skip: 1, limit: 2 },
    );
    expect(page.map((g) => g.slot)).toEqual([4, 3]);
    expect(await col.count({ owner: 'bob', slot: { $in: [1, 5, 9] } })).toBe(2);
    await col.insertOne(gadget({ slot: 6, owner: 'ann', stock: 60 }));
    const perOwner = await col.countBy({ stock: { $gte: 20 } }, 'owner');
    expect(Object.fromEntries(perOwner)).toEqual({ bob: 4, ann: 1 });
    expect((await col.countBy({ owner: 'nobody' }, 'owner')).size).toBe(0);
    expect(await col.valuesOf({ owner: 'bob' }, 'slot', { sort: { slot: -1 } })).toEqual([5, 4, 3, 2, 1]);
    expect(
      await col.valuesOf({ owner: 'bob', stock: { $gte: 20 } }, 'slot', {
        sort: { slot: -1 },
        skip: 1,
        limit: 2,
      }),
    ).toEqual([4, 3]);
    expect(await col.valuesOf({ owner: 'bob' }, 'note', { sort: { slot: 1 }, limit: 1 })).toEqual([null]);
    await col.updateOne({ owner: 'bob', slot: 2 }, { $set: { note: 'two', 'meta.color': 'red' } });
    const picked = await col.fieldsOf({ owner: 'bob', slot: { $lte: 2 } }, ['slot', 'note', 'meta'], {
      sort: { slot: 1 },
    });
    expect(picked.map(({ _id, ...fields }) => [typeof _id, fields])).toEqual([
      ['string', { slot: 1, note: null, meta: {} }],
      ['string', { slot: 2, note: 'two', meta: { color: 'red' } }],
    ]);
    expect(await col.findOne({ owner: 'bob' }, { sort: { slot: 1 } })).toMatchObject({ slot: 1 });
    expect(await col.findOne({ owner: 'nobody' })).toBeNull();
    expect((await col.find({ $or: [{ slot: 1 }, { slot: 2 }], owner: 'bob' })).length).toBe(2);
  });

  it('applies $set, $inc, $push, $pull and $addToSet, returning the new document', async () => {
    const col = await open();
    const g = await col.insertOne(gadget({ tags: ['a'] }));
    const after = await col.findOneAndUpdate(
      { _id: g._id },
      { $set: { note: 'hello', 'meta.color': 'red' }, $inc: { stock: 3 }, $push: { tags: 'b' } },
    );
    expect(after).toMatchObject({ note: 'hello', stock: 3, tags: ['a', 'b'], meta: { color: 'red' } });
    await col.updateOne({ _id: g._id }, { $addToSet: { tags: 'b' } });
    await col.updateOne({ _id: g._id }, { $pull: { tags: 'a' } });
    expect((await col.findOne({ _id: g._id }))?.tags).toEqual(['b']);
    expect(await col.findOneAndUpdate({ _id: 'missing' }, { $inc: { stock: 1 } })).toBeNull();
  });

  it('upserts from the filter and $setOnInsert', async () => {
    const col = await open();
    const created = await col.findOneAndUpdate(
      { _id: 'counter-1' },
      {
        $inc: { stock: 1 },
        $setOnInsert: { sku: 'counter-sku', owner: 'sys', slot: -1, tags: [], meta: {} },
      },
      { upsert: true },
    );
    expect(created).toMatchObject({ _id: 'counter-1', stock: 1, sku: 'counter-sku' });
    const again = await col.findOneAndUpdate(
      { _id: 'counter-1' },
      { $inc: { stock: 1 }, $setOnInsert: { sku: 'ignored', owner: 'sys', slot: -1, tags: [], meta: {} } },
      { upsert: true },
    );
    expect(again).toMatchObject({ stock: 2, sku: 'counter-sku' });
  });

  it('turns unique index violations, single and compound, into clean conflict errors that change nothing', async () => {
    const col = await open();
    await col.insertOne(gadget({ sku: 'dup', slot: 7 }));
    const single = await col.insertOne(gadget({ sku: 'dup' })).catch((e: unknown) => e);
    expect(single).toBeInstanceOf(AppError);
    expect((single as AppError).reason).toBe(ErrorReason.Conflict);
    const compound = await col.insertOne(gadget({ owner: 'ann', slot: 7 })).catch((e: unknown) => e);
    expect((compound as AppError).reason).toBe(ErrorReason.Conflict);
    const other = await col.insertOne(gadget({ sku: 'other' }));
    const viaUpdate = await col
      .updateOne({ _id: other._id }, { $set: { sku: 'dup' } })
      .catch((e: unknown) => e);
    expect((viaUpdate as AppError).reason).toBe(ErrorReason.Conflict);
    expect((await col.findOne({ _id: other._id }))?.sku).toBe('other');
    expect(await col.count({ sku: 'dup' })).toBe(1);
  });

  it('validates documents with the mongoose schema on insert and update', async () => {
    const col = await open();
    const missing = await col.insertOne({ _id: 'x1', owner: 'a' } as Gadget).catch((e: unknown) => e);
    expect((missing as AppError).reason).toBe(ErrorReason.BadRequest);
    const unknownField = await col
      .insertOne({ ...gadget(), hacker: true } as unknown as Gadget)
      .catch((e: unknown) => e);
    expect((unknownField as AppError).reason).toBe(ErrorReason.BadRequest);
    const g = await col.insertOne(gadget({ stock: 1 }));
    const negative = await col.updateOne({ _id: g._id }, { $set: { stock: -5 } }).catch((e: unknown) => e);
    expect((negative as AppError).reason).toBe(ErrorReason.BadRequest);
    expect((await col.findOne({ _id: g._id }))?.stock).toBe(1);
  });

  it('applies the schema to the whole document after $inc, and to upserts, as to inserts', async () => {
    const col = await open();
    const g = await col.insertOne(gadget({ stock: 2 }));
    const belowMin = await col
      .findOneAndUpdate({ _id: g._id }, { $inc: { stock: -5 } })
      .catch((e: unknown) => e);
    expect((belowMin as AppError).reason).toBe(ErrorReason.BadRequest);
    const many = await col.updateMany({ _id: g._id }, { $inc: { stock: -5 } }).catch((e: unknown) => e);
    expect((many as AppError).reason).toBe(ErrorReason.BadRequest);
    expect((await col.findOne({ _id: g._id }))?.stock).toBe(2);
    const incomplete = await col
      .findOneAndUpdate({ _id: 'half' }, { $inc: { stock: 1 } }, { upsert: true })
      .catch((e: unknown) => e);
    expect((incomplete as AppError).reason, 'an upsert missing required fields').toBe(ErrorReason.BadRequest);
    expect(await col.findOne({ _id: 'half' })).toBeNull();
    const unknownField = await col
      .updateOne({ _id: g._id }, { $set: { hacker: true } as never })
      .catch((e: unknown) => e);
    expect((unknownField as AppError).reason).toBe(ErrorReason.BadRequest);
  });

  it('stores a batch all or nothing', async () => {
    const col = await open();
    await col.insertOne(gadget({ sku: 'taken' }));
    const batch = [
      gadget({ sku: 'b1' }),
      gadget({ sku: 'b2' }),
      gadget({ sku: 'taken' }),
      gadget({ sku: 'b4' }),
    ];
    const failed = await col.insertMany(batch).catch((e: unknown) => e);
    expect((failed as AppError).reason).toBe(ErrorReason.Conflict);
    const invalid = await col
      .insertMany([gadget({ sku: 'v1' }), { ...gadget(), stock: -1 }])
      .catch((e: unknown) => e);
    expect((invalid as AppError).reason).toBe(ErrorReason.BadRequest);
    expect((await col.find({})).map((g) => g.sku)).toEqual(['taken']);
  });

  it('updates a document and inserts what follows from it, or neither when nothing matches', async () => {
    const col = await open();
    const entries = storage.collection(Entries);
    const g = await col.insertOne(gadget({ stock: 1, note: 'kept' }));
    const entryOf = (updated: Gadget): Entry => ({
      _id: `e-${updated.stock}`,
      gadgetId: updated._id,
      stock: updated.stock,
    });
    const written = await storage.updateThenInsert({
      update: { def: Gadgets, filter: { _id: g._id, stock: 1 }, set: { stock: 2 } },
      insert: { def: Entries, build: entryOf },
    });
    expect(written).toEqual({
      updated: { ...g, stock: 2 },
      inserted: { _id: 'e-2', gadgetId: g._id, stock: 2 },
    });
    // Checked against what it was computed from: a second writer that saw stock 1 writes nothing.
    const stale = await storage.updateThenInsert({
      update: { def: Gadgets, filter: { _id: g._id, stock: 1 }, set: { stock: 3 } },
      insert: { def: Entries, build: entryOf },
    });
    expect(stale).toBeNull();
    const quiet = await storage.updateThenInsert({
      update: { def: Gadgets, filter: { _id: g._id }, set: { stock: 4 } },
      insert: { def: Entries, build: () => null },
    });
    expect(quiet?.inserted).toBeNull();
    expect(await col.findOne({ _id: g._id })).toMatchObject({ stock: 4, note: 'kept' });
    expect((await entries.find({})).map((e) => e._id)).toEqual(['e-2']);
  });

  it('keeps an update and its insert together when the insert fails, where the store has transactions', async () => {
    const col = await open();
    const entries = storage.collection(Entries);
    const g = await col.insertOne(gadget({ stock: 1 }));
    await entries.insertOne({ _id: 'taken', gadgetId: 'other', stock: 0 });
    const taken = await storage
      .updateThenInsert({
        update: { def: Gadgets, filter: { _id: g._id }, set: { stock: 2 } },
        insert: { def: Entries, build: (u) => ({ _id: 'taken', gadgetId: u._id, stock: u.stock }) },
      })
      .catch((e: unknown) => e);
    expect((taken as AppError).reason).toBe(ErrorReason.Conflict);
    const thrown = await storage
      .updateThenInsert({
        update: { def: Gadgets, filter: { _id: g._id }, set: { stock: 3 } },
        insert: {
          def: Entries,
          build: () => {
            throw new Error('built from a bad step');
          },
        },
      })
      .catch((e: unknown) => e);
    expect((thrown as Error).message).toBe('built from a bad step');
    // One transaction: neither failed call changed the gadget. In turn (MongoDB): the update stays.
    expect((await col.findOne({ _id: g._id }))?.stock).toBe(adapter.linkedInOneTransaction ? 1 : 3);
    expect(await entries.count({})).toBe(1);
  });

  it('inserts a new document checked by its schema, then the document built from it', async () => {
    const col = await open();
    const entries = storage.collection(Entries);
    const written = await storage.insertThenInsert({
      create: { def: Gadgets, doc: gadget({ _id: 'g-new', stock: 5 }) },
      insert: { def: Entries, build: (g) => ({ _id: `e-${g._id}`, gadgetId: g._id, stock: g.stock }) },
    });
    expect(written.inserted).toEqual({ _id: 'e-g-new', gadgetId: 'g-new', stock: 5 });
    expect(await col.findOne({ _id: 'g-new' })).toEqual(written.created);
    const invalid = await storage
      .insertThenInsert({
        create: { def: Gadgets, doc: { ...gadget({ _id: 'g-bad' }), stock: 'many' } as never },
        insert: { def: Entries, build: () => ({ _id: 'e-bad', gadgetId: 'g-bad', stock: 0 }) },
      })
      .catch((e: unknown) => e);
    expect((invalid as AppError).reason, 'refused by the schema before anything is written').toBe(
      ErrorReason.BadRequest,
    );
    expect(await col.findOne({ _id: 'g-bad' })).toBeNull();
    expect(await entries.count({})).toBe(1);
  });

  it('keeps a new document and its insert together when the insert fails, where the store has transactions', async () => {
    const col = await open();
    const entries = storage.collection(Entries);
    await entries.insertOne({ _id: 'taken', gadgetId: 'other', stock: 0 });
    const taken = await storage
      .insertThenInsert({
        create: { def: Gadgets, doc: gadget({ _id: 'g-1' }) },
        insert: { def: Entries, build: (g) => ({ _id: 'taken', gadgetId: g._id, stock: g.stock }) },
      })
      .catch((e: unknown) => e);
    expect((taken as AppError).reason).toBe(ErrorReason.Conflict);
    expect(await col.count({ _id: 'g-1' })).toBe(adapter.linkedInOneTransaction ? 0 : 1);
    expect(await entries.count({})).toBe(1);
  });

  it('matches a missing field with null, as MongoDB does', async () => {
    const col = await open();
    const without = await col.insertOne(gadget());
    const withNote = await col.insertOne(gadget({ note: 'n' }));
    expect((await col.find({ note: null })).map((g) => g._id)).toEqual([without._id]);
    expect((await col.find({ note: { $ne: null } })).map((g) => g._id)).toEqual([withNote._id]);
    expect((await col.find({ note: { $in: [null, 'x'] as string[] } })).map((g) => g._id)).toEqual([
      without._id,
    ]);
    expect(await col.count({ note: { $exists: false } })).toBe(1);
  });

  it('keeps every acknowledged write across a restart', async () => {
    let col = await open();
    const kept = await col.insertOne(gadget({ sku: 'survivor' }));
    await col.updateOne({ _id: kept._id }, { $inc: { stock: 5 } });
    const gone = await col.insertOne(gadget());
    await col.deleteOne({ _id: gone._id });
    storage = await adapter.reopen(storage);
    col = storage.collection(Gadgets);
    expect(await col.findOne({ _id: kept._id })).toMatchObject({ sku: 'survivor', stock: 5 });
    expect(await col.findOne({ _id: gone._id })).toBeNull();
    const dup = await col.insertOne(gadget({ sku: 'survivor' })).catch((e: unknown) => e);
    expect((dup as AppError).reason).toBe(ErrorReason.Conflict);
  });

  it('finds substrings with $contains: Chinese as written, ASCII letters in either case, no patterns', async () => {
    const col = await open();
    await col.insertMany([
      gadget({ owner: 'sub', note: '一只橘猫在屋顶上 Orange CAT' }),
      gadget({ owner: 'sub', note: '海边的灯塔' }),
      gadget({ owner: 'sub', note: 'a.b*c (50%)' }),
      gadget({ owner: 'sub' }),
    ]);
    const notes = async (text: string) =>
      (await col.find({ owner: 'sub', note: { $contains: text } }, { sort: { note: 1 } })).map((g) => g.note);
    expect(await notes('橘猫')).toEqual(['一只橘猫在屋顶上 Orange CAT']);
    expect(await notes('orange cat')).toEqual(['一只橘猫在屋顶上 Orange CAT']);
    expect(await notes('灯塔')).toEqual(['海边的灯塔']);
    expect(await notes('.b*c (50%')).toEqual(['a.b*c (50%)']);
    expect(await notes('a.*c')).toEqual([]);
    expect(await notes('猫狗')).toEqual([]);
    expect(
      await col.count({ owner: 'sub', $or: [{ note: { $contains: '灯' } }, { note: { $contains: 'cat' } }] }),
    ).toBe(2);
  });

  it('deletes one or many', async () => {
    const col = await open();
    await col.insertMany([gadget({ owner: 'del' }), gadget({ owner: 'del' }), gadget({ owner: 'keep' })]);
    expect(await col.deleteOne({ owner: 'del' })).toEqual({ deleted: 1 });
    expect(await col.deleteMany({ owner: 'del' })).toEqual({ deleted: 1 });
    expect(await col.count({})).toBe(1);
  });

  it('serialises concurrent increments without losing any', async () => {
    const col = await open();
    const g = await col.insertOne(gadget());
    await Promise.all(
      Array.from({ length: 50 }, () => col.findOneAndUpdate({ _id: g._id }, { $inc: { stock: 1 } })),
    );
    expect((await col.findOne({ _id: g._id }))?.stock).toBe(50);
  });
});

describe('embedded store ownership', () => {
  it('refuses a second server on the same data folder while the first is open', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lock-'));
    const first = openEmbeddedStorage(dir, 'server');
    expect(() => openEmbeddedStorage(dir, 'server')).toThrow(StoreInUseError);
    await first.close();
    const second = openEmbeddedStorage(dir, 'server');
    await second.close();
  });

  it('lets an ops command write beside a running server, which reads the change at once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lock-'));
    const server = openEmbeddedStorage(dir, 'server');
    const ops = openEmbeddedStorage(dir, 'ops');
    const written = await ops.collection(Gadgets).insertOne(gadget({ sku: 'from-ops' }));
    expect(await server.collection(Gadgets).findOne({ _id: written._id })).toMatchObject({ sku: 'from-ops' });
    await ops.close();
    await server.close();
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lock-'));
    fs.writeFileSync(
      path.join(dir, 'LOCK'),
      JSON.stringify({ pid: 2 ** 22 + 12345, purpose: 'killed server' }),
    );
    const storage = openEmbeddedStorage(dir, 'server');
    await storage.close();
  });
});
