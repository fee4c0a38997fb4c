import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from './envelope';
import { keptAnswer, serializeAnswer } from './kept-json';

const channels = () => [
  { id: 'c1', title: 'Studio', members: [{ id: 'u1', nick: 'Ann' }], engine: null },
  { id: 'c2', title: '画室 "two"', members: [], engine: 'comfy' },
];

describe('kept answers', () => {
  afterEach(() => vi.restoreAllMocks());

  it('serialise to exactly what JSON.stringify writes for the envelope', () => {
    const answer = ok(keptAnswer(channels()));
    expect(serializeAnswer(answer)).toBe(JSON.stringify(ok(channels())));
    expect(serializeAnswer(answer)).toBe(JSON.stringify(answer));
  });

  it('turn their value into JSON once, however many answers carry it', () => {
    const list = keptAnswer(channels());
    const stringify = vi.spyOn(JSON, 'stringify');
    serializeAnswer(ok(list));
    const first = stringify.mock.calls.filter(([value]) => value === list).length;
    serializeAnswer(ok(list));
    serializeAnswer(ok(list));
    expect(first).toBe(1);
    expect(stringify.mock.calls.filter(([value]) => value === list)).toHaveLength(1);
  });

  it('cannot be changed behind their text, at any depth', () => {
    const list = keptAnswer(channels());
    expect(() => list.push(channels()[0]!)).toThrow(TypeError);
    expect(() => (list[0]!.members[0]!.nick = 'Eve')).toThrow(TypeError);
    expect(serializeAnswer(ok(list))).not.toContain('Eve');
  });

  it('leave every other answer to JSON.stringify, equal values included', () => {
    const plain = channels();
    const stringify = vi.spyOn(JSON, 'stringify');
    expect(serializeAnswer(ok(plain))).toBe(JSON.stringify(ok(channels())));
    plain[0]!.title = 'Renamed';
    expect(serializeAnswer(ok(plain))).toContain('Renamed');
    expect(stringify.mock.calls.some(([value]) => value === plain)).toBe(false);
  });
});
