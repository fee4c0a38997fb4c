import { describe, expect, it } from 'vitest';
import { reconcileMongoIndexes, topologyProblem, type MongoLog } from './mongo';

describe('MongoDB topology check', () => {
  it('refuses several processes on a standalone server, with a message saying what to do', () => {
    expect(topologyProblem({}, 2)).toMatch(/replica set.*WORKERS=1/s);
  });

  it('lets one process use a standalone server, and any number use a replica set or a sharded cluster', () => {
    expect(topologyProblem({}, 1)).toBeNull();
    expect(topologyProblem({ setName: 'rs0' }, 4)).toBeNull();
    expect(topologyProblem({ msg: 'isdbgrid' }, 4)).toBeNull();
  });
});

function fakeModel(diff: { toDrop: string[]; toCreate: object[] }, createError?: { code: number }) {
  const calls: string[] = [];
  return {
    calls,
    model: {
      createCollection: async () => {
        calls.push('createCollection');
        if (createError) throw createError;
        return undefined as never;
      },
      diffIndexes: async () => {
        calls.push('diffIndexes');
        return diff;
      },
      syncIndexes: async () => {
        calls.push('syncIndexes');
        return diff.toDrop;
      },
    },
  };
}

const recordingLog = () => {
  const lines: { obj: object; msg: string }[] = [];
  const log: MongoLog = {
    info: (obj, msg) => lines.push({ obj, msg }),
    warn: () => undefined,
    error: () => undefined,
  };
  return { lines, log };
};

describe('MongoDB index reconciliation', () => {
  it('leaves matching indexes alone and logs nothing', async () => {
    const { model, calls } = fakeModel({ toDrop: [], toCreate: [] }, { code: 48 });
    const { lines, log } = recordingLog();
    await reconcileMongoIndexes(model as never, 'tasks', log);
    expect(calls).toEqual(['createCollection', 'diffIndexes']);
    expect(lines).toEqual([]);
  });

  it('replaces changed indexes and logs what it dropped and created', async () => {
    const { model, calls } = fakeModel({ toDrop: ['sku_1'], toCreate: [{ sku: 1 }] });
    const { lines, log } = recordingLog();
    await reconcileMongoIndexes(model as never, 'gadgets', log);
    expect(calls).toContain('syncIndexes');
    expect(lines).toEqual([
      {
        obj: { collection: 'gadgets', dropped: ['sku_1'], created: ['{"sku":1}'] },
        msg: 'store indexes changed',
      },
    ]);
  });

  it('fails with the store error when the collection cannot be created', async () => {
    const { model } = fakeModel({ toDrop: [], toCreate: [] }, { code: 13 });
    await expect(reconcileMongoIndexes(model as never, 'tasks')).rejects.toEqual({ code: 13 });
  });
});
