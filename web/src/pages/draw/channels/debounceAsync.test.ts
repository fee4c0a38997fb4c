import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounceAsync } from './debounceAsync';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('debounceAsync', () => {
  it('runs once, 600 ms after the last call, and answers every caller', async () => {
    const run = vi.fn(async (id: string) => `deleted ${id}`);
    const remove = debounceAsync(run, 600);
    const first = remove('a');
    await vi.advanceTimersByTimeAsync(400);
    const second = remove('b');
    await vi.advanceTimersByTimeAsync(599);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith('b');
    await expect(first).resolves.toBe('deleted b');
    await expect(second).resolves.toBe('deleted b');
  });

  it('hands a failure to every waiting caller', async () => {
    const remove = debounceAsync(async () => Promise.reject(new Error('nope')), 600);
    const calls = [remove(), remove()];
    const settled = Promise.allSettled(calls);
    await vi.advanceTimersByTimeAsync(600);
    expect((await settled).map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
