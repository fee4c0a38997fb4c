import { describe, expect, it } from 'vitest';
import { FairQueue, perPersonLimit } from './fair-queue';

/** A queue and a way to add tasks `${person}${n}` in channel `channel`. */
function queueOf(concurrency: number) {
  const queue = new FairQueue(perPersonLimit(concurrency));
  const counts = new Map<string, number>();
  const add = (person: string, channel: string, howMany: number, resumed = false) => {
    for (let i = 0; i < howMany; i++) {
      const n = (counts.get(person) ?? 0) + 1;
      counts.set(person, n);
      queue.add({ id: `${person}${n}`, userId: person, channelId: channel, resumed });
    }
  };
  const next = () => queue.next()?.id;
  /** Runs one task at a time to the end: the order they start in. */
  const drain = () => {
    const order: string[] = [];
    for (let id = next(); id; id = next()) {
      order.push(id);
      queue.done(id);
    }
    return order;
  };
  return { queue, add, next, drain };
}

describe('the engine queue', () => {
  it('lets one slot in two, or in three, go to one person, and always one', () => {
    expect([1, 2, 3, 4, 8].map(perPersonLimit)).toEqual([1, 1, 2, 2, 4]);
  });

  it('takes people in turns, each person’s tasks in submit order', () => {
    const { add, drain } = queueOf(1);
    add('a', 'x', 4);
    add('b', 'x', 2);
    expect(drain()).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('gives a newcomer the next turn, however many tasks the others have', () => {
    const { add, next, queue, drain } = queueOf(1);
    add('a', 'x', 30);
    queue.done(next()!);
    queue.done(next()!);
    add('b', 'x', 1);
    expect(drain().slice(0, 2)).toEqual(['b1', 'a3']);
  });

  it('between people equally due, serves the channel served least recently: three busy people in one channel do not starve one in another', () => {
    const { add, drain } = queueOf(1);
    add('p', 'x', 2);
    add('q', 'x', 2);
    add('r', 'x', 2);
    add('s', 'y', 2);
    expect(drain()).toEqual(['p1', 's1', 'q1', 'r1', 'p2', 's2', 'q2', 'r2']);
  });

  it('keeps a person to their share of the slots while someone else waits, and lets them use every slot alone', () => {
    const { add, next, queue } = queueOf(4);
    add('a', 'x', 10);
    expect([next(), next(), next(), next()]).toEqual(['a1', 'a2', 'a3', 'a4']);
    add('b', 'x', 10);
    queue.done('a1');
    expect(next()).toBe('b1');
    queue.done('a2');
    // a was served before b, yet holds its two slots while b waits.
    queue.done('a3');
    expect([next(), next()]).toEqual(['a5', 'b2']);
    // Again: a is due before b, but at its two.
    queue.done('b1');
    expect(next()).toBe('b3');
    expect(queue.waitingCount).toBe(12);
  });

  it('forgets a person who has nothing left: their next task is a newcomer’s', () => {
    const { add, next, queue, drain } = queueOf(1);
    add('a', 'x', 1);
    add('b', 'x', 5);
    queue.done(next()!);
    queue.done(next()!);
    add('a', 'x', 1);
    expect(drain().slice(0, 2)).toEqual(['a2', 'b2']);
  });

  it('starts the tasks that were running before a restart first, their people counted as served', () => {
    const { add, drain } = queueOf(1);
    add('a', 'x', 2);
    add('b', 'x', 1);
    add('a', 'x', 1, true);
    expect(drain()).toEqual(['a3', 'b1', 'a1', 'a2']);
  });

  it('drops a cancelled task that waits, not one that runs', () => {
    const { add, next, queue, drain } = queueOf(1);
    add('a', 'x', 3);
    expect(next()).toBe('a1');
    expect(queue.remove('a1')).toBe(false);
    expect(queue.remove('a2')).toBe(true);
    expect(queue.has('a2')).toBe(false);
    queue.done('a1');
    expect(drain()).toEqual(['a3']);
    expect(queue.waitingCount).toBe(0);
  });
});
