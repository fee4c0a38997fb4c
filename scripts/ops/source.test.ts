import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Events } from '../../server/src/realtime/repository';
import { readEmbeddedCollection } from '../../server/src/storage/snapshot';
import { readEmbeddedFile } from './source';
import { tempDataDir } from './testing';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function storeWith(content: string): string {
  const dir = tempDataDir();
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'db'));
  fs.writeFileSync(path.join(dir, 'db', 'events.db'), content);
  return dir;
}

const event = (id: string, extra: object = {}) => JSON.stringify({ _id: id, channelId: 'c', seq: 1, type: 'member.joined', at: 1, data: { name: 'ann' }, ...extra });

describe('reading the embedded files for the ops tools', () => {
  it('gives what NeDB-compatible reading gives, on every kind of line a store holds', async () => {
    const content = [
      '{"$$indexCreated":{"fieldName":"channelId,seq","unique":true,"sparse":false}}',
      event('c:1'),
      event('c:2', { data: { when: { $$date: 1_700_000_000_000 } } }), // a Date as NeDB stores it
      event('c:3', { data: { name: 'caf\u00e9 \u2603 😀' } }),
      '{"_id":"c:4","channelId":"c","seq":4,"type":"x","at":1,"data":{"name":"\\u0041\\u0024\\u0024date"}}', // escaped text
      event('c:1', { at: 2 }), // an update: the last line wins, in the first line's place
      '   ',
      JSON.stringify({ _id: 'c:2', $$deleted: true }),
      event('c:5').replace('\n', '') + '\r', // a CRLF line
      event('c:6') + '\r' + event('c:7'), // a lone CR splits lines too
      '',
      event('c:2', { at: 3 }), // re-inserted after its deletion: now at the end
      '{"_id":"c:8","chan', // torn last line
    ].join('\n');
    const dir = storeWith(content);
    const expected = await readEmbeddedCollection(dir, Events);
    const actual = await readEmbeddedFile(dir, Events);
    expect(actual).toEqual(expected);
    expect(actual.map((e) => e._id)).toEqual(['c:1', 'c:3', 'c:4', 'c:5', 'c:6', 'c:7', 'c:2']);
    expect(actual[0]?.at).toBe(2);
  });

  it('turns stored dates into Dates as NeDB does', async () => {
    const dir = storeWith(`${event('c:1', { data: { when: { $$date: 1_700_000_000_000 } } })}\n`);
    const [doc] = await readEmbeddedFile(dir, Events);
    expect((doc?.data as unknown as { when: Date }).when).toEqual(new Date(1_700_000_000_000));
  });

  it('reads lines longer than a read chunk and a file without a final newline', async () => {
    const long = 'x'.repeat(3 * 2 ** 20);
    const dir = storeWith(`${event('c:1', { data: { name: long } })}\n${event('c:2')}`);
    const docs = await readEmbeddedFile(dir, Events);
    expect(docs.map((d) => d._id)).toEqual(['c:1', 'c:2']);
    expect((docs[0]?.data as unknown as { name: string }).name).toHaveLength(long.length);
  });

  it('reads nothing from a collection that was never written', async () => {
    const dir = tempDataDir();
    dirs.push(dir);
    expect(await readEmbeddedFile(dir, Events)).toEqual([]);
  });
});
